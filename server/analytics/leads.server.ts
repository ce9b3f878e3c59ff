import { sql } from "kysely";
import { addDays, type AnalyticsFilter, type AnalyticsPeriod } from "../../domain/analytics";
import type { AppDatabase } from "../db/database.server";
import { CONVERSION_SOURCE, conversionsMatching } from "./filter-clauses.server";
import { campaignKey } from "./visit-sources.server";

export type LeadsByLandingPage = { path: string; leads: number; demo_clicks: number };
export type LeadsByCampaign = { source: string; medium: string; campaign: string; leads: number; demo_clicks: number };

export type LeadsBySource = { host: string; leads: number; demo_clicks: number };

/** The period's contact messages: created_at is ISO-8601 UTC text, so the days' bounds compare as text. */
function messagesIn(db: AppDatabase, { from, to }: AnalyticsPeriod, filters: readonly AnalyticsFilter[]) {
  return db
    .selectFrom("contact_messages")
    .where("created_at", ">=", `${from}T00:00:00.000Z`)
    .where("created_at", "<", `${addDays(to, 1)}T00:00:00.000Z`)
    .where(conversionsMatching(filters));
}

function clicksIn(db: AppDatabase, { from, to }: AnalyticsPeriod, filters: readonly AnalyticsFilter[]) {
  return db.selectFrom("analytics_demo_clicks").where("day", ">=", from).where("day", "<=", to).where(conversionsMatching(filters));
}

/** Most leads and clicks first, then by name: the same order on every database. */
function byWeight<T extends { leads: number; demo_clicks: number }>(key: (row: T) => string) {
  return (a: T, b: T) =>
    b.leads + b.demo_clicks - (a.leads + a.demo_clicks) || b.leads - a.leads || (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0);
}

/**
 * Leads (contact messages) and demo clicks of a period (UTC days, both ends included) per
 * landing page. "" is a row of its own: leads whose landing page is not known.
 */
export async function leadsByLandingPage(db: AppDatabase, period: AnalyticsPeriod, filters: readonly AnalyticsFilter[] = []): Promise<LeadsByLandingPage[]> {
  const [leads, clicks] = await Promise.all([
    messagesIn(db, period, filters)
      .select(["landing_path as path", (eb) => eb.fn.countAll<number | string>().as("count")])
      .groupBy("landing_path")
      .execute(),
    clicksIn(db, period, filters)
      .select(["landing_path as path", (eb) => eb.fn.sum<number | string>("clicks").as("count")])
      .groupBy("landing_path")
      .execute(),
  ]);
  const rows = new Map<string, LeadsByLandingPage>();
  const row = (path: string) => rows.get(path) ?? rows.set(path, { path, leads: 0, demo_clicks: 0 }).get(path)!;
  for (const { path, count } of leads) row(path).leads += Number(count);
  for (const { path, count } of clicks) row(path).demo_clicks += Number(count);
  return [...rows.values()].sort(byWeight((each) => each.path));
}

/**
 * Leads and demo clicks of a period per campaign (utm_source, utm_medium, utm_campaign): only
 * sources with at least one UTM value.
 */
export async function leadsByCampaign(db: AppDatabase, period: AnalyticsPeriod, filters: readonly AnalyticsFilter[] = []): Promise<LeadsByCampaign[]> {
  const tagged = sql<boolean>`(utm_source <> '' or utm_medium <> '' or utm_campaign <> '')`;
  const [leads, clicks] = await Promise.all([
    messagesIn(db, period, filters)
      .where(tagged)
      .select(["utm_source", "utm_medium", "utm_campaign", (eb) => eb.fn.countAll<number | string>().as("count")])
      .groupBy(["utm_source", "utm_medium", "utm_campaign"])
      .execute(),
    clicksIn(db, period, filters)
      .where(tagged)
      .select(["utm_source", "utm_medium", "utm_campaign", (eb) => eb.fn.sum<number | string>("clicks").as("count")])
      .groupBy(["utm_source", "utm_medium", "utm_campaign"])
      .execute(),
  ]);
  const rows = new Map<string, LeadsByCampaign>();
  const row = ({ utm_source, utm_medium, utm_campaign }: { utm_source: string; utm_medium: string; utm_campaign: string }) => {
    const key = campaignKey({ source: utm_source, medium: utm_medium, campaign: utm_campaign });
    return rows.get(key) ?? rows.set(key, { source: utm_source, medium: utm_medium, campaign: utm_campaign, leads: 0, demo_clicks: 0 }).get(key)!;
  };
  for (const each of leads) row(each).leads += Number(each.count);
  for (const each of clicks) row(each).demo_clicks += Number(each.count);
  return [...rows.values()].sort(byWeight<LeadsByCampaign>(campaignKey));
}

/** Leads and demo clicks of a period per source of the visit that sent them (its referrer host, or its utm_source; "" for direct visits). */
export async function leadsBySource(db: AppDatabase, period: AnalyticsPeriod, filters: readonly AnalyticsFilter[] = []): Promise<LeadsBySource[]> {
  const [leads, clicks] = await Promise.all([
    messagesIn(db, period, filters)
      .select([CONVERSION_SOURCE.as("host"), (eb) => eb.fn.countAll<number | string>().as("count")])
      .groupBy(CONVERSION_SOURCE)
      .execute(),
    clicksIn(db, period, filters)
      .select([CONVERSION_SOURCE.as("host"), (eb) => eb.fn.sum<number | string>("clicks").as("count")])
      .groupBy(CONVERSION_SOURCE)
      .execute(),
  ]);
  const rows = new Map<string, LeadsBySource>();
  const row = (host: string) => rows.get(host) ?? rows.set(host, { host, leads: 0, demo_clicks: 0 }).get(host)!;
  for (const { host, count } of leads) row(host).leads += Number(count);
  for (const { host, count } of clicks) row(host).demo_clicks += Number(count);
  return [...rows.values()].sort(byWeight((each) => each.host));
}

/** How many leads and demo clicks a period has under a filter. */
export async function conversionTotals(db: AppDatabase, period: AnalyticsPeriod, filters: readonly AnalyticsFilter[] = []): Promise<{ leads: number; demo_clicks: number }> {
  const [leads, clicks] = await Promise.all([
    messagesIn(db, period, filters).select((eb) => eb.fn.countAll<number | string>().as("count")).executeTakeFirstOrThrow(),
    clicksIn(db, period, filters).select((eb) => eb.fn.sum<number | string | null>("clicks").as("count")).executeTakeFirstOrThrow(),
  ]);
  return { leads: Number(leads.count ?? 0), demo_clicks: Number(clicks.count ?? 0) };
}
