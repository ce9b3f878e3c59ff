import { sql } from "kysely";
import { DEVICE_CLASSES, REPORT_ROWS, type AnalyticsPeriod, type AnalyticsFilter } from "../../domain/analytics";
import type { AppDatabase } from "../db/database.server";
import { filterClauses, type FilteredTrafficSource } from "./filter-clauses.server";
import { trafficOf, type Traffic } from "./traffic-report.server";

const count = (value: unknown): number => Number(value ?? 0);
type Row = { value: string; visitors: unknown };

/**
 * The traffic of a period narrowed to one page, referrer host or campaign (decision 185), from the
 * crossed roll-ups of migration 0055, each query on an index that starts with what it filters:
 * - a page: its own views and visitors, and its visitors by the referrer, campaign and device of
 *   their visit (`analytics_crossed` by path);
 * - a referrer or campaign: the views and visitors of each page from such visits
 *   (`analytics_crossed` by value), and the visitors by the other dimensions (`analytics_visits`).
 */
export async function filteredTraffic(db: AppDatabase, { from, to }: AnalyticsPeriod, filter: AnalyticsFilter): Promise<Traffic> {
  const source = filterClauses(filter).traffic;
  const parts = source.by === "page" ? await byPage(db, { from, to }, source.path) : await byVisit(db, { from, to }, source);
  // A visit without a campaign has none to show (the crossed roll-ups keep it as "").
  const campaigns = parts.campaigns.filter((row) => row.value !== "");
  return trafficOf({ from, to }, { ...parts, viewsByDay: parts.byDay, visitorsByDay: parts.byDay, campaigns });
}

type Parts = {
  byDay: { day: string; views: unknown; visitors: unknown }[];
  pages: { path: string; views: unknown; visitors: unknown }[];
  referrers: Row[];
  campaigns: Row[];
  devices: Row[];
};

async function byPage(db: AppDatabase, { from, to }: AnalyticsPeriod, path: string): Promise<Parts> {
  const page = db.selectFrom("analytics_pages").where("path", "=", path).where("day", ">=", from).where("day", "<=", to);
  const crossed = (dimension: string, rows: number) =>
    db
      .selectFrom("analytics_crossed")
      .where("path", "=", path)
      .where("day", ">=", from)
      .where("day", "<=", to)
      .where("dimension", "=", dimension)
      .select(["value", (eb) => eb.fn.sum("visitors").as("visitors")])
      .groupBy("value")
      .orderBy(sql`sum(visitors)`, "desc")
      .orderBy("value")
      .limit(rows)
      .execute();
  const [byDay, referrers, campaigns, devices] = await Promise.all([
    page.select(["day", "views", "visitors"]).execute(),
    crossed("referrer", REPORT_ROWS),
    crossed("campaign", REPORT_ROWS + 1),
    crossed("device", DEVICE_CLASSES.length),
  ]);
  const pages = byDay.length === 0 ? [] : [{ path, views: byDay.reduce((sum, row) => sum + count(row.views), 0), visitors: byDay.reduce((sum, row) => sum + count(row.visitors), 0) }];
  return { byDay, pages, referrers, campaigns: campaigns.slice(0, REPORT_ROWS + 1), devices };
}

async function byVisit(db: AppDatabase, { from, to }: AnalyticsPeriod, { dimension, value, column }: FilteredTrafficSource & { by: "visit" }): Promise<Parts> {
  const crossed = db
    .selectFrom("analytics_crossed")
    .where("dimension", "=", dimension)
    .where("value", "=", value)
    .where("day", ">=", from)
    .where("day", "<=", to);
  const visits = db.selectFrom("analytics_visits").where(column, "=", value).where("day", ">=", from).where("day", "<=", to);
  const visitsBy = (by: "referrer_host" | "campaign" | "device", rows: number) =>
    visits
      .select([`${by} as value`, (eb) => eb.fn.sum("visitors").as("visitors")])
      .groupBy(by)
      .orderBy(sql`sum(visitors)`, "desc")
      .orderBy(by)
      .limit(rows)
      .execute();
  const [viewsByDay, visitorsByDay, pages, referrers, campaigns, devices] = await Promise.all([
    crossed.select(["day", (eb) => eb.fn.sum("views").as("views")]).groupBy("day").execute(),
    visits.select(["day", (eb) => eb.fn.sum("visitors").as("visitors")]).groupBy("day").execute(),
    crossed
      .select(["path", (eb) => eb.fn.sum("views").as("views"), (eb) => eb.fn.sum("visitors").as("visitors")])
      .groupBy("path")
      .orderBy(sql`sum(views)`, "desc")
      .orderBy("path")
      .limit(REPORT_ROWS)
      .execute(),
    visitsBy("referrer_host", REPORT_ROWS),
    visitsBy("campaign", REPORT_ROWS + 1),
    visitsBy("device", DEVICE_CLASSES.length),
  ]);
  const visitors = new Map(visitorsByDay.map((row) => [row.day, row.visitors]));
  const days = new Set([...viewsByDay.map((row) => row.day), ...visitors.keys()]);
  const views = new Map(viewsByDay.map((row) => [row.day, row.views]));
  const byDay = [...days].map((day) => ({ day, views: views.get(day) ?? 0, visitors: visitors.get(day) ?? 0 }));
  return { byDay, pages, referrers, campaigns, devices };
}
