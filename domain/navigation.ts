import { footerNavigation, primaryNavigation } from "./site-copy/shared";

/**
 * The menus the team edits (issue 44, docs/decisions/218): the top bar's links and the footer's.
 * The public header reads this module on every page: the rules live in navigation-rules.ts.
 */
export type MenuItem = { label: string; href: string };
export type Menus = { header: MenuItem[]; footer: MenuItem[] };
export type MenuName = keyof Menus;
export const MENU_NAMES = ["header", "footer"] as const satisfies readonly MenuName[];

/** The specification's links, exactly as the header and footer showed them: what a site starts with. */
export const DEFAULT_MENUS: Menus = {
  header: primaryNavigation.map(({ to, label }) => ({ label, href: to })),
  footer: footerNavigation.map(({ to, label }) => ({ label, href: to })),
};

/** A saved version of the menus, as the history lists it (docs/decisions/219). */
export type NavigationRevision = { id: string; saved_at: string; saved_by: string | null; header: MenuItem[]; footer: MenuItem[] };
