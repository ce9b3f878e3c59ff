import { may, type AdminAction, type Role } from "../../../domain/roles";

/**
 * The admin's screens, in the bar's order, with the action each needs (domain/roles.ts): the bar
 * shows a person only the screens their role may use, and a screen they may not use says so
 * instead of failing on its first call.
 */
export const ADMIN_SCREENS = [
  { path: "/admin/blog", action: "posts.read" },
  { path: "/admin/pages", action: "pages.read" },
  { path: "/admin/navigation", action: "navigation.edit" },
  { path: "/admin/forms", action: "forms.edit" },
  { path: "/admin/messages", action: "leads.read" },
  { path: "/admin/reports", action: "reports.read" },
  { path: "/admin/analytics", action: "analytics.read" },
  { path: "/admin/people", action: "people.read" },
  { path: "/admin/account", action: "account.own" },
  { path: "/admin/audit", action: "audit.read" },
] as const satisfies readonly { path: string; action: AdminAction }[];

export type AdminScreen = (typeof ADMIN_SCREENS)[number];

/** The screen a path belongs to (its own or a sub-path), if any. */
export function screenOf(pathname: string): AdminScreen | undefined {
  return ADMIN_SCREENS.find((screen) => pathname === screen.path || pathname.startsWith(`${screen.path}/`));
}

export const screensFor = (role: Role) => ADMIN_SCREENS.filter((screen) => may(role, screen.action));

/** Where a person lands after signing in: the first screen their role may use (the posts for most). */
export const homeFor = (role: Role): string => screensFor(role)[0]?.path ?? "/admin/account";
