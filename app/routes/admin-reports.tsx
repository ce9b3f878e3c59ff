import { useEffect, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { REPORT_STATUS_LABELS, type ReportSummary } from "../../domain/vulnerability-report";
import { RequireAdmin } from "../components/admin/require-admin";
import { pageMetaDefaults } from "../content/page-meta";
import { triageCopy } from "../content/security-submit";
import { adminFetch } from "../lib/admin-session";
import { formatDateTime } from "../lib/format-date";
import { pageMeta, siteFromMatches } from "../lib/meta";
import { usePrerenderReady } from "../lib/use-prerender-ready";
import type { Route } from "./+types/admin-reports";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteFromMatches(matches), pageMetaDefaults.adminReports);

export default function AdminReportsPage() {
  return (
    <RequireAdmin>
      <ReportList />
    </RequireAdmin>
  );
}

type ListState =
  | { kind: "loading" }
  | { kind: "error" }
  | { kind: "loaded"; reports: ReportSummary[]; page: number; pageCount: number };

function ReportList() {
  const [searchParams] = useSearchParams();
  const requestedPage = Number(searchParams.get("page") ?? "1") || 1;
  const [state, setState] = useState<ListState>({ kind: "loading" });
  usePrerenderReady(state.kind === "loaded" ? state : undefined);

  useEffect(() => {
    let cancelled = false;
    async function load() {
      try {
        const response = await adminFetch(`/api/admin/security/reports?page=${requestedPage}`);
        if (!response.ok) throw new Error(String(response.status));
        const body = (await response.json()) as { reports: ReportSummary[]; page: number; pageCount: number };
        if (!cancelled) setState({ kind: "loaded", ...body });
      } catch {
        if (!cancelled) setState({ kind: "error" });
      }
    }
    void load();
    return () => {
      cancelled = true;
    };
  }, [requestedPage]);

  return (
    <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
      <Link to="/admin/blog" className="text-sm font-semibold text-indigo-700 hover:underline">
        <span aria-hidden="true">← </span>
        {triageCopy.backToAdmin}
      </Link>
      <h1 className="mt-4 text-3xl font-bold text-slate-900">{triageCopy.listTitle}</h1>

      {state.kind === "loading" ? (
        <p role="status" className="mt-8 text-slate-600">
          {triageCopy.loading}
        </p>
      ) : null}
      {state.kind === "error" ? (
        <p role="alert" className="mt-8 text-red-700">
          {triageCopy.loadError}
        </p>
      ) : null}
      {state.kind === "loaded" && state.reports.length === 0 ? (
        <p className="mt-8 text-slate-600">{triageCopy.empty}</p>
      ) : null}
      {state.kind === "loaded" && state.reports.length > 0 ? (
        <>
          <div className="mt-8 overflow-x-auto rounded-xl border border-slate-200">
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
                    <td className="px-4 py-3">{report.severity}</td>
                    <td className="px-4 py-3">{REPORT_STATUS_LABELS[report.status]}</td>
                    <td className="px-4 py-3 whitespace-nowrap text-slate-600">
                      <time dateTime={report.created_at}>{formatDateTime(report.created_at)}</time>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {state.pageCount > 1 ? (
            <nav aria-label="Pagination" className="mt-6 flex items-center justify-between text-sm">
              {state.page > 1 ? (
                <Link to={`?page=${state.page - 1}`} className="font-semibold text-indigo-700 hover:underline">
                  {triageCopy.previous}
                </Link>
              ) : (
                <span />
              )}
              <span className="text-slate-600">{triageCopy.pageOf(state.page, state.pageCount)}</span>
              {state.page < state.pageCount ? (
                <Link to={`?page=${state.page + 1}`} className="font-semibold text-indigo-700 hover:underline">
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
