import type { MetaDescriptor } from "react-router";
import type { SiteConfig } from "../../domain/site";
import type { PageMetaInput } from "../../domain/page-meta";

export type { PageMetaInput };


const DEFAULT_SOCIAL_IMAGE = "/social-card.png";

/** Title, description, canonical, social cards and JSON-LD for one page. */
export function pageMeta(site: SiteConfig, page: PageMetaInput): MetaDescriptor[] {
  const title = page.path === "/" ? page.title : `${page.title} | ${site.siteName}`;
  const url = absoluteUrl(site, page.path);
  const image = absoluteUrl(site, page.image || DEFAULT_SOCIAL_IMAGE);
  const type = page.type ?? "website";
  const descriptors: MetaDescriptor[] = [
    { title },
    { name: "description", content: page.description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: site.siteName },
    { property: "og:type", content: type },
    { property: "og:title", content: title },
    { property: "og:description", content: page.description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: page.description },
    { name: "twitter:image", content: image },
    { "script:ld+json": organizationJsonLd(site) },
  ];
  if (page.keywords?.length) {
    descriptors.push({ name: "keywords", content: page.keywords.join(", ") });
  }
  if (page.noindex) descriptors.push({ name: "robots", content: "noindex, nofollow" });
  if (page.article) {
    const { publishedTime, modifiedTime, author, section } = page.article;
    if (publishedTime) descriptors.push({ property: "article:published_time", content: publishedTime });
    if (modifiedTime) descriptors.push({ property: "article:modified_time", content: modifiedTime });
    if (author) descriptors.push({ property: "article:author", content: author });
    if (section) descriptors.push({ property: "article:section", content: section });
  }
  for (const data of page.structuredData ?? []) descriptors.push({ "script:ld+json": data });
  return descriptors;
}

export function absoluteUrl(site: Pick<SiteConfig, "siteUrl">, pathOrUrl: string): string {
  return new URL(pathOrUrl, `${site.siteUrl}/`).toString();
}

function organizationJsonLd(site: SiteConfig) {
  return {
    "@context": "https://schema.org",
    "@type": "Organization",
    name: site.siteName,
    url: `${site.siteUrl}/`,
    logo: absoluteUrl(site, "/logo.svg"),
    email: site.supportEmail,
    contactPoint: {
      "@type": "ContactPoint",
      contactType: "customer support",
      email: site.supportEmail,
      telephone: site.supportPhone,
    },
  };
}

type MatchLike = { id: string; data?: unknown } | undefined;

/** The site configuration from the root route's data, for use in `meta` functions. */
export function siteFromMatches(matches: readonly MatchLike[]): SiteConfig {
  const root = matches.find((match) => match?.id === "root");
  const data = root?.data as { site?: SiteConfig } | undefined;
  if (!data?.site) throw new Error("The root route's data is missing the site configuration");
  return data.site;
}
