import type { AnalyticsFilter, AnalyticsReport } from "../../../domain/analytics";
import { analyticsCopy as copy } from "../../content/analytics-dashboard";
import { useNavigate } from "react-router";
import { changeOf, conversionRate, unfilterHref } from "../../lib/admin/analytics-view";
import { formatNumber } from "../../lib/admin/period";
import { SiteLink } from "../ui/site-link";

/**
 * The dashboard's headline figures, each with its change against the period of the same length
 * just before: visitors, views, leads, demo clicks and leads per visitor. They stack on a phone.
 */
export function AnalyticsTiles({ report }: { report: AnalyticsReport }) {
  const { previous } = report;
  const rate = conversionRate(report.leads, report.visitors);
  const rateBefore = conversionRate(previous.leads, previous.visitors);
  const tiles = [
    { label: copy.totals.visitors, value: formatNumber(report.visitors), change: copy.change(changeOf(report.visitors, previous.visitors)) },
    { label: copy.totals.views, value: formatNumber(report.views), change: copy.change(changeOf(report.views, previous.views)) },
    { label: copy.totals.leads, value: formatNumber(report.leads), change: copy.change(changeOf(report.leads, previous.leads)) },
    { label: copy.totals.demoClicks, value: formatNumber(report.demo_clicks), change: copy.change(changeOf(report.demo_clicks, previous.demo_clicks)) },
    { label: copy.totals.conversion, value: `${formatNumber(rate)}%`, change: copy.conversionChange(Math.round((rate - rateBefore) * 10) / 10) },
  ];
  return (
    <section aria-label={copy.totalsLabel} className="mt-8">
      <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-5">
        {tiles.map((tile) => (
          <div key={tile.label} className="rounded-xl border border-slate-200 bg-white px-4 py-4 shadow-sm">
            <dt className="text-sm font-medium text-slate-700">{tile.label}</dt>
            <dd className="mt-1 text-3xl font-bold text-slate-900 tabular-nums">{tile.value}</dd>
            <dd className="mt-1 text-xs text-slate-700">{tile.change}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** A row's name as a link that narrows the whole dashboard to it (decision 185); its title says so. */
export function FilterLink({ href, name, text }: { href: string; name: string; text: string }) {
  return (
    <SiteLink to={href} title={copy.filterBy(name, text)} className="text-indigo-800 underline decoration-indigo-300 underline-offset-2 hover:decoration-indigo-700">
      {text}
    </SiteLink>
  );
}

/**
 * The filters in force, each a chip whose button removes it alone (decision 225); the address
 * keeps them, so the view can be shared.
 */
export function FilterChips({ filters, params }: { filters: AnalyticsFilter[]; params: URLSearchParams }) {
  const navigate = useNavigate();
  if (filters.length === 0) return null;
  return (
    <ul aria-label={copy.filtersLabel} className="mt-6 flex flex-wrap gap-2">
      {filters.map(({ kind: name, value }) => {
        const shown = name === "source" && value === "" ? copy.direct : value.split("\n").filter(Boolean).join(" / ");
        return (
          <li key={name} className="min-w-0 max-w-full">
            <button
              type="button"
              onClick={() => void navigate(unfilterHref(params, name))}
              aria-label={copy.removeFilter(copy.filterNames[name], shown)}
              className="inline-flex min-h-11 max-w-full items-center gap-2 rounded-full border border-indigo-300 bg-indigo-50 px-4 text-left text-sm font-semibold text-indigo-900 hover:bg-indigo-100"
            >
              <span className="min-w-0 [overflow-wrap:anywhere]">
                {copy.filterNames[name]}: {shown}
              </span>
              <span aria-hidden="true">×</span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
