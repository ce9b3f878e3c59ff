import { ANALYTICS_FILTERS, ANALYTICS_PATH, ANALYTICS_PERIODS, DEFAULT_ANALYTICS_DAYS, type AnalyticsFilter, type AnalyticsReport, type CsvTable } from "../../../domain/analytics";
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

export function reportPath(choice: PeriodChoice, filter?: AnalyticsFilter): string {
  const params = periodQuery(choice);
  if (filter) params.set(filter.kind, filter.value);
  const query = params.toString();
  return query ? `/api/admin/analytics?${query}` : "/api/admin/analytics";
}

export function csvPath(choice: PeriodChoice, table: CsvTable): string {
  const query = periodQuery(choice);
  query.set("table", table);
  return `/api/admin/analytics.csv?${query.toString()}`;
}

/** Articles are the pages of real posts: the report names them with the post's title and id. */
export function articlesOf(pages: AnalyticsReport["pages"]): AnalyticsReport["pages"] {
  return pages.filter((page) => page.post_id !== undefined);
}

/** The dashboard's filter, as the address keeps it (one of path, source, campaign; decision 185). */
export function filterFromAddress(params: URLSearchParams): AnalyticsFilter | undefined {
  const kind = ANALYTICS_FILTERS.find((name) => params.has(name));
  return kind && ({ kind, value: params.get(kind) ?? "" } as AnalyticsFilter);
}

/** The address of the same period narrowed to `filter` (or to nothing): a filter replaces the one before. */
export function filterHref(params: URLSearchParams, filter: AnalyticsFilter | undefined): string {
  const next = new URLSearchParams(params);
  for (const name of [...ANALYTICS_FILTERS, "device"]) next.delete(name);
  if (filter) next.set(filter.kind, filter.value);
  const query = next.toString();
  return query ? `${ANALYTICS_PATH}?${query}` : ANALYTICS_PATH;
}

export { changeOf } from "../../../domain/analytics";

/** Leads per visitor, in percent with one decimal. */
export function conversionRate(leads: number, visitors: number): number {
  return visitors === 0 ? 0 : Math.round((leads / visitors) * 1000) / 10;
}
