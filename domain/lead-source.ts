/**
 * How a lead's source is decided and said (docs/decisions/142), on top of the shared rules of
 * domain/analytics.ts. Pure: no I/O.
 */
import { campaignOf, EMPTY_SOURCE, hasCampaign, landingPath, SOURCE_FIELDS, type VisitSource } from "./analytics";

/** True when nothing of the source is known. */
export function isEmptySource(source: VisitSource): boolean {
  return SOURCE_FIELDS.every((field) => source[field] === "");
}

/**
 * What the server can tell of a form post's source when the form's hidden fields came empty (no
 * JavaScript ran): the `Referer` of the post, which is the form page's own address. Its UTM
 * values are kept, and its path counts as the landing page only when it carries UTM values (a
 * campaign link that led straight to the form); otherwise the visitor came from another page of
 * the site, and where they landed is not known. The referrer of the visit is never visible here.
 * Only the path and query are read: a post from another site is refused before this.
 */
export function sourceFromFormPage(referer: string | null | undefined): VisitSource {
  if (!referer) return EMPTY_SOURCE;
  let url: URL;
  try {
    url = new URL(referer);
  } catch {
    return EMPTY_SOURCE;
  }
  const campaign = campaignOf(url.search);
  return { ...EMPTY_SOURCE, ...campaign, landing_path: hasCampaign(campaign) ? landingPath(url.pathname) : "" };
}

/** The campaign part of a source in words ("newsletter / email / launch"), leaving out empty values; "" when none. */
export function campaignText(source: Pick<VisitSource, "utm_source" | "utm_medium" | "utm_campaign">): string {
  return [source.utm_source, source.utm_medium, source.utm_campaign].filter(Boolean).join(" / ");
}

/**
 * Where a message came from in words (docs/decisions/142): its landing page, campaign and
 * referring site, "direct" when it came with neither, "unknown" when nothing was recorded (messages
 * from before sources were kept, or a browser that kept none). The inbox and the notification
 * email say it alike.
 */
export function sourceText(source: VisitSource): string {
  if (isEmptySource(source)) return "Source: unknown";
  const campaign = campaignText(source);
  const via = source.referrer_host ? `via ${source.referrer_host}` : "";
  const parts = [source.landing_path, campaign, via].filter(Boolean);
  return `Source: ${[...parts, ...(campaign || via ? [] : ["direct"])].join(" · ")}`;
}
