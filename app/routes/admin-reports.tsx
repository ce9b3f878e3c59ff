import { cvssRating } from "../../domain/cvss-rating";
import { severityScoreMismatch } from "../../domain/report-triage";
import { REPORT_STATUS_LABELS } from "../../domain/vulnerability-report";
import { AdminTime, BackToAdmin, QueryStatus, SeverityBadge } from "../components/admin/admin-panels";
import { InboxPager } from "../components/admin/inbox-filters";
import { ReportFilters } from "../components/admin/report-filters";
import { NewReplyBadge, OverdueBadge } from "../components/admin/triage-badges";
import { adminPageMeta } from "../content/admin-page-meta";
import { inboxPagerCopy } from "../content/admin-shell";
import { triageCopy } from "../content/triage";
import { adminApi, type InboxReport } from "../lib/admin/client";
import { useAdminQuery } from "../lib/admin/hooks";
import { useInboxAddress } from "../lib/admin/use-inbox-address";
import { formatDueDay, METRICS_PATH } from "../lib/admin/triage-view";
import { pageMeta, siteFromMatches } from "../lib/meta";
import { usePrerenderReady } from "../lib/browser/use-prerender-ready";
import type { Route } from "./+types/admin-reports";
import { SiteLink } from "../components/ui/site-link";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteFromMatches(matches), adminPageMeta.reports);

const SORTS = ["newest", "oldest", "due", "cvss"] as const;
const DUE_FILTERS = ["open", "overdue"] as const;

export default function ReportList() {
  const address = useInboxAddress();
  const { page } = address;
  const filter = {
    q: address.get("q"),
    status: address.get("status") || undefined,
    severity: address.get("severity") || undefined,
    sort: SORTS.find((sort) => sort === address.get("sort")) ?? ("newest" as const),
    due: DUE_FILTERS.find((due) => due === address.get("due")),
    assigned: address.get("assigned") === "me" ? ("me" as const) : undefined,
  };
  const { query } = useAdminQuery(`reports:${page}:${JSON.stringify(filter)}`, () => adminApi.listReports(page, filter));
  const filtered = Boolean(filter.q || filter.status || filter.severity || filter.due || filter.assigned);
  const state = query.status === "ready" ? query.data : undefined;
  usePrerenderReady(state);

  return (
    <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
      <BackToAdmin />
      <div className="mt-4 flex flex-wrap items-baseline justify-between gap-4">
        <h1 className="text-3xl font-bold text-slate-900">{triageCopy.listTitle}</h1>
        <SiteLink to={METRICS_PATH} className="text-sm font-semibold text-indigo-700 underline-offset-4 hover:underline">
          {triageCopy.metricsLink}
        </SiteLink>
      </div>

      <ReportFilters />
      <QueryStatus query={query} loading={triageCopy.loading} failed={triageCopy.loadError} />
      {state && state.reports.length === 0 ? (
        <p className="mt-8 text-slate-600">{filtered ? triageCopy.filters.noMatches : triageCopy.empty}</p>
      ) : null}
      {state && state.reports.length > 0 ? (
        <>
          {/* Five columns fit 1280 px; the rest of a row is a second line under its title (docs/decisions/193). */}
          <div className="stack-table mt-8 overflow-x-auto rounded-xl border border-slate-200">
            <table className="w-full divide-y divide-slate-200 text-left text-sm">
              <thead className="bg-slate-50 text-slate-700">
                <tr>
                  <th scope="col" className="px-4 py-3 font-semibold">{triageCopy.columns.reference}</th>
                  <th scope="col" className="px-4 py-3 font-semibold">{triageCopy.columns.title}</th>
                  <th scope="col" className="px-4 py-3 font-semibold">{triageCopy.columns.severity}</th>
                  <th scope="col" className="px-4 py-3 font-semibold">{triageCopy.columns.status}</th>
                  <th scope="col" className="px-4 py-3 font-semibold">{triageCopy.columns.due}</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100 bg-white">
                {state.reports.map((report) => (
                  <tr key={report.id} className="align-top">
                    <td className="px-4 py-3 font-mono whitespace-nowrap">
                      <SiteLink
                        to={`/admin/reports/${report.id}`}
                        aria-label={triageCopy.reportLink(report.reference, report.vulnerability_title)}
                        className="font-semibold text-indigo-700 hover:underline"
                      >
                        {report.reference}
                      </SiteLink>
                    </td>
                    <td className="px-4 py-3 break-words text-slate-900 [overflow-wrap:anywhere]">
                      {report.vulnerability_title}
                      {report.awaiting_team ? <NewReplyBadge label={report.replied_after_close ? triageCopy.replyAfterClose : triageCopy.newReply} /> : null}
                      <ReportFacts report={report} />
                    </td>
                    <td className="px-4 py-3">
                      <PhoneLabel text={triageCopy.columns.severity} />
                      <SeverityBadge severity={report.severity} />
                    </td>
                    <td className="px-4 py-3">
                      <PhoneLabel text={triageCopy.columns.status} />
                      {REPORT_STATUS_LABELS[report.status]}
                    </td>
                    <td className="px-4 py-3">
                      <PhoneLabel text={triageCopy.columns.due} />
                      <DueCell report={report} />
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

/** The column's name before a cell's value on a phone, where the rows stack and the header row is hidden. */
function PhoneLabel({ text }: { text: string }) {
  return <span className="font-medium text-slate-600 md:hidden">{text}: </span>;
}

/** The second line under a title: when the report came, the team's severity and the score, and a flag when those two disagree. */
function ReportFacts({ report }: { report: InboxReport }) {
  const band = severityScoreMismatch(report.assessed_severity, report.cvss_score);
  return (
    <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-600">
      <span>
        {triageCopy.receivedShort} <AdminTime iso={report.created_at} />
      </span>
      <span>
        {triageCopy.assessedShort}{" "}
        {report.assessed_severity ? <SeverityBadge severity={report.assessed_severity} /> : triageCopy.notAssessed}
      </span>
      <span className="whitespace-nowrap tabular-nums">
        {triageCopy.cvssShort} {report.cvss_score === null ? triageCopy.noScore : `${report.cvss_score.toFixed(1)} ${cvssRating(report.cvss_score)}`}
      </span>
      {report.assignee ? <span>{triageCopy.assignee.short(report.assignee.name)}</span> : null}
      {band ? (
        <span className="inline-flex rounded-full bg-amber-100 px-2.5 py-0.5 font-semibold text-amber-950 ring-1 ring-amber-400">
          {triageCopy.mismatchShort(band)}
        </span>
      ) : null}
    </p>
  );
}

/** The next open step and its day, and an "Overdue" badge when a step is late. */
function DueCell({ report }: { report: InboxReport }) {
  return (
    <>
      {report.next_due ? (
        <span>
          <span className="whitespace-nowrap">{formatDueDay(report.next_due.by)}</span> <span className="whitespace-nowrap text-slate-600">({triageCopy.deadlines.shortSteps[report.next_due.step]})</span>
        </span>
      ) : (
        <span aria-hidden="true">{triageCopy.none}</span>
      )}
      {report.overdue.length > 0 ? <OverdueBadge /> : null}
    </>
  );
}
