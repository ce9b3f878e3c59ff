import type { AnalyticsPeriod, AnalyticsReport } from "../../domain/analytics";
import type { AppDatabase } from "../db/database.server";
import { leadsByCampaign, leadsByLandingPage } from "./leads.server";
import { trafficReport } from "./traffic-report.server";
import { campaignKey } from "./visit-sources.server";
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
  // A landing page or campaign that brought leads is listed even if it fell out of the top rows.
  const pages = withConversions(traffic.pages, leadsByPage, (row) => row.path, (row) =>
    row.path === "" ? undefined : { path: row.path, views: 0, visitors: 0, leads: row.leads, demo_clicks: row.demo_clicks },
  );
  const campaigns = withConversions(traffic.campaigns, leadsOfCampaigns, campaignKey, (row) => ({ ...row, visitors: 0 }));
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
