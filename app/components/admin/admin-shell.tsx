import { createContext, Fragment, useContext, useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { adminTexts } from "../../../domain/admin-messages";
import { accountCopy } from "../../content/account";
import { adminShellCopy as copy } from "../../content/admin-shell";
import { adminApi } from "../../lib/admin/client";
import { useAdminQuery } from "../../lib/admin/hooks";
import { useAdminLogout } from "../../lib/admin/use-logout";
import { useSite } from "../../lib/site";
import { forbiddenMessage, may, type AdminAction, type Role } from "../../../domain/roles";
import { homeFor, screenOf, screensFor, type AdminScreen } from "../../lib/admin/screens";
import { useMe } from "../../lib/admin/signed-in-person";
import { SiteLink, SiteNavLink } from "../ui/site-link";
import { WAITING_FOR_REVIEW_ID } from "./waiting-reviews";


/** Screens that change a count (mark read, triage) ask the shell to count again. */
const RefreshCounts = createContext<() => void>(() => {});
export const useRefreshAdminCounts = () => useContext(RefreshCounts);


const linkClass = (current: boolean) =>
  `inline-flex min-h-11 items-center gap-2 rounded-md px-3 text-sm font-semibold ${
    current ? "bg-white/15 text-white" : "text-indigo-100 hover:bg-white/10 hover:text-white"
  }`;

function CountPill({ count, label }: { count: number | undefined; label: (count: number) => string }) {
  if (!count) return null;
  return (
    <span className="rounded-full bg-amber-300 px-2 py-0.5 text-xs font-bold text-slate-900">
      <span aria-hidden="true">{count}</span>
      <span className="sr-only">{label(count)}</span>
    </span>
  );
}

/** The bar's words for each screen. */
const SCREEN_LABELS: Record<AdminScreen["path"], string> = {
  "/admin/blog": copy.posts,
  "/admin/pages": copy.pages,
  "/admin/navigation": copy.navigation,
  "/admin/forms": copy.forms,
  "/admin/messages": copy.messages,
  "/admin/reports": copy.reports,
  "/admin/analytics": copy.analytics,
  "/admin/people": copy.people,
  "/admin/account": accountCopy.navLink,
  "/admin/audit": accountCopy.auditLink,
};

/** A screen the person's role may not use: what it may not do, and the way to one it may. */
function NotForRole({ role, action }: { role: Role; action: AdminAction }) {
  return (
    <section className="mx-auto max-w-2xl px-4 py-16 sm:px-6">
      <h1 className="text-2xl font-bold text-slate-900">{copy.notForRoleHeading}</h1>
      <p className="mt-4 text-slate-700">{forbiddenMessage(role, action)}</p>
      <SiteLink to={homeFor(role)} className="mt-6 inline-flex min-h-11 items-center font-semibold text-indigo-700 underline underline-offset-4">
        {copy.notForRoleLink}
      </SiteLink>
    </section>
  );
}

/**
 * Every signed-in admin screen: its own top bar (product, "Admin", the screens the person's role
 * may use, the inboxes with their unread and new counts, the public site, logout) instead of the
 * marketing header and footer.
 * /admin/blog keeps its own specified Logout button, so the bar leaves it out there.
 */
export function AdminShell({ children }: { children: React.ReactNode }) {
  const site = useSite();
  const { pathname } = useLocation();
  const logout = useAdminLogout();
  const { query, reload } = useAdminQuery("admin-counts", adminApi.counts);
  const counts = query.status === "ready" ? query.data : undefined;
  const ownLogout = pathname === "/admin/blog";
  const me = useMe();
  const screen = screenOf(pathname);
  const allowed = !screen || may(me.role, screen.action);

  // Counted again on every move between admin screens (the first count is the query's own).
  const shownPath = useRef(pathname);
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    reload();
  }, [pathname, reload]);

  return (
    <RefreshCounts.Provider value={reload}>
      <header className="surface-dark bg-indigo-950 text-white">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-6 gap-y-2 px-4 py-2 sm:px-6">
          <SiteLink to="/admin/blog" className="inline-flex min-h-11 items-center gap-2 rounded-md font-bold">
            <span>{site.siteName}</span>
            <span className="rounded bg-white/15 px-2 py-0.5 text-xs font-semibold tracking-wide uppercase">{copy.badge}</span>
          </SiteLink>
          <nav aria-label={copy.navLabel} className="w-full md:w-auto">
            <ul className="-mx-3 flex flex-wrap gap-1 md:mx-0">
              {screensFor(me.role).map((screen) => (
                <Fragment key={screen.path}>
                  <li>
                    <SiteNavLink to={screen.path} className={linkClass}>
                      {SCREEN_LABELS[screen.path]}
                      {screen.path === "/admin/messages" ? <CountPill count={counts?.unreadMessages} label={copy.unread} /> : null}
                      {screen.path === "/admin/reports" ? <CountPill count={counts?.reportsAwaitingTeam} label={copy.awaitingTeam} /> : null}
                    </SiteNavLink>
                  </li>
                  {screen.path === "/admin/blog" && counts?.reviews !== undefined ? (
                    <li>
                      <SiteLink to={`/admin/blog#${WAITING_FOR_REVIEW_ID}`} className={linkClass(false)}>
                        {copy.waitingForReview}
                        <CountPill count={counts.reviews} label={copy.waitingDrafts} />
                      </SiteLink>
                    </li>
                  ) : null}
                </Fragment>
              ))}
            </ul>
          </nav>
          <div className="flex flex-wrap items-center gap-2">
            <a href="/" className="inline-flex min-h-11 items-center rounded-md px-3 text-sm font-semibold text-indigo-100 hover:bg-white/10 hover:text-white">
              {copy.viewSite}
            </a>
            {ownLogout ? null : (
              <button
                type="button"
                onClick={() => void logout("local")}
                className="inline-flex min-h-11 items-center rounded-md border border-white/40 px-3 text-sm font-semibold hover:bg-white/10"
              >
                {adminTexts.logout}
              </button>
            )}
          </div>
        </div>
      </header>
      <main id="main" tabIndex={-1} className="min-w-0 outline-none">
        {allowed ? children : <NotForRole role={me.role} action={screen!.action} />}
      </main>
    </RefreshCounts.Provider>
  );
}
