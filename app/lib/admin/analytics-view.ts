import { ANALYTICS_PERIODS, DEFAULT_ANALYTICS_DAYS, type AnalyticsReport, type CsvTable } from "../../../domain/analytics";
import { periodQuery, type PeriodChoice } from "./period";

/* The analytics dashboard's own addresses and choices; its period lives in ./period. */

export const ANALYTICS_PATH = "/admin/analytics";

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

export function reportPath(choice: PeriodChoice): string {
  const query = periodQuery(choice).toString();
  return query ? `/api/admin/analytics?${query}` : "/api/admin/analytics";
}

export function csvPath(choice: PeriodChoice, table: CsvTable): string {
  const query = periodQuery(choice);
  query.set("table", table);
  return `/api/admin/analytics.csv?${query.toString()}`;
}

/** Articles are the pages under /blog/ (the list itself, /blog, is not one). */
export function articlesOf(pages: AnalyticsReport["pages"]): AnalyticsReport["pages"] {
  return pages.filter((page) => page.path.startsWith("/blog/") && page.path.length > "/blog/".length);
}
