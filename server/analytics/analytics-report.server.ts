import { REPORT_ROWS, type AnalyticsPeriod, type AnalyticsReport } from "../../domain/analytics";
import type { AppDatabase } from "../db/database.server";
import { leadsByCampaign, leadsByLandingPage } from "./leads.server";
import { trafficReport } from "./traffic-report.server";
import { campaignKey, campaignOfValue, OTHER_VALUE } from "./visit-sources.server";
import { vitalsByPage } from "./web-vitals.server";

/**
 * The report of `GET /api/admin/analytics` and of the dashboard: the traffic of the period, with
 * the leads and demo clicks of each landing page and campaign, and the page speed of each page.
 */
export async function analyticsReport(db: AppDatabase, period: AnalyticsPeriod): Promise<AnalyticsReport> {
  const [traffic, leadsByPage, leadsOfCampaigns, vitals] = await Promise.all([
    trafficReport(db, period),
    leadsByLandingPage(db, period),
    leadsByCampaign(db, period),
    vitalsByPage(db, period),
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
  const leadsTotal = leadsByPage.reduce((sum, row) => sum + row.leads, 0);
  const demoClicksTotal = leadsByPage.reduce((sum, row) => sum + row.demo_clicks, 0);
  return { ...traffic, leads: leadsTotal, demo_clicks: demoClicksTotal, pages, campaigns, vitals };
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
