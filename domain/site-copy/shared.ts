/**
 * Copy used across the site: common labels, the navigation of the top bar and the footer, and
 * the name and address each linked page takes from it. One module, so that every page loads it
 * once, in the chunk the layout already needs, also when the page's own metadata reads it.
 */
import type { PageMetaInput } from "../page-meta";

/** Labels used on several pages. */
export const commonCopy = {
  requestDemo: "Request demo",
  seeHowItWorks: "See how it works",
  contactUs: "Contact us",
  exploreSolutions: "Explore solutions",
  learnMore: "Learn more",
  exploreFeatures: "Explore features",
} as const;

/** Text alternative of the forgetting-curve chart (home and /science). */
export const forgettingCurveLabel =
  "Chart of recall over 30 days. After a single training session, recall falls to about 10% by day 30. With conversation practice spaced over the month, recall stays above 80%.";

/** Links of the top bar and the footer. */
export const primaryNavigation = [
  { to: "/how-it-works", label: "How it works" },
  { to: "/features", label: "Features" },
  { to: "/science", label: "About" },
  { to: "/blog", label: "Blog" },
] as const;

export const footerNavigation = [
  { to: "/privacy", label: "Privacy Policy" },
  { to: "/terms", label: "Terms of Use" },
  { to: "/security", label: "Security" },
  { to: "/support", label: "Support" },
  { to: "/contact", label: "Contact" },
] as const;

/** An address the top bar or the footer links to. */
export type LinkedPath = (typeof primaryNavigation)[number]["to"] | (typeof footerNavigation)[number]["to"];

/**
 * The metadata of a page the top bar or the footer links to: its canonical path is the link's
 * address and its title the link's words, so the menu, the footer and the browser tab name the
 * page one way, unless the page gives a title of its own (the disclosure policy's is longer than
 * "Security"). The page's module adds what only it says (description, keywords).
 */
export function linkedPageMeta<Page extends Omit<PageMetaInput, "title" | "path"> & { title?: string }>(
  path: LinkedPath,
  page: Page,
): Page & { title: string; path: LinkedPath } {
  const link = [...primaryNavigation, ...footerNavigation].find((each) => each.to === path)!;
  return { title: link.label, path, ...page };
}

/** The labels of the top bar and the footer themselves. */
export const navigationLabels = {
  signIn: "Sign in",
  requestDemo: commonCopy.requestDemo,
  openMenu: "Open menu",
  closeMenu: "Close menu",
  primary: "Primary",
  footer: "Footer",
  backToTop: "Back to top",
  skipToContent: "Skip to content",
} as const;
