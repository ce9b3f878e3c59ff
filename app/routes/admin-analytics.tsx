import { useId } from "react";
import { useSearchParams } from "react-router";
import { ANALYTICS_PERIODS, type AnalyticsReport } from "../../domain/analytics";
import { BackToAdmin, QueryStatus } from "../components/admin/admin-panels";
import { DayChart } from "../components/admin/analytics-chart";
import { Maybe, ReportSection, VitalValue } from "../components/admin/analytics-tables";
import { DayRangeForm } from "../components/admin/day-range-form";
import { SiteLink } from "../components/ui/site-link";
import { adminPageMeta } from "../content/admin-page-meta";
import { analyticsCopy as copy } from "../content/analytics-dashboard";
import { articlesOf, currentDays, daysHref, rangeHref } from "../lib/admin/analytics-view";
import { formatNumber, longDay, periodErrors, periodFromAddress, type PeriodChoice, type PeriodErrors } from "../lib/admin/period";
import { adminApi } from "../lib/admin/client";
import { useAdminQuery } from "../lib/admin/hooks";
import { usePrerenderReady } from "../lib/browser/use-prerender-ready";
import { pageMeta, siteFromMatches } from "../lib/meta";
import type { Route } from "./+types/admin-analytics";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(siteFromMatches(matches), adminPageMeta.analytics);

export default function Analytics() {
  const [params] = useSearchParams();
  const period = periodFromAddress(params);
  const { query } = useAdminQuery(`analytics:${params.toString()}`, () => adminApi.analytics(period));
  const report = query.status === "ready" ? query.data : undefined;
  usePrerenderReady(report);
  // A period the API refuses (400) is named next to its field; any other failure is the page's.
  const errors = query.status === "failed" && query.code === 400 ? periodErrors(period, query, copy.loadFailed) : undefined;

  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
      <BackToAdmin />
      <h1 className="mt-4 text-3xl font-extrabold tracking-tight text-slate-900">{copy.title}</h1>
      {report ? <p className="mt-1 text-sm text-slate-700">{copy.covering(longDay(report.from), longDay(report.to))}</p> : null}

      <PeriodPicker address={params.toString()} period={period} errors={errors} />

      {errors ? null : <QueryStatus query={query} loading={copy.loading} failed={copy.loadFailed} />}
      {report ? <ReportView report={report} period={period} /> : null}
    </div>
  );
}

/** The offered periods as links (the address holds the period), and a from/to form. */
function PeriodPicker({ address, period, errors }: { address: string; period: PeriodChoice; errors: PeriodErrors | undefined }) {
  const id = useId();
  const current = currentDays(period);

  return (
    <div className="mt-6 flex flex-wrap items-end gap-x-8 gap-y-4">
      <nav aria-label={copy.periodLabel}>
        <ul className="flex flex-wrap gap-2">
          {ANALYTICS_PERIODS.map((days) => (
            <li key={days}>
              <SiteLink
                to={daysHref(days)}
                current={current === days}
                className={`inline-flex min-h-11 items-center rounded-lg border px-4 text-sm font-semibold ${
                  current === days ? "border-indigo-700 bg-indigo-700 text-white" : "border-slate-400 bg-white text-slate-800 hover:bg-slate-50"
                }`}
              >
                {copy.lastDays(days)}
              </SiteLink>
            </li>
          ))}
        </ul>
        {errors?.days ? (
          <p role="alert" className="mt-2 text-sm text-red-700">
            {errors.days}
          </p>
        ) : null}
      </nav>

      <DayRangeForm id={id} address={address} period={period} rangeHref={rangeHref} errors={errors} copy={copy} />
    </div>
  );
}

function ReportView({ report, period }: { report: AnalyticsReport; period: PeriodChoice }) {
  const totals = [
    { label: copy.totals.views, value: report.views },
    { label: copy.totals.visitors, value: report.visitors },
    { label: copy.totals.leads, value: report.leads },
    { label: copy.totals.demoClicks, value: report.demo_clicks },
  ];
  const csv = (table: "pages" | "referrers" | "campaigns" | "vitals") => ({ table, period, report });
  const pageColumns = (first: string) =>
    [
      { header: first, cell: (row: AnalyticsReport["pages"][number]) => row.path, rowHeader: true },
      { header: copy.columns.views, cell: (row: AnalyticsReport["pages"][number]) => formatNumber(row.views), numeric: true },
      { header: copy.columns.visitors, cell: (row: AnalyticsReport["pages"][number]) => formatNumber(row.visitors), numeric: true },
      { header: copy.columns.leads, cell: (row: AnalyticsReport["pages"][number]) => formatNumber(row.leads), numeric: true },
      { header: copy.columns.demoClicks, cell: (row: AnalyticsReport["pages"][number]) => formatNumber(row.demo_clicks), numeric: true },
    ] as const;

  return (
    <>
      <section aria-label={copy.totalsLabel} className="mt-8">
        <dl className="grid grid-cols-2 gap-3 md:grid-cols-4">
          {totals.map((total) => (
            <div key={total.label} className="rounded-xl border border-slate-200 bg-white px-4 py-3">
              <dt className="text-sm font-medium text-slate-700">{total.label}</dt>
              <dd className="mt-1 text-2xl font-bold text-slate-900 tabular-nums">{formatNumber(total.value)}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section aria-labelledby="analytics-chart" className="mt-10">
        <h2 id="analytics-chart" className="text-xl font-bold text-slate-900">
          {copy.chartTitle}
        </h2>
        <DayChart report={report} />
      </section>

      <ReportSection
        title={copy.sections.pages}
        empty={copy.empty.pages}
        rows={report.pages}
        rowKey={(row) => row.path}
        columns={pageColumns(copy.columns.path)}
        csv={csv("pages")}
      />
      <ReportSection
        title={copy.sections.articles}
        empty={copy.empty.articles}
        rows={articlesOf(report.pages)}
        rowKey={(row) => row.path}
        columns={pageColumns(copy.columns.article)}
      />
      <ReportSection
        title={copy.sections.referrers}
        empty={copy.empty.referrers}
        rows={report.referrers}
        rowKey={(row) => row.host}
        columns={[
          { header: copy.columns.referrer, cell: (row) => row.host || copy.direct, rowHeader: true },
          { header: copy.columns.visitors, cell: (row) => formatNumber(row.visitors), numeric: true },
        ]}
        csv={csv("referrers")}
      />
      <ReportSection
        title={copy.sections.campaigns}
        empty={copy.empty.campaigns}
        rows={report.campaigns}
        rowKey={(row) => JSON.stringify([row.source, row.medium, row.campaign])}
        columns={[
          { header: copy.columns.source, cell: (row) => <Maybe value={row.source} />, rowHeader: true },
          { header: copy.columns.medium, cell: (row) => <Maybe value={row.medium} /> },
          { header: copy.columns.campaign, cell: (row) => <Maybe value={row.campaign} /> },
          { header: copy.columns.visitors, cell: (row) => formatNumber(row.visitors), numeric: true },
          { header: copy.columns.leads, cell: (row) => formatNumber(row.leads), numeric: true },
          { header: copy.columns.demoClicks, cell: (row) => formatNumber(row.demo_clicks), numeric: true },
        ]}
        csv={csv("campaigns")}
      />
      <ReportSection
        title={copy.sections.devices}
        empty={copy.empty.devices}
        rows={report.devices}
        rowKey={(row) => row.device}
        columns={[
          { header: copy.columns.device, cell: (row) => copy.devices[row.device] ?? row.device, rowHeader: true },
          { header: copy.columns.visitors, cell: (row) => formatNumber(row.visitors), numeric: true },
        ]}
      />
      <ReportSection
        title={copy.sections.vitals}
        lead={copy.vitalsLead}
        empty={copy.empty.vitals}
        rows={report.vitals}
        rowKey={(row) => row.path}
        columns={[
          { header: copy.columns.path, cell: (row) => row.path, rowHeader: true },
          { header: copy.columns.samples, cell: (row) => formatNumber(row.samples), numeric: true },
          { header: "LCP p75", cell: (row) => <VitalValue metric="LCP" value={row.lcp_p75} />, numeric: true },
          { header: "INP p75", cell: (row) => <VitalValue metric="INP" value={row.inp_p75} />, numeric: true },
          { header: "CLS p75", cell: (row) => <VitalValue metric="CLS" value={row.cls_p75} />, numeric: true },
          { header: "TTFB p75", cell: (row) => <VitalValue metric="TTFB" value={row.ttfb_p75} />, numeric: true },
        ]}
        csv={csv("vitals")}
      />
    </>
  );
}
