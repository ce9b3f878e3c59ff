import type { AnalyticsPeriod, AnalyticsReport } from "../../domain/analytics";
import type { AppDatabase } from "../db/database.server";
import { leadsByCampaign, leadsByLandingPage } from "./leads.server";
import { trafficReport } from "./traffic-report.server";
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
  const leads = new Map(leadsByPage.map((row) => [row.path, row]));
  const pages = traffic.pages.map((page) => ({ ...page, leads: 0, demo_clicks: 0, ...pick(leads.get(page.path)) }));
  // A landing page that brought leads is listed even if its views fell out of the top rows.
  const listed = new Set(pages.map((page) => page.path));
  for (const row of leadsByPage) {
    if (!listed.has(row.path) && row.path !== "" && (row.leads > 0 || row.demo_clicks > 0)) {
      pages.push({ path: row.path, views: 0, visitors: 0, leads: row.leads, demo_clicks: row.demo_clicks });
    }
  }
  const campaignKey = (row: { source: string; medium: string; campaign: string }) => JSON.stringify([row.source, row.medium, row.campaign]);
  const campaignLeads = new Map(leadsOfCampaigns.map((row) => [campaignKey(row), row]));
  const campaigns = traffic.campaigns.map((row) => ({ ...row, leads: 0, demo_clicks: 0, ...pick(campaignLeads.get(campaignKey(row))) }));
  const listedCampaigns = new Set(campaigns.map(campaignKey));
  for (const row of leadsOfCampaigns) {
    if (!listedCampaigns.has(campaignKey(row))) campaigns.push({ ...row, visitors: 0 });
  }
  const leadsTotal = leadsByPage.reduce((sum, row) => sum + row.leads, 0);
  const demoClicksTotal = leadsByPage.reduce((sum, row) => sum + row.demo_clicks, 0);
  return { ...traffic, leads: leadsTotal, demo_clicks: demoClicksTotal, pages, campaigns, vitals };
}

function pick(row: { leads: number; demo_clicks: number } | undefined) {
  return row ? { leads: row.leads, demo_clicks: row.demo_clicks } : {};
}
