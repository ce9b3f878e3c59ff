import { sql } from "kysely";
import { DEVICE_CLASSES, daysOf, REPORT_ROWS, type AnalyticsPeriod, type AnalyticsReport, type DeviceClass } from "../../domain/analytics";
import type { AppDatabase } from "../db/database.server";
import { campaignOfValue, type SourceDimension } from "./visit-sources.server";

/** What the roll-ups say of a period: everything of the report but leads and page speed. */
export type Traffic = Omit<AnalyticsReport, "vitals" | "pages" | "campaigns" | "leads" | "demo_clicks" | "sources" | "previous"> & {
  pages: Omit<AnalyticsReport["pages"][number], "leads" | "demo_clicks">[];
  campaigns: Omit<AnalyticsReport["campaigns"][number], "leads" | "demo_clicks">[];
};

/** A sum is a bigint (a string) on PostgreSQL and a number on SQLite. */
const count = (value: unknown): number => Number(value ?? 0);

/**
 * Views, visitors and where they came from, per day and over the period, from the daily roll-ups
 * only. Visitors of a period are the sum of each day's: hashes cannot be linked across days.
 */
export async function trafficReport(db: AppDatabase, { from, to }: AnalyticsPeriod): Promise<Traffic> {
  const pagesOfPeriod = db.selectFrom("analytics_pages").where("day", ">=", from).where("day", "<=", to);
  const sourcesOfPeriod = db.selectFrom("analytics_sources").where("day", ">=", from).where("day", "<=", to);
  const dimension = (name: SourceDimension, rows: number) =>
    sourcesOfPeriod
      .where("dimension", "=", name)
      .select(["value", (eb) => eb.fn.sum("visitors").as("visitors")])
      .groupBy("value")
      .orderBy(sql`sum(visitors)`, "desc")
      .orderBy("value")
      .limit(rows)
      .execute();
  const [viewsByDay, visitorsByDay, pages, referrers, campaigns, devices] = await Promise.all([
    pagesOfPeriod.select(["day", (eb) => eb.fn.sum("views").as("views")]).groupBy("day").execute(),
    // Every visitor has exactly one device.
    sourcesOfPeriod.where("dimension", "=", "device").select(["day", (eb) => eb.fn.sum("visitors").as("visitors")]).groupBy("day").execute(),
    pagesOfPeriod
      .select(["path", (eb) => eb.fn.sum("views").as("views"), (eb) => eb.fn.sum("visitors").as("visitors")])
      .groupBy("path")
      .orderBy(sql`sum(views)`, "desc")
      .orderBy("path")
      .limit(REPORT_ROWS)
      .execute(),
    dimension("referrer", REPORT_ROWS),
    dimension("campaign", REPORT_ROWS),
    dimension("device", DEVICE_CLASSES.length),
  ]);
  return trafficOf({ from, to }, { viewsByDay, visitorsByDay, pages, referrers, campaigns, devices });
}

type ValueRow = { value: string; visitors: unknown };

/** What the roll-ups answer for a period, their sums as the database gives them. */
export type TrafficRows = {
  viewsByDay: { day: string; views: unknown }[];
  visitorsByDay: { day: string; visitors: unknown }[];
  pages: { path: string; views: unknown; visitors: unknown }[];
  referrers: ValueRow[];
  campaigns: ValueRow[];
  devices: ValueRow[];
};

/** A period's traffic from its rows: every day of the period in the series, totals from the series. */
export function trafficOf({ from, to }: AnalyticsPeriod, rows: TrafficRows): Traffic {
  const views = new Map(rows.viewsByDay.map((row) => [row.day, count(row.views)]));
  const visitors = new Map(rows.visitorsByDay.map((row) => [row.day, count(row.visitors)]));
  const series = daysOf({ from, to }).map((day) => ({ day, views: views.get(day) ?? 0, visitors: visitors.get(day) ?? 0 }));
  return {
    from,
    to,
    views: series.reduce((sum, row) => sum + row.views, 0),
    visitors: series.reduce((sum, row) => sum + row.visitors, 0),
    series,
    pages: rows.pages.map((row) => ({ path: row.path, views: count(row.views), visitors: count(row.visitors) })),
    referrers: rows.referrers.map((row) => ({ host: row.value, visitors: count(row.visitors) })),
    campaigns: rows.campaigns.map((row) => ({ ...campaignOfValue(row.value), visitors: count(row.visitors) })),
    devices: rows.devices.map((row) => ({ device: row.value as DeviceClass, visitors: count(row.visitors) })),
  };
}

/** A period's views and visitors, each a single sum on an index (visitors from the device dimension: every visitor has exactly one). */
export async function trafficTotals(db: AppDatabase, { from, to }: AnalyticsPeriod): Promise<{ views: number; visitors: number }> {
  const [views, visitors] = await Promise.all([
    db.selectFrom("analytics_pages").where("day", ">=", from).where("day", "<=", to).select((eb) => eb.fn.sum("views").as("views")).executeTakeFirstOrThrow(),
    db
      .selectFrom("analytics_sources")
      .where("day", ">=", from)
      .where("day", "<=", to)
      .where("dimension", "=", "device")
      .select((eb) => eb.fn.sum("visitors").as("visitors"))
      .executeTakeFirstOrThrow(),
  ]);
  return { views: count(views.views), visitors: count(visitors.visitors) };
}
