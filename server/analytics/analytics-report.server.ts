import { previousPeriod, REPORT_ROWS, type AnalyticsFilter, type AnalyticsPeriod, type AnalyticsReport, type AnalyticsTotals } from "../../domain/analytics";
import type { AppDatabase } from "../db/database.server";
import { trafficMatch } from "./filter-clauses.server";
import { filteredTotals, filteredTraffic } from "./filtered-traffic.server";
import { conversionTotals, leadsByCampaign, leadsByLandingPage, leadsBySource } from "./leads.server";
import { pageTitles } from "./page-titles.server";
import { trafficReport, trafficTotals } from "./traffic-report.server";
import { campaignKey, campaignOfValue, OTHER_VALUE } from "./visit-sources.server";
import { vitalsByPage } from "./web-vitals.server";

/**
 * The report of `GET /api/admin/analytics` and of the dashboard: the traffic of the period, with
 * the leads and demo clicks of each landing page, source and campaign, the page speed of each
 * page, and the totals of the period just before. Filters (decisions 185, 225) narrow every figure
 * to the visits of a page, referrer host and campaign together; leads and clicks are those of such visits.
 */
export async function analyticsReport(db: AppDatabase, period: AnalyticsPeriod, filters: readonly AnalyticsFilter[] = []): Promise<AnalyticsReport> {
  const match = trafficMatch(filters);
  const [traffic, leadsByPage, leadsOfCampaigns, leadsOfSources, vitals, previous] = await Promise.all([
    match ? filteredTraffic(db, period, match) : trafficReport(db, period),
    leadsByLandingPage(db, period, filters),
    leadsByCampaign(db, period, filters),
    leadsBySource(db, period, filters),
    vitalsByPage(db, period),
    periodTotals(db, previousPeriod(period), filters),
  ]);
  // A landing page or campaign that brought leads is listed even if it fell out of the top rows,
  // as long as the table has room: clicks are the client's to send, so past REPORT_ROWS rows the
  // rest is summed up as "(other)".
  const pages = withinRows(
    withConversions(traffic.pages, leadsByPage, (row) => row.path, (row) =>
      row.path === "" ? undefined : { path: row.path, views: 0, visitors: 0, leads: row.leads, demo_clicks: row.demo_clicks },
    ),
    { path: OTHER_VALUE, views: 0, visitors: 0, leads: 0, demo_clicks: 0 },
  );
  const campaigns = withinRows(
    withConversions(traffic.campaigns, leadsOfCampaigns, campaignKey, (row) => ({ ...row, visitors: 0 })),
    { ...campaignOfValue(OTHER_VALUE), visitors: 0, leads: 0, demo_clicks: 0 },
  );
  const sources = withinRows(
    withConversions(traffic.referrers, leadsOfSources, (row) => row.host, (row) => ({ ...row, visitors: 0 })),
    { host: OTHER_VALUE, visitors: 0, leads: 0, demo_clicks: 0 },
  ).map(({ host, visitors, leads }) => ({ host, visitors, leads }));
  const titles = await pageTitles(db, pages.map((row) => row.path));
  const listed = new Set(pages.map((row) => row.path));
  return {
    ...traffic,
    leads: leadsByPage.reduce((sum, row) => sum + row.leads, 0),
    demo_clicks: leadsByPage.reduce((sum, row) => sum + row.demo_clicks, 0),
    pages: pages.map((row) => ({ ...row, ...titles.get(row.path) })),
    campaigns,
    sources,
    // Page speed is not kept by source: narrowed, it is that of the pages listed, from every visit.
    vitals: match ? vitals.filter((row) => listed.has(row.path)) : vitals,
    previous,
  };
}

/** A period's views, visitors, leads and demo clicks under filters: `previous` of the report. */
export async function periodTotals(db: AppDatabase, period: AnalyticsPeriod, filters: readonly AnalyticsFilter[] = []): Promise<AnalyticsTotals> {
  const match = trafficMatch(filters);
  const [traffic, conversions] = await Promise.all([match ? filteredTotals(db, period, match) : trafficTotals(db, period), conversionTotals(db, period, filters)]);
  return { ...period, ...traffic, ...conversions };
}

type Conversions = { leads: number; demo_clicks: number };

/**
 * Traffic rows with the leads and demo clicks of the same key, then the rows of keys that only
 * converted (`extra` says how such a row reads, or leaves it out).
 */
function withConversions<T, C extends Conversions>(
  rows: T[],
  conversions: C[],
  key: (row: T | C) => string,
  extra: (row: C) => (T & Conversions) | undefined,
): (T & Conversions)[] {
  const unmatched = new Map(conversions.map((row) => [key(row), row]));
  const merged = rows.map((row) => {
    const matched = unmatched.get(key(row));
    unmatched.delete(key(row));
    return { ...row, leads: matched?.leads ?? 0, demo_clicks: matched?.demo_clicks ?? 0 };
  });
  for (const row of unmatched.values()) {
    const added = extra(row);
    if (added) merged.push(added);
  }
  return merged;
}

/**
 * At most REPORT_ROWS rows: the first ones as they come, and, when there are more, the rest added
 * up into the row that reads like `other` (kept where it is, or added last), so that the table's
 * totals stay whole.
 */
function withinRows<T extends Record<string, string | number>>(rows: T[], other: T): T[] {
  if (rows.length <= REPORT_ROWS) return rows;
  const isOther = (row: T) => Object.entries(other).every(([field, value]) => typeof value === "number" || row[field] === value);
  const kept = rows.filter((row) => !isOther(row)).slice(0, REPORT_ROWS - 1);
  const rest = { ...other } as Record<string, string | number>;
  for (const row of rows.filter((row) => !kept.includes(row))) {
    for (const [field, value] of Object.entries(row)) {
      if (typeof value === "number") rest[field] = Number(rest[field] ?? 0) + value;
    }
  }
  return [...kept, rest as T];
}
