import { footerNavigation, primaryNavigation } from "./site-copy/shared";

/**
 * The menus the team edits (issue 44, docs/decisions/218): the top bar's links and the footer's.
 * Free of zod: the public header reads the types and the defaults on every page.
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

/** The top bar holds one row on a laptop; the footer wraps. */
export const NAVIGATION_LIMITS = { header: 8, footer: 16, label: 40, href: 500 } as const;

export const MENU_LABELS: Record<MenuName, string> = { header: "Header", footer: "Footer" };

/** Outside addresses a menu may link to; anything else with a scheme (javascript:, data:, …) is refused. */
export const SAFE_SCHEMES = ["http:", "https:", "mailto:", "tel:"] as const;

export const navigationMessages = {
  labelRequired: "Label is required",
  hrefRequired: "Address is required",
  unsafeScheme: "This kind of address is not allowed: link to a page of this site, or an http, https, mailto or tel address",
  hrefFormat: "An address starts with / for this site, or is a full http, https, mailto or tel address",
  notAnswered: "No page, post or category answers this address",
  tooMany: (menu: MenuName) => `The ${MENU_LABELS[menu].toLowerCase()} menu holds at most ${NAVIGATION_LIMITS[menu]} links`,
  notAList: (menu: MenuName) => `The ${MENU_LABELS[menu].toLowerCase()} menu must be a list of links`,
  revisionNotFound: "Revision not found",
  loadFailed: "The menus could not be loaded. Please try again.",
  saveFailed: "The menus could not be saved.",
  saved: "Menus saved and published",
} as const;

/** How an address is read: a path of this site, a safe outside address, or neither. */
export type HrefKind = "internal" | "outside" | "unsafe" | "malformed";

const SCHEME = /^([a-z][a-z0-9+.-]*):/i;

export function hrefKind(href: string): HrefKind {
  if (href.startsWith("/")) return href.startsWith("//") || href.startsWith("/\\") ? "malformed" : "internal";
  const scheme = SCHEME.exec(href)?.[1];
  if (!scheme) return "malformed";
  if (!(SAFE_SCHEMES as readonly string[]).includes(`${scheme.toLowerCase()}:`)) return "unsafe";
  if (scheme.toLowerCase().startsWith("http")) {
    try {
      return new URL(href).hostname ? "outside" : "malformed";
    } catch {
      return "malformed";
    }
  }
  return href.length > scheme.length + 1 ? "outside" : "malformed";
}

/** The path of an address of this site, without its query or fragment (what must answer). */
export function internalPath(href: string): string {
  const path = href.split(/[?#]/, 1)[0]!;
  return path.length > 1 ? path.replace(/\/+$/, "") : path;
}

/** Where a link's error is named: `header[2].label`. */
export const itemField = (menu: MenuName, index: number, key: keyof MenuItem) => `${menu}[${index}].${key}`;

/** The error line naming the item: `Header link 3 ("Pricing"): …`. */
export function itemError(menu: MenuName, index: number, label: string, message: string): string {
  const name = label.trim() ? ` ("${label.trim()}")` : "";
  return `${MENU_LABELS[menu]} link ${index + 1}${name}: ${message}`;
}

/** A saved version of the menus, as the history lists it (docs/decisions/219). */
export type NavigationRevision = { id: string; saved_at: string; saved_by: string | null; header: MenuItem[]; footer: MenuItem[] };
