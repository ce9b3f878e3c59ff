import { ANALYTICS_FILTERS, ANALYTICS_PATH, ANALYTICS_PERIODS, DEFAULT_ANALYTICS_DAYS, type AnalyticsFilter, type AnalyticsFilterKind, type AnalyticsReport, type CsvTable } from "../../../domain/analytics";
import { periodQuery, type PeriodChoice } from "./period";

/* The analytics dashboard's own addresses and choices; its period lives in ./period. */

export { ANALYTICS_PATH };

/** Which of the offered periods (7, 30, 90 days) the address shows, if any. */
export function currentDays(choice: PeriodChoice): number | undefined {
  if (choice.kind === "range") return undefined;
  const wanted = choice.days || String(DEFAULT_ANALYTICS_DAYS);
  return ANALYTICS_PERIODS.find((days) => String(days) === wanted);
}

export function daysHref(days: number): string {
  return `${ANALYTICS_PATH}?days=${days}`;
}

export function rangeHref(from: string, to: string): string {
  return `${ANALYTICS_PATH}?${new URLSearchParams({ from, to }).toString()}`;
}

export function reportPath(choice: PeriodChoice, filters: readonly AnalyticsFilter[] = []): string {
  const params = withFilters(periodQuery(choice), filters);
  const query = params.toString();
  return query ? `/api/admin/analytics?${query}` : "/api/admin/analytics";
}

export function csvPath(choice: PeriodChoice, table: CsvTable, filters: readonly AnalyticsFilter[] = []): string {
  const query = withFilters(periodQuery(choice), filters);
  query.set("table", table);
  return `/api/admin/analytics.csv?${query.toString()}`;
}

/** Articles are the pages of real posts: the report names them with the post's title and id. */
export function articlesOf(pages: AnalyticsReport["pages"]): AnalyticsReport["pages"] {
  return pages.filter((page) => page.post_id !== undefined);
}

/** The dashboard's filters, as the address keeps them: each of path, source and campaign at most once (decision 225). */
export function filtersFromAddress(params: URLSearchParams): AnalyticsFilter[] {
  return ANALYTICS_FILTERS.filter((kind) => params.has(kind)).map((kind) => ({ kind, value: params.get(kind) ?? "" }) as AnalyticsFilter);
}

/** `params` with these filters set, each replacing only a filter of its own kind. */
function withFilters(params: URLSearchParams, filters: readonly AnalyticsFilter[]): URLSearchParams {
  const next = new URLSearchParams(params);
  next.delete("device");
  for (const { kind, value } of filters) next.set(kind, value);
  return next;
}

function dashboardHref(params: URLSearchParams): string {
  const query = params.toString();
  return query ? `${ANALYTICS_PATH}?${query}` : ANALYTICS_PATH;
}

/** The address of the same view narrowed further by `filters`: a filter adds to the others and replaces only its own kind. */
export function filterHref(params: URLSearchParams, ...filters: AnalyticsFilter[]): string {
  return dashboardHref(withFilters(params, filters));
}

/** The address of the same view without the filter of `kind`; the others stay. */
export function unfilterHref(params: URLSearchParams, kind: AnalyticsFilterKind): string {
  const next = withFilters(params, []);
  next.delete(kind);
  return dashboardHref(next);
}

export { changeOf } from "../../../domain/analytics";

/** Leads per visitor, in percent with one decimal. */
export function conversionRate(leads: number, visitors: number): number {
  return visitors === 0 ? 0 : Math.round((leads / visitors) * 1000) / 10;
}
