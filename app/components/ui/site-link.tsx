import { useEffect } from "react";
import { useLocation, useNavigate } from "react-router";

type SiteLinkProps = Omit<React.ComponentPropsWithoutRef<"a">, "href"> & {
  /** A path of this site, with its query or hash if any. */
  to: string;
  /** The page shown now is this link's page or one of its sections (`aria-current="page"`). */
  current?: boolean;
};

/**
 * A link to a page of this site, rendered as a plain `<a>`. React Router's `<Link>` runs half a
 * dozen hooks and resolves its address for every link at every render: with the header's and
 * footer's links, about 6 % of a page's server render (docs/decisions/079-site-links.md). Once
 * the page has hydrated, the one listener of `useSiteLinks` follows these links in the app as
 * `<Link>` would; before that, or with a modifier key, they are ordinary links. `data-discover`
 * lets React Router fetch the routes they lead to ahead of a click, as it does for its own links.
 */
export function SiteLink({ to, current, ...rest }: SiteLinkProps) {
  return <a aria-current={current ? "page" : undefined} {...rest} href={to} data-site-link="" data-discover="true" />;
}

/**
 * A navigation bar's `SiteLink`: current when the page shown is its page or in its section, as
 * React Router's `<NavLink>` decides, and styled by `className(current)`.
 */
export function SiteNavLink({
  to,
  className,
  ...rest
}: Omit<SiteLinkProps, "current" | "className"> & { className: (current: boolean) => string }) {
  const { pathname } = useLocation();
  const current = pathname === to || (to !== "/" && pathname.startsWith(`${to}/`));
  return <SiteLink {...rest} to={to} current={current} className={className(current)} />;
}

/**
 * Follows a click on any `SiteLink` in the app (no page load): a plain left click that no handler
 * has taken, on a link that opens in this tab. Rendered once, by the root.
 */
export function useSiteLinks(): void {
  const navigate = useNavigate();
  useEffect(() => {
    const follow = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
      const link = event.target instanceof Element ? event.target.closest("a[data-site-link]") : null;
      if (!(link instanceof HTMLAnchorElement) || (link.target && link.target !== "_self")) return;
      if (link.origin !== window.location.origin) return;
      event.preventDefault();
      const to = `${link.pathname}${link.search}${link.hash}`;
      const here = `${window.location.pathname}${window.location.search}${window.location.hash}`;
      // The page already shown is replaced, not stacked, as <Link> does.
      void navigate(to, { replace: to === here });
    };
    // On window: after React's own handlers (on the document) have had their turn.
    window.addEventListener("click", follow);
    return () => window.removeEventListener("click", follow);
  }, [navigate]);
}
