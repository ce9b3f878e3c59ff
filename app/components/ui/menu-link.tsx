import type { MenuItem } from "../../../domain/navigation";
import { SiteNavLink } from "./site-link";

/**
 * A link of a menu the team edits: an address of this site follows in the app and is marked
 * current where it leads; an outside one (http, mailto, tel) is a plain link.
 */
export function MenuLink({ item, className }: { item: MenuItem; className: (current: boolean) => string }) {
  if (!item.href.startsWith("/")) {
    return (
      <a href={item.href} className={className(false)}>
        {item.label}
      </a>
    );
  }
  return (
    <SiteNavLink to={item.href} className={className}>
      {item.label}
    </SiteNavLink>
  );
}
