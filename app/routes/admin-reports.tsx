import { REPORT_STATUS_LABELS } from "../../domain/vulnerability-report";
import { AdminTime, BackToAdmin, QueryStatus, SeverityBadge } from "../components/admin/admin-panels";
import { InboxPager } from "../components/admin/inbox-filters";
import { ReportFilters } from "../components/admin/report-filters";
import { adminPageMeta } from "../content/admin-page-meta";
import { inboxPagerCopy } from "../content/admin-shell";
import { triageCopy } from "../content/triage";
import { adminApi } from "../lib/admin/client";
import { useAdminQuery } from "../lib/admin/hooks";
import { useInboxAddress } from "../lib/admin/use-inbox-address";
import { pageMeta, siteFromMatches } from "../lib/meta";
import { usePrerenderReady } from "../lib/browser/use-prerender-ready";
import type { Route } from "./+types/admin-reports";
import { SiteLink } from "../components/ui/site-link";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteFromMatches(matches), adminPageMeta.reports);

export default function ReportList() {
  const address = useInboxAddress();
  const { page } = address;
  const filter = {
    q: address.get("q"),
    status: address.get("status") || undefined,
    severity: address.get("severity") || undefined,
    sort: address.get("sort") === "oldest" ? ("oldest" as const) : ("newest" as const),
  };
  const { query } = useAdminQuery(`reports:${page}:${JSON.stringify(filter)}`, () => adminApi.listReports(page, filter));
  const filtered = Boolean(filter.q || filter.status || filter.severity);
  const state = query.status === "ready" ? query.data : undefined;
  usePrerenderReady(state);

  return (
    <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
      <BackToAdmin />
      <h1 className="mt-4 text-3xl font-bold text-slate-900">{triageCopy.listTitle}</h1>

      <ReportFilters />
      <QueryStatus query={query} loading={triageCopy.loading} failed={triageCopy.loadError} />
      {state && state.reports.length === 0 ? (
        <p className="mt-8 text-slate-600">{filtered ? triageCopy.filters.noMatches : triageCopy.empty}</p>
      ) : null}
      {state && state.reports.length > 0 ? (
        <>
          <div className="stack-table mt-8 overflow-x-auto rounded-xl border border-slate-200">
            <table className="min-w-full divide-y divide-slate-200 text-left text-sm">
              <thead className="bg-slate-50 text-slate-700">
                <tr>
                  <th scope="col" className="px-4 py-3 font-semibold">{triageCopy.columns.reference}</th>
                  <th scope="col" className="px-4 py-3 font-semibold">{triageCopy.columns.title}</th>
                  <th scope="col" className="px-4 py-3 font-semibold">{triageCopy.columns.severity}</th>
                  <th scope="col" className="px-4 py-3 font-semibold">{triageCopy.columns.status}</th>
                  <th scope="col" className="px-4 py-3 font-semibold">{triageCopy.columns.received}</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100 bg-white">
                {state.reports.map((report) => (
                  <tr key={report.id}>
                    <td className="px-4 py-3 font-mono whitespace-nowrap">
                      <SiteLink to={`/admin/reports/${report.id}`} className="font-semibold text-indigo-700 hover:underline">
                        {report.reference}
                      </SiteLink>
                    </td>
                    <td className="max-w-md px-4 py-3 break-words text-slate-900">{report.vulnerability_title}</td>
                    <td className="px-4 py-3">
                      <SeverityBadge severity={report.severity} />
                    </td>
                    <td className="px-4 py-3">{REPORT_STATUS_LABELS[report.status]}</td>
                    <td className="px-4 py-3 text-slate-700 md:whitespace-nowrap">
                      <AdminTime iso={report.created_at} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <InboxPager page={state.page} pageCount={state.pageCount} labels={inboxPagerCopy} onPage={address.goToPage} />
        </>
      ) : null}
    </div>
  );
}
