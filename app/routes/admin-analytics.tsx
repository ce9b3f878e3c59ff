import { useId, useRef } from "react";
import { useSearchParams } from "react-router";
import { ANALYTICS_PERIODS, type AnalyticsFilter, type AnalyticsReport } from "../../domain/analytics";
import { BackToAdmin, QueryStatus } from "../components/admin/admin-panels";
import { DayChart } from "../components/admin/analytics-chart";
import { Maybe, ReportSection, VitalValue, type Column } from "../components/admin/analytics-tables";
import { AnalyticsTiles, FilterChips, FilterLink } from "../components/admin/analytics-tiles";
import { DayRangeForm } from "../components/admin/day-range-form";
import { SiteLink } from "../components/ui/site-link";
import { adminPageMeta } from "../content/admin-page-meta";
import { analyticsCopy as copy } from "../content/analytics-dashboard";
import { articlesOf, currentDays, daysHref, filterHref, filtersFromAddress } from "../lib/admin/analytics-view";
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
  const filters = filtersFromAddress(params);
  const { query } = useAdminQuery(`analytics:${params.toString()}`, () => adminApi.analytics(period, filters));
  // A refused period keeps the last figures on screen, said to be those of the period before.
  const lastGood = useRef<AnalyticsReport | undefined>(undefined);
  if (query.status === "ready") lastGood.current = query.data;
  const report = query.status === "ready" ? query.data : query.status === "failed" && query.code === 400 ? lastGood.current : undefined;
  usePrerenderReady(query.status === "ready" ? query.data : undefined);
  // A period the API refuses (400) is named next to its field; any other failure is the page's.
  const errors = query.status === "failed" && query.code === 400 ? periodErrors(period, query, copy.loadFailed) : undefined;

  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <BackToAdmin />
      <h1 className="mt-4 text-3xl font-extrabold tracking-tight text-slate-900">{copy.title}</h1>
      {report ? <p className="mt-1 text-sm text-slate-700">{copy.covering(longDay(report.from), longDay(report.to))}</p> : null}

      <PeriodPicker address={params.toString()} period={period} errors={errors} filters={filters} />
      <FilterChips filters={filters} params={params} />

      {errors ? null : <QueryStatus query={query} loading={copy.loading} failed={copy.loadFailed} />}
      {errors && report ? <p className="mt-6 text-sm font-medium text-amber-800">{copy.staleFigures}</p> : null}
      {report ? <ReportView report={report} period={period} params={params} filters={filters} /> : null}
    </div>
  );
}

/** The offered periods as links (the address holds the period and the filters), and a from/to form. */
function PeriodPicker({
  address,
  period,
  errors,
  filters,
}: {
  address: string;
  period: PeriodChoice;
  errors: PeriodErrors | undefined;
  filters: AnalyticsFilter[];
}) {
  const id = useId();
  const current = currentDays(period);
  const withFilter = (href: string) => filterHref(new URL(href, "http://x").searchParams, ...filters);

  return (
    <div className="mt-6 flex flex-wrap items-end gap-x-8 gap-y-4">
      <nav aria-label={copy.periodLabel}>
        <ul className="flex flex-wrap gap-2">
          {ANALYTICS_PERIODS.map((days) => (
            <li key={days}>
              <SiteLink
                to={withFilter(daysHref(days))}
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

      <DayRangeForm
        id={id}
        address={address}
        period={period}
        rangeHref={(from, to) => filterHref(new URLSearchParams({ from, to }), ...filters)}
        errors={errors}
        copy={copy}
        picker
      />
    </div>
  );
}

type PageRow = AnalyticsReport["pages"][number];

/** A page's or post's title, with its address that narrows the dashboard to it. */
function PageName({ row, params }: { row: PageRow; params: URLSearchParams }) {
  return (
    <>
      {row.title ? <span className="block font-semibold">{row.title}</span> : null}
      <FilterLink href={filterHref(params, { kind: "path", value: row.path })} name={copy.filterNames.path} text={row.path} />
    </>
  );
}

function ReportView({ report, period, params, filters }: { report: AnalyticsReport; period: PeriodChoice; params: URLSearchParams; filters: AnalyticsFilter[] }) {
  const csv = (table: "pages" | "referrers" | "campaigns" | "vitals") => ({ table, period, report, filters });
  const link = (filter: AnalyticsFilter, name: string, text: string) => <FilterLink href={filterHref(params, filter)} name={name} text={text} />;
  const numbers = (wideViews: boolean): Column<PageRow>[] => [
    { header: copy.columns.views, cell: (row) => formatNumber(row.views), numeric: true, wide: wideViews },
    { header: copy.columns.visitors, cell: (row) => formatNumber(row.visitors), numeric: true },
    { header: copy.columns.leads, cell: (row) => formatNumber(row.leads), numeric: true },
    { header: copy.columns.demoClicks, cell: (row) => formatNumber(row.demo_clicks), numeric: true, wide: true },
  ];

  return (
    <>
      <AnalyticsTiles report={report} />

      <section aria-labelledby="analytics-chart" className="mt-10">
        <h2 id="analytics-chart" className="text-xl font-bold text-slate-900">
          {copy.chartTitle}
        </h2>
        <DayChart report={report} />
      </section>

      <p className="mt-8 rounded-lg bg-slate-100 px-4 py-3 text-sm text-slate-800">{copy.leadsCredit}</p>

      <div className="mt-8 grid gap-x-8 gap-y-12 lg:grid-cols-2">
        <ReportSection
          title={copy.sections.pages}
          empty={copy.empty.pages}
          rows={report.pages}
          rowKey={(row) => row.path}
          columns={[{ header: copy.columns.path, cell: (row) => <PageName row={row} params={params} />, rowHeader: true }, ...numbers(true)]}
          csv={csv("pages")}
        />
        <ReportSection
          title={copy.sections.articles}
          empty={copy.empty.articles}
          rows={articlesOf(report.pages)}
          rowKey={(row) => row.path}
          columns={[
            {
              header: copy.columns.article,
              cell: (row) => (
                <SiteLink to={`/admin/blog/edit/${row.post_id}`} className="text-indigo-800 underline decoration-indigo-300 underline-offset-2 hover:decoration-indigo-700">
                  {row.title ?? row.path}
                </SiteLink>
              ),
              rowHeader: true,
            },
            ...numbers(true),
          ]}
        />
        <ReportSection
          title={copy.sections.referrers}
          empty={copy.empty.referrers}
          rows={report.sources}
          rowKey={(row) => row.host}
          columns={[
            { header: copy.columns.referrer, cell: (row) => link({ kind: "source", value: row.host }, copy.filterNames.source, row.host || copy.direct), rowHeader: true },
            { header: copy.columns.visitors, cell: (row) => formatNumber(row.visitors), numeric: true },
            { header: copy.columns.leads, cell: (row) => formatNumber(row.leads), numeric: true },
          ]}
          csv={csv("referrers")}
        />
        <ReportSection
          title={copy.sections.campaigns}
          empty={copy.empty.campaigns}
          rows={report.campaigns}
          rowKey={(row) => JSON.stringify([row.source, row.medium, row.campaign])}
          columns={[
            {
              header: copy.columns.campaign,
              cell: (row) => link({ kind: "campaign", value: [row.source, row.medium, row.campaign].join("\n") }, copy.filterNames.campaign, row.campaign || row.source),
              rowHeader: true,
            },
            { header: copy.columns.source, cell: (row) => <Maybe value={row.source} />, wide: true },
            { header: copy.columns.medium, cell: (row) => <Maybe value={row.medium} />, wide: true },
            { header: copy.columns.visitors, cell: (row) => formatNumber(row.visitors), numeric: true },
            { header: copy.columns.leads, cell: (row) => formatNumber(row.leads), numeric: true },
            { header: copy.columns.demoClicks, cell: (row) => formatNumber(row.demo_clicks), numeric: true, wide: true },
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
            { header: copy.columns.samples, cell: (row) => formatNumber(row.samples), numeric: true, wide: true },
            { header: "LCP p75", cell: (row) => <VitalValue metric="LCP" value={row.lcp_p75} />, numeric: true },
            { header: "INP p75", cell: (row) => <VitalValue metric="INP" value={row.inp_p75} />, numeric: true, wide: true },
            { header: "CLS p75", cell: (row) => <VitalValue metric="CLS" value={row.cls_p75} />, numeric: true, wide: true },
            { header: "TTFB p75", cell: (row) => <VitalValue metric="TTFB" value={row.ttfb_p75} />, numeric: true, wide: true },
          ]}
          csv={csv("vitals")}
        />
      </div>
    </>
  );
}
