/**
 * The analytics part of `npm run bench`: a year of 100,000 views a day written into the roll-ups
 * as counting would leave them (views, visitors by source, page-speed histograms), to show what a year costs in rows and bytes and how fast the
 * dashboard's API answers on it.
 */
import { statSync } from "node:fs";
import path from "node:path";
import { addDays, dayOf, DEVICE_CLASSES, WEB_VITAL_NAMES, type WebVitalName } from "../domain/analytics";
import { bucketOf, emptyHistogram, encodeHistogram } from "../server/analytics/vitals-histogram";
import { campaignKey, sourceValues, VISIT_DIMENSION, visitValue, type SourceDimension } from "../server/analytics/visit-sources.server";
import { compactVitalsMonths } from "../server/analytics/vitals-months.server";
import { inChunks } from "../server/db/chunks.server";
import { createDatabase, type AppDatabase } from "../server/db/database.server";
import { migrateToLatest } from "../server/db/migrate.server";

export const VIEWS_PER_DAY = 100_000;
/** Visitors per view of a day: people read a few pages each. */
const VISITORS_PER_VIEW = 0.4;
const DAYS = 365;
const SITE_PAGES = ["/", "/blog", "/features", "/how-it-works", "/solutions", "/science", "/about", "/contact", "/support", "/security", "/privacy", "/terms", "(not found)"];
const ARTICLES = Array.from({ length: 150 }, (_, n) => `/blog/article-${n}`);
const REFERRERS = ["google.com", "linkedin.com", "bing.com", "duckduckgo.com", "news.ycombinator.com", "reddit.com", "twitter.com", "facebook.com", "github.com", "medium.com", "substack.com", "youtube.com", "ecosia.org", "yahoo.com", "slack.com"];
const CAMPAIGNS = [
  ["newsletter", "email", "launch"],
  ["newsletter", "email", "monthly"],
  ["linkedin", "social", "spring"],
  ["linkedin", "cpc", "compliance-training"],
  ["google", "cpc", "ai-training"],
  ["google", "cpc", "onboarding"],
  ["partner", "referral", "webinar"],
  ["twitter", "social", "launch"],
] as const;

/** Page views that send a page-speed beacon (JavaScript ran, and the page was not left at once). */
const REPORTING = 0.6;
/** Each metric's typical value on a real site, and how widely it spreads (log-normal). */
const TYPICAL: Record<WebVitalName, { median: number; spread: number }> = {
  LCP: { median: 1800, spread: 0.5 },
  INP: { median: 120, spread: 0.7 },
  CLS: { median: 0.04, spread: 1 },
  TTFB: { median: 450, spread: 0.5 },
};
/** Values drawn per histogram at most; their counts are scaled to the day's samples. */
const DRAWS = 200;

/** A small seeded generator: the same year on every run. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Picks among `items` with Zipf weights (the first the most likely). */
function zipf<T>(items: readonly T[], next: () => number): () => T {
  const weights = items.map((_, index) => 1 / (index + 1));
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  const cumulative: number[] = [];
  let sum = 0;
  for (const weight of weights) cumulative.push((sum += weight / total));
  return () => {
    const r = next();
    let low = 0;
    let high = cumulative.length - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (cumulative[middle]! < r) low = middle + 1;
      else high = middle;
    }
    return items[low]!;
  };
}

/** Writes the year ending today into `dataDir`'s database; returns its rows per table and file size. */
export async function fillAnalyticsYear(dataDir: string): Promise<{ rows: Record<string, number>; bytes: number; days: number }> {
  const file = path.join(dataDir, "site.db");
  const db = createDatabase({ kind: "sqlite", file });
  const next = random(141);
  const pathOf = zipf([...SITE_PAGES.slice(0, 3), ...ARTICLES.slice(0, 20), ...SITE_PAGES.slice(3), ...ARTICLES.slice(20)], next);
  const referrerOf = zipf(REFERRERS, next);
  const campaignOf = zipf(CAMPAIGNS, next);
  try {
    await migrateToLatest(db);
    const today = dayOf(Date.now());
    for (let back = DAYS - 1; back >= 0; back -= 1) {
      const day = addDays(today, -back);
      const pages = new Map<string, { views: number; visitors: number }>();
      for (let view = 0; view < VIEWS_PER_DAY; view += 1) {
        const page = pathOf();
        const entry = pages.get(page) ?? { views: 0, visitors: 0 };
        entry.views += 1;
        pages.set(page, entry);
      }
      for (const entry of pages.values()) entry.visitors = Math.max(1, Math.round(entry.views * 0.7));
      const sources = new Map<string, { dimension: SourceDimension; value: string; visitors: number }>();
      // The crossed roll-ups (decision 185): each visitor's pages by its source, and its source's dimensions together.
      const crossed = new Map<string, { dimension: string; value: string; path: string; views: number; visitors: number }>();
      const visits = new Map<string, { referrer_host: string; campaign: string; device: string; visitors: number }>();
      for (let visitor = 0; visitor < VIEWS_PER_DAY * VISITORS_PER_VIEW; visitor += 1) {
        const [utm_source, utm_medium, utm_campaign] = next() < 0.1 ? campaignOf() : ["", "", ""];
        const referrer_host = next() < 0.5 ? "" : referrerOf();
        const r = next();
        const device = DEVICE_CLASSES[r < 0.55 ? 2 : r < 0.95 ? 0 : 1];
        const landing_path = pathOf();
        for (const { dimension, value } of sourceValues({ landing_path, referrer_host, utm_source, utm_medium, utm_campaign }, device)) {
          const entry = sources.get(`${dimension}\n${value}`) ?? { dimension, value, visitors: 0 };
          entry.visitors += 1;
          sources.set(`${dimension}\n${value}`, entry);
        }
        const campaign = utm_source || utm_medium || utm_campaign ? campaignKey({ source: utm_source, medium: utm_medium, campaign: utm_campaign }) : "";
        const visitKey = `${referrer_host}\n${campaign}\n${device}`;
        const visit = visits.get(visitKey) ?? visits.set(visitKey, { referrer_host, campaign, device, visitors: 0 }).get(visitKey)!;
        visit.visitors += 1;
        // About 1 / VISITORS_PER_VIEW views each: the landing page, then more pages.
        const viewed = new Map<string, number>([[landing_path, 1]]);
        for (let more = 1; more < 1 / VISITORS_PER_VIEW + (next() < 0.5 ? 1 : 0) - 0.5; more += 1) {
          const page = pathOf();
          viewed.set(page, (viewed.get(page) ?? 0) + 1);
        }
        for (const [page, views] of viewed) {
          const visitDimension = [VISIT_DIMENSION, visitValue({ referrer_host, campaign, device })] as const;
          for (const [dimension, value] of [["referrer", referrer_host], ["campaign", campaign], ["device", device], visitDimension] as const) {
            const key = `${dimension}\n${value}\n${page}`;
            const entry = crossed.get(key) ?? crossed.set(key, { dimension, value, path: page, views: 0, visitors: 0 }).get(key)!;
            entry.views += views;
            entry.visitors += 1;
          }
        }
      }
      const vitals = [...pages].flatMap(([path, entry]) =>
        WEB_VITAL_NAMES.map((metric) => ({ day, path, metric, ...vitalsHistogram(metric, Math.round(entry.views * REPORTING), next) })),
      );
      await db.transaction().execute(async (trx) => {
        await insertChunks(trx, "analytics_pages", [...pages].map(([path, entry]) => ({ day, path, ...entry })));
        await insertChunks(trx, "analytics_vitals", vitals.filter((row) => row.samples > 0));
        await insertChunks(trx, "analytics_sources", [...sources.values()].map((row) => ({ day, ...row })));
        await insertChunks(trx, "analytics_crossed", [...crossed.values()].map((row) => ({ day, ...row })));
        await insertChunks(trx, "analytics_visits", [...visits.values()].map((row) => ({ day, ...row })));
      });
    }
    // What housekeeping does each month: the past months' page-speed histograms merged once.
    await compactVitalsMonths(db);
    const rows: Record<string, number> = {};
    for (const table of ["analytics_pages", "analytics_sources", "analytics_crossed", "analytics_visits", "analytics_vitals", "analytics_vitals_months"] as const) {
      const row = await db.selectFrom(table).select((eb) => eb.fn.countAll().as("rows")).executeTakeFirstOrThrow();
      rows[table] = Number(row.rows);
    }
    return { rows, bytes: statSync(file).size, days: DAYS };
  } finally {
    await db.destroy();
  }
}

/** A day's histogram of `samples` values of a metric, drawn log-normal around its typical value. */
function vitalsHistogram(metric: WebVitalName, samples: number, next: () => number): { samples: number; histogram: string } {
  const histogram = emptyHistogram();
  const draws = Math.min(samples, DRAWS);
  const { median, spread } = TYPICAL[metric];
  for (let draw = 0; draw < draws; draw += 1) {
    // Box-Muller: a normal value from two uniform ones.
    const normal = Math.sqrt(-2 * Math.log(1 - next())) * Math.cos(2 * Math.PI * next());
    histogram[bucketOf(metric, median * Math.exp(spread * normal))]! += 1;
  }
  let kept = 0;
  for (let bucket = 0; bucket < histogram.length; bucket += 1) {
    histogram[bucket] = Math.round((histogram[bucket]! * samples) / Math.max(1, draws));
    kept += histogram[bucket]!;
  }
  return { samples: kept, histogram: encodeHistogram(histogram) };
}

async function insertChunks(
  trx: AppDatabase,
  table: "analytics_pages" | "analytics_sources" | "analytics_crossed" | "analytics_visits" | "analytics_vitals",
  rows: object[],
): Promise<void> {
  for (const chunk of inChunks(rows)) await trx.insertInto(table).values(chunk as never).execute();
}

/** The API's answer time, in ms: the median and slowest of `times` requests after a warm-up. */
export async function timeReport(url: string, token: string, query: string, times = 20): Promise<{ median: number; max: number; bytes: number }> {
  const once = async () => {
    const started = performance.now();
    const response = await fetch(`${url}/api/admin/analytics?${query}`, { headers: { authorization: `Bearer ${token}` } });
    const body = await response.text();
    if (response.status !== 200) throw new Error(`analytics answered ${response.status}: ${body}`);
    return { ms: performance.now() - started, bytes: body.length };
  };
  for (let warm = 0; warm < 3; warm += 1) await once();
  const results = [];
  for (let n = 0; n < times; n += 1) results.push(await once());
  const sorted = results.map((result) => result.ms).sort((a, b) => a - b);
  return { median: sorted[Math.floor(sorted.length / 2)]!, max: sorted[sorted.length - 1]!, bytes: results[0]!.bytes };
}

/**
 * The dashboard's queries the bench times on the year: each period, each single filter (a page, a
 * referrer, a campaign) and filters combined over the longest one (decisions 185, 225).
 */
export const REPORT_QUERIES = [
  "days=7",
  "days=30",
  "days=90",
  "days=366",
  "days=366&path=%2F",
  "days=366&path=%2Fblog%2Farticle-7",
  "days=366&source=google.com",
  "days=366&source=",
  `days=366&campaign=${encodeURIComponent("newsletter\nemail\nlaunch")}`,
  "days=30&source=linkedin.com",
  "days=366&source=google.com&path=%2F",
  `days=366&source=google.com&campaign=${encodeURIComponent("newsletter\nemail\nlaunch")}`,
  `days=366&source=google.com&path=%2F&campaign=${encodeURIComponent("newsletter\nemail\nlaunch")}`,
];
