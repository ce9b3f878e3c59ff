import { useEffect, useId, useState } from "react";
import { useLocation } from "react-router";
import { NAV_SCROLL_THRESHOLD_PX } from "../../lib/browser/ui-timing";
import { navigationLabels } from "../../../domain/site-copy/shared";
import { scrollToTop } from "../../lib/browser/motion";
import { useMenus, useSite } from "../../lib/site";
import { useHydrated } from "../../lib/browser/use-hydrated";
import { useScrolledPast } from "../../lib/browser/use-scrolled-past";
import { DemoLink } from "../ui/demo-link";
import { MenuLink } from "../ui/menu-link";
import { SiteLink } from "../ui/site-link";
import { Logo } from "./logo";

const navLinkClass = (current: boolean) =>
  `rounded-md px-3 py-2 text-sm font-medium transition-colors hover:text-indigo-700 ${
    current ? "text-indigo-700" : "text-slate-700"
  }`;

/** In the mobile menu every row is a 44 px touch target with body-size text. */
const menuLinkClass = (current: boolean) =>
  `flex min-h-11 items-center rounded-md px-3 text-base font-medium transition-colors hover:bg-indigo-50 hover:text-indigo-700 ${
    current ? "text-indigo-700" : "text-slate-800"
  }`;

/** The top bar's links, shown inline on wide screens and in the menu on small ones. */
function PrimaryLinks({ className, linkClass }: { className: string; linkClass: (current: boolean) => string }) {
  const { header } = useMenus();
  return (
    <ul className={className}>
      {header.map((link, index) => (
        <li key={`${index}-${link.href}`}>
          <MenuLink item={link} className={linkClass} />
        </li>
      ))}
    </ul>
  );
}

export function SiteHeader() {
  const site = useSite();
  const { pathname } = useLocation();
  const scrolled = useScrolledPast(NAV_SCROLL_THRESHOLD_PX);
  const [menuOpen, setMenuOpen] = useState(false);
  const hydrated = useHydrated();
  const menuId = useId();

  useEffect(() => setMenuOpen(false), [pathname]);
  useEffect(() => {
    if (!menuOpen) return;
    const closeOnEscape = (event: KeyboardEvent) => event.key === "Escape" && setMenuOpen(false);
    window.addEventListener("keydown", closeOnEscape);
    return () => window.removeEventListener("keydown", closeOnEscape);
  }, [menuOpen]);

  function onLogoClick(event: React.MouseEvent) {
    // On the home page the logo scrolls back up; elsewhere it goes home (which starts at the top).
    if (pathname === "/") {
      event.preventDefault();
      scrollToTop();
    }
  }

  return (
    <header
      data-scrolled={scrolled ? "true" : "false"}
      className={`sticky top-0 z-50 transition-[background-color,box-shadow] duration-300 ${
        scrolled || menuOpen
          ? "bg-white/95 shadow-md backdrop-blur"
          : "bg-white/60 shadow-none"
      }`}
    >
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between px-4 sm:px-6">
        <SiteLink to="/" onClick={onLogoClick} aria-label={`${site.siteName} home`} className="inline-flex min-h-11 items-center rounded-md">
          <Logo name={site.siteName} />
        </SiteLink>
        <nav aria-label={navigationLabels.primary} className="hidden md:block">
          <PrimaryLinks className="flex items-center gap-1" linkClass={navLinkClass} />
        </nav>
        <div className="hidden items-center gap-3 md:flex">
          <a
            href={site.signinUrl}
            className="rounded-full border border-indigo-700 px-4 py-2 text-sm font-semibold text-indigo-700 hover:bg-indigo-50"
          >
            {navigationLabels.signIn}
          </a>
        </div>
        <button
          type="button"
          className="inline-flex h-11 w-11 items-center justify-center rounded-md text-slate-800 md:hidden"
          aria-expanded={menuOpen}
          aria-controls={menuId}
          disabled={!hydrated}
          aria-label={menuOpen ? navigationLabels.closeMenu : navigationLabels.openMenu}
          onClick={() => setMenuOpen((open) => !open)}
        >
          <svg aria-hidden="true" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
            {menuOpen ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
          </svg>
        </button>
      </div>
      <div id={menuId} hidden={!menuOpen} className="border-t border-slate-200 bg-white md:hidden">
        <nav aria-label={navigationLabels.primary} className="px-4 py-4">
          <PrimaryLinks className="flex flex-col gap-1" linkClass={menuLinkClass} />
          <div className="mt-4 flex flex-col gap-3">
            <a
              href={site.signinUrl}
              className="flex min-h-11 items-center justify-center rounded-full border border-indigo-700 px-4 text-base font-semibold text-indigo-700"
            >
              {navigationLabels.signIn}
            </a>
            <DemoLink className="flex min-h-11 items-center justify-center rounded-full bg-indigo-700 px-4 text-base font-semibold text-white hover:bg-indigo-800">
              {navigationLabels.requestDemo}
            </DemoLink>
          </div>
        </nav>
      </div>
    </header>
  );
}
