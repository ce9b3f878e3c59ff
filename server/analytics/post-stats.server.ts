import type { AnalyticsPeriod, PostStats } from "../../domain/analytics";
import type { AppDatabase } from "../db/database.server";
import { analyticsReport } from "./analytics-report.server";

export type { PostStats };

/** Rows of sources and campaigns the panel shows. */
const TOP_ROWS = 5;

/** One post's figures over a period: the dashboard's report narrowed to the post's page. */
export async function postStats(db: AppDatabase, slug: string, period: AnalyticsPeriod): Promise<PostStats> {
  return pathStats(db, `/blog/${slug}`, period);
}

/** One address's figures over a period (a post's or an edited page's performance panel). */
export async function pathStats(db: AppDatabase, path: string, period: AnalyticsPeriod): Promise<PostStats> {
  const report = await analyticsReport(db, period, [{ kind: "path", value: path }]);
  const vitals = report.vitals.find((row) => row.path === path);
  return {
    path,
    from: report.from,
    to: report.to,
    views: report.views,
    visitors: report.visitors,
    leads: report.leads,
    demo_clicks: report.demo_clicks,
    previous: report.previous,
    sources: report.sources.slice(0, TOP_ROWS),
    campaigns: report.campaigns.slice(0, TOP_ROWS),
    vitals: vitals ? { samples: vitals.samples, lcp_p75: vitals.lcp_p75, inp_p75: vitals.inp_p75, cls_p75: vitals.cls_p75, ttfb_p75: vitals.ttfb_p75 } : null,
  };
}
