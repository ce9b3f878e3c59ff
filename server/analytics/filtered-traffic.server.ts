import { sql } from "kysely";
import { DEVICE_CLASSES, REPORT_ROWS, type AnalyticsPeriod } from "../../domain/analytics";
import type { AppDatabase } from "../db/database.server";
import type { VisitMatch } from "./filter-clauses.server";
import { trafficOf, type Traffic } from "./traffic-report.server";
import { VISIT_DIMENSION, visitOfValue, visitValue } from "./visit-sources.server";

const count = (value: unknown): number => Number(value ?? 0);
type Row = { value: string; visitors: unknown };

/**
 * The traffic of a period narrowed to a page, referrer host or campaign, or several of them
 * together (decisions 185, 225), from the crossed roll-ups of migration 0055, each query on an
 * index that starts with what it filters:
 * - a page alone: its own views and visitors, and its visitors by the referrer, campaign and device
 *   of their visit (`analytics_crossed` by path);
 * - a page with a referrer or campaign: the page's rows of the "visit" dimension that match;
 * - a referrer or campaign, or both: the views and visitors of each page from such visits
 *   (`analytics_crossed` by value), and the visitors by the other dimensions (`analytics_visits`).
 */
export async function filteredTraffic(db: AppDatabase, period: AnalyticsPeriod, match: VisitMatch): Promise<Traffic> {
  const { path } = match;
  const parts =
    path === undefined ? await byVisit(db, period, match) : isPageOnly(match) ? await byPage(db, period, path) : await byPageAndVisit(db, period, { ...match, path });
  // A visit without a campaign has none to show (the crossed roll-ups keep it as "").
  const campaigns = parts.campaigns.filter((row) => row.value !== "");
  return trafficOf(period, { ...parts, viewsByDay: parts.byDay, visitorsByDay: parts.byDay, campaigns });
}

/** A period's views and visitors under filters, each a sum on an index where one is enough. */
export async function filteredTotals(db: AppDatabase, { from, to }: AnalyticsPeriod, match: VisitMatch): Promise<{ views: number; visitors: number }> {
  if (match.path !== undefined) {
    const traffic = await filteredTraffic(db, { from, to }, match);
    return { views: traffic.views, visitors: traffic.visitors };
  }
  const [views, visitors] = await Promise.all([
    crossedOf(db, { from, to }, match).select((eb) => eb.fn.sum("views").as("views")).executeTakeFirstOrThrow(),
    visitsOf(db, { from, to }, match).select((eb) => eb.fn.sum("visitors").as("visitors")).executeTakeFirstOrThrow(),
  ]);
  return { views: count(views.views), visitors: count(visitors.visitors) };
}

function isPageOnly(match: VisitMatch): boolean {
  return match.referrer_host === undefined && match.campaign === undefined;
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

/**
 * A page's traffic from visits of a referrer and/or campaign: its rows of the "visit" dimension
 * (one per day and referrer, campaign and device), those that match added up here. A visitor has
 * one source a day, so the visitors of the rows add up exactly.
 */
async function byPageAndVisit(db: AppDatabase, { from, to }: AnalyticsPeriod, match: VisitMatch & { path: string }): Promise<Parts> {
  const rows = await db
    .selectFrom("analytics_crossed")
    .where("path", "=", match.path)
    .where("day", ">=", from)
    .where("day", "<=", to)
    .where("dimension", "=", VISIT_DIMENSION)
    .select(["day", "value", "views", "visitors"])
    .execute();
  const matching = rows
    .map((row) => ({ day: row.day, views: count(row.views), visitors: count(row.visitors), ...visitOfValue(row.value) }))
    .filter((row) => (match.referrer_host ?? row.referrer_host) === row.referrer_host && (match.campaign ?? row.campaign) === row.campaign);
  const sums = (key: "day" | "referrer_host" | "campaign" | "device") => {
    const by = new Map<string, { value: string; views: number; visitors: number }>();
    for (const row of matching) {
      const sum = by.get(row[key]) ?? by.set(row[key], { value: row[key], views: 0, visitors: 0 }).get(row[key])!;
      sum.views += row.views;
      sum.visitors += row.visitors;
    }
    return [...by.values()].sort((a, b) => b.visitors - a.visitors || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0));
  };
  const byDay = sums("day").map(({ value, views, visitors }) => ({ day: value, views, visitors }));
  const total = (field: "views" | "visitors") => byDay.reduce((sum, row) => sum + row[field], 0);
  return {
    byDay,
    pages: byDay.length === 0 ? [] : [{ path: match.path, views: total("views"), visitors: total("visitors") }],
    referrers: sums("referrer_host").slice(0, REPORT_ROWS),
    campaigns: sums("campaign").slice(0, REPORT_ROWS + 1),
    devices: sums("device"),
  };
}

/**
 * The crossed roll-up's rows of a referrer or a campaign, or of both (the "visit" dimension's
 * values of that referrer and campaign on each device).
 */
function crossedOf(db: AppDatabase, { from, to }: AnalyticsPeriod, { referrer_host, campaign }: VisitMatch) {
  const [dimension, values] =
    referrer_host !== undefined && campaign !== undefined
      ? [VISIT_DIMENSION, DEVICE_CLASSES.map((device) => visitValue({ referrer_host, campaign, device }))]
      : referrer_host !== undefined
        ? ["referrer", [referrer_host]]
        : ["campaign", [campaign ?? ""]];
  return db
    .selectFrom("analytics_crossed")
    .where("dimension", "=", dimension)
    .where("value", "in", values)
    .where("day", ">=", from)
    .where("day", "<=", to);
}

function visitsOf(db: AppDatabase, { from, to }: AnalyticsPeriod, { referrer_host, campaign }: VisitMatch) {
  let visits = db.selectFrom("analytics_visits").where("day", ">=", from).where("day", "<=", to);
  if (referrer_host !== undefined) visits = visits.where("referrer_host", "=", referrer_host);
  if (campaign !== undefined) visits = visits.where("campaign", "=", campaign);
  return visits;
}

async function byVisit(db: AppDatabase, period: AnalyticsPeriod, match: VisitMatch): Promise<Parts> {
  const crossed = crossedOf(db, period, match);
  const visits = visitsOf(db, period, match);
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
