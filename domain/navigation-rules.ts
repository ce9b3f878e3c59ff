import type { MenuItem, MenuName } from "./navigation";

/**
 * The rules of the menus (docs/decisions/218): limits, messages and how an address is read,
 * for the menus screen and the server. Apart from domain/navigation.ts, which every public page
 * loads, so that none of this reaches them.
 */

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
