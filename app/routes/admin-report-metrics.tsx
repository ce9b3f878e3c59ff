import { useId, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { REPORT_STATUS_LABELS, REPORT_STATUSES } from "../../domain/vulnerability-report";
import { QueryStatus, ReportPagesNav } from "../components/admin/admin-panels";
import { DayRangeForm } from "../components/admin/day-range-form";
import { SiteLink } from "../components/ui/site-link";
import { adminPageMeta } from "../content/admin-page-meta";
import { triageCopy } from "../content/triage";
import { formatNumber, longDay, periodErrors, periodFromAddress, type PeriodChoice, type PeriodErrors } from "../lib/admin/period";
import { adminApi, type DisclosureMetrics } from "../lib/admin/client";
import { useAdminQuery } from "../lib/admin/hooks";
import { formatMedianDays, METRICS_PERIODS, metricsDaysHref, metricsPeriodValue, metricsRangeHref } from "../lib/admin/triage-view";
import { usePrerenderReady } from "../lib/browser/use-prerender-ready";
import { pageMeta, siteFromMatches } from "../lib/meta";
import type { Route } from "./+types/admin-report-metrics";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(siteFromMatches(matches), adminPageMeta.reportMetrics);

const copy = triageCopy.metrics;

/** The disclosure program's metrics (BOD 20-01) over a period the address holds: `?days=N` or `?from=&to=`. */
export default function ReportMetrics() {
  const [params] = useSearchParams();
  const period = periodFromAddress(params);
  const { query } = useAdminQuery(`report-metrics:${params.toString()}`, () => adminApi.reportMetrics(period));
  const metrics = query.status === "ready" ? query.data : undefined;
  usePrerenderReady(metrics);
  const errors = query.status === "failed" && query.code === 400 ? periodErrors(period, query, copy.loadFailed) : undefined;

  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
      <ReportPagesNav />
      <h1 className="mt-4 text-3xl font-extrabold tracking-tight text-slate-900">{copy.title}</h1>
      {metrics ? <p className="mt-1 text-sm text-slate-700">{copy.covering(longDay(metrics.from), longDay(metrics.to))}</p> : null}

      <PeriodPicker address={params.toString()} period={period} errors={errors} />

      {errors ? null : <QueryStatus query={query} loading={copy.loading} failed={copy.loadFailed} />}
      {metrics ? <MetricsView metrics={metrics} /> : null}
    </div>
  );
}

function PeriodPicker({ address, period, errors }: { address: string; period: PeriodChoice; errors: PeriodErrors | undefined }) {
  const navigate = useNavigate();
  const id = useId();
  const [choice, setChoice] = useState(metricsPeriodValue(period));
  // The choice follows the address (a new period, Back) without remounting: focus stays put.
  const [shown, setShown] = useState(address);
  if (shown !== address) {
    setShown(address);
    setChoice(metricsPeriodValue(period));
  }
  const offered = choice === "range" || METRICS_PERIODS.some((days) => String(days) === choice);

  return (
    <div className="mt-6 flex flex-wrap items-start gap-x-8 gap-y-4">
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-period`} className="text-sm font-medium text-slate-800">
          {copy.period}
        </label>
        <select
          id={`${id}-period`}
          value={offered ? choice : ""}
          aria-invalid={errors?.days ? true : undefined}
          aria-describedby={errors?.days ? `${id}-period-error` : undefined}
          onChange={(event) => {
            setChoice(event.target.value);
            if (event.target.value !== "range") void navigate(metricsDaysHref(event.target.value));
          }}
          className="min-h-11 rounded-lg border border-slate-500 bg-white px-3 text-sm text-slate-900"
        >
          {offered ? null : <option value="">{copy.lastDays(Number(choice) || 0)}</option>}
          {METRICS_PERIODS.map((days) => (
            <option key={days} value={String(days)}>
              {copy.lastDays(days)}
            </option>
          ))}
          <option value="range">{copy.custom}</option>
        </select>
        {errors?.days ? (
          <p id={`${id}-period-error`} role="alert" className="text-sm text-red-700">
            {errors.days}
          </p>
        ) : null}
      </div>

      <DayRangeForm id={id} address={address} period={period} rangeHref={metricsRangeHref} errors={errors} copy={copy} />
    </div>
  );
}

function MetricsView({ metrics }: { metrics: DisclosureMetrics }) {
  const medians = (["acknowledge", "assess", "resolve"] as const).map((step) => ({
    label: copy.medianTo[step],
    value: formatMedianDays(metrics.median_days_to[step]),
  }));
  const severities = Object.entries(metrics.by_severity);

  return (
    <>
      <section aria-label={copy.received} className="mt-8">
        <dl className="grid grid-cols-2 gap-3 md:grid-cols-4">
          <Figure label={copy.received} value={formatNumber(metrics.received)} />
          {medians.map((median) => (
            <Figure key={median.label} label={`${copy.medians}: ${median.label.toLowerCase()}`} value={median.value} />
          ))}
        </dl>
      </section>

      <div className="mt-10 grid gap-8 md:grid-cols-2">
        <CountTable
          title={copy.byStatus}
          first={triageCopy.columns.status}
          rows={REPORT_STATUSES.map((status) => ({ key: status, label: REPORT_STATUS_LABELS[status], count: metrics.by_status[status] }))}
        />
        <CountTable
          title={copy.bySeverity}
          lead={copy.severityNote}
          first={triageCopy.columns.severity}
          rows={severities.map(([severity, count]) => ({ key: severity, label: severity, count }))}
        />
      </div>

      <section aria-labelledby="long-open" className="mt-10">
        <h2 id="long-open" className="text-xl font-bold text-slate-900">
          {copy.longOpen}
        </h2>
        {metrics.open_over_90_days.length === 0 ? (
          <p className="mt-3 text-slate-700">{copy.longOpenEmpty}</p>
        ) : (
          <ul className="mt-3 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
            {metrics.open_over_90_days.map((report) => (
              <li key={report.id} className="flex flex-wrap items-baseline gap-x-4 gap-y-1 px-4 py-3">
                <SiteLink to={`/admin/reports/${report.id}`} className="font-mono font-semibold text-indigo-700 hover:underline">
                  {report.reference}
                </SiteLink>
                <span className="min-w-0 flex-1 break-words text-slate-900">{report.title}</span>
                <span className="text-sm text-slate-700">{copy.daysOpen(report.days_open)}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white px-4 py-3">
      <dt className="text-sm font-medium text-slate-700">{label}</dt>
      <dd className="mt-1 text-2xl font-bold text-slate-900 tabular-nums">{value}</dd>
    </div>
  );
}

function CountTable({ title, lead, first, rows }: { title: string; lead?: string; first: string; rows: { key: string; label: string; count: number }[] }) {
  const id = useId();
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="text-xl font-bold text-slate-900">
        {title}
      </h2>
      {lead ? <p className="mt-1 text-sm text-slate-700">{lead}</p> : null}
      <table className="mt-3 min-w-full divide-y divide-slate-200 rounded-xl border border-slate-200 text-left text-sm">
        <thead className="bg-slate-50 text-slate-700">
          <tr>
            <th scope="col" className="px-4 py-2 font-semibold">
              {first}
            </th>
            <th scope="col" className="px-4 py-2 text-right font-semibold">
              {copy.count}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 bg-white">
          {rows.map((row) => (
            <tr key={row.key}>
              <th scope="row" className="px-4 py-2 font-medium text-slate-900">
                {row.label}
              </th>
              <td className="px-4 py-2 text-right text-slate-900 tabular-nums">{formatNumber(row.count)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
