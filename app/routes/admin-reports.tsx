import { Link, useSearchParams } from "react-router";
import { REPORT_STATUS_LABELS } from "../../domain/vulnerability-report";
import { AdminTime, BackToAdmin, QueryStatus, SeverityBadge } from "../components/admin/admin-panels";
import { ReportFilters } from "../components/admin/report-filters";
import { RequireAdmin } from "../components/admin/require-admin";
import { adminPageMeta } from "../content/admin-page-meta";
import { triageCopy } from "../content/triage";
import { adminApi } from "../lib/admin/client";
import { useAdminQuery } from "../lib/admin/hooks";
import { pageMeta, siteFromMatches } from "../lib/meta";
import { usePrerenderReady } from "../lib/browser/use-prerender-ready";
import type { Route } from "./+types/admin-reports";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteFromMatches(matches), adminPageMeta.reports);

export default function AdminReportsPage() {
  return (
    <RequireAdmin>
      <ReportList />
    </RequireAdmin>
  );
}

function ReportList() {
  const [searchParams] = useSearchParams();
  const requestedPage = Number(searchParams.get("page") ?? "1") || 1;
  const filter = {
    q: searchParams.get("q") ?? "",
    status: searchParams.get("status") ?? undefined,
    severity: searchParams.get("severity") ?? undefined,
    sort: searchParams.get("sort") === "oldest" ? ("oldest" as const) : ("newest" as const),
  };
  const { query } = useAdminQuery(`reports:${requestedPage}:${JSON.stringify(filter)}`, () =>
    adminApi.listReports(requestedPage, filter),
  );
  /** Another page with the same filters. */
  const pageLink = (page: number) => {
    const next = new URLSearchParams(searchParams);
    next.set("page", String(page));
    return `?${next.toString()}`;
  };
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
                      <Link to={`/admin/reports/${report.id}`} className="font-semibold text-indigo-700 hover:underline">
                        {report.reference}
                      </Link>
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
          {state.pageCount > 1 ? (
            <nav aria-label="Pagination" className="mt-6 flex items-center justify-between text-sm">
              {state.page > 1 ? (
                <Link to={pageLink(state.page - 1)} className="font-semibold text-indigo-700 hover:underline">
                  {triageCopy.previous}
                </Link>
              ) : (
                <span />
              )}
              <span className="text-slate-600">{triageCopy.pageOf(state.page, state.pageCount)}</span>
              {state.page < state.pageCount ? (
                <Link to={pageLink(state.page + 1)} className="font-semibold text-indigo-700 hover:underline">
                  {triageCopy.next}
                </Link>
              ) : (
                <span />
              )}
            </nav>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
