import { createContext, useContext, useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { adminTexts } from "../../../domain/admin-messages";
import { accountCopy } from "../../content/account";
import { adminShellCopy as copy } from "../../content/admin-shell";
import { adminApi } from "../../lib/admin/client";
import { useAdminQuery } from "../../lib/admin/hooks";
import { useAdminLogout } from "../../lib/admin/use-logout";
import { useSite } from "../../lib/site";
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

/**
 * Every signed-in admin screen: its own top bar (product, "Admin", the three lists with their
 * unread and new counts, the analytics, the public site, logout) instead of the marketing header and footer.
 * /admin/blog keeps its own specified Logout button, so the bar leaves it out there.
 */
export function AdminShell({ children }: { children: React.ReactNode }) {
  const site = useSite();
  const { pathname } = useLocation();
  const logout = useAdminLogout();
  const { query, reload } = useAdminQuery("admin-counts", adminApi.counts);
  const counts = query.status === "ready" ? query.data : undefined;
  const ownLogout = pathname === "/admin/blog";

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
              <li>
                <SiteNavLink to="/admin/blog" className={linkClass}>
                  {copy.posts}
                </SiteNavLink>
              </li>
              {counts?.reviews === undefined ? null : (
                <li>
                  <SiteLink to={`/admin/blog#${WAITING_FOR_REVIEW_ID}`} className={linkClass(false)}>
                    {copy.waitingForReview}
                    <CountPill count={counts.reviews} label={copy.waitingDrafts} />
                  </SiteLink>
                </li>
              )}
              <li>
                <SiteNavLink to="/admin/pages" className={linkClass}>
                  {copy.pages}
                </SiteNavLink>
              </li>
              <li>
                <SiteNavLink to="/admin/messages" className={linkClass}>
                  {copy.messages}
                  <CountPill count={counts?.unreadMessages} label={copy.unread} />
                </SiteNavLink>
              </li>
              <li>
                <SiteNavLink to="/admin/reports" className={linkClass}>
                  {copy.reports}
                  <CountPill count={counts?.reportsAwaitingTeam} label={copy.awaitingTeam} />
                </SiteNavLink>
              </li>
              <li>
                <SiteNavLink to="/admin/analytics" className={linkClass}>
                  {copy.analytics}
                </SiteNavLink>
              </li>
              <li>
                <SiteNavLink to="/admin/account" className={linkClass}>
                  {accountCopy.navLink}
                </SiteNavLink>
              </li>
              <li>
                <SiteNavLink to="/admin/audit" className={linkClass}>
                  {accountCopy.auditLink}
                </SiteNavLink>
              </li>
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
        {children}
      </main>
    </RefreshCounts.Provider>
  );
}
