import { ExternalLink } from "./external-link";
import { SiteLink } from "./site-link";

/**
 * A link to wherever an editor may point one (domain/page-blocks.ts isSafeLinkTarget): a page of
 * this site (a `SiteLink`), another site (a new tab), an anchor of this page or an email.
 */
export function ActionLink({ to, ...rest }: Omit<React.ComponentPropsWithoutRef<"a">, "href"> & { to: string }) {
  if (to.startsWith("/")) return <SiteLink to={to} {...rest} />;
  if (/^https?:/i.test(to)) return <ExternalLink href={to} {...rest} />;
  return <a href={to} {...rest} />;
}
