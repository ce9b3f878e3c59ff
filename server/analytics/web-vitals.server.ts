import { sql } from "kysely";
import { dayOf, WEB_VITAL_NAMES, type AnalyticsPeriod, type AnalyticsReport, type WebVitalName } from "../../domain/analytics";
import type { VitalValues } from "../../domain/web-vitals";
import type { AppDatabase } from "../db/database.server";
import type { RateLimitRule } from "../limits/rate-limits.server";
import type { Logger } from "../logger.server";
import { bucketOf, histogramPercentile, shownVital } from "./vitals-histogram";

/**
 * Real visitors' page speed (docs/decisions/143): samples are counted in memory into histogram
 * buckets and added to the daily roll-up `analytics_vitals` in batches; the report reads the
 * 75th percentile of each page back from the buckets.
 */

/**
 * Beacons one client may send per minute: a person loads a page every few seconds at most, and
 * each hard load sends one. An office behind one address stays well under it; beyond it samples
 * are refused, which costs a sample, never a page.
 */
export const VITALS_LIMIT: RateLimitRule = {
  name: "web-vitals",
  windowMs: 60 * 1000,
  limit: 30,
  message: "Too many page-speed reports from this address. Please try again in a minute.",
};

/** Distinct buckets held in memory at most; beyond it (the database away for long) samples are dropped. */
const MAX_PENDING_BUCKETS = 50_000;
/** Rows per insert statement: 5 parameters each, well under SQLite's limit of 32766. */
const ROWS_PER_STATEMENT = 500;

type BucketKey = { day: string; path: string; metric: WebVitalName; bucket: number };

export type VitalsCollector = {
  /** Counts one page view's metrics for a public page's canonical path (checked by the caller). */
  add: (path: string, values: VitalValues, at?: Date) => void;
  /** Writes what is counted so far; safe to call at any time, one write at a time. */
  flush: () => Promise<void>;
  /** Stops the timer and writes the last batch (at shutdown, before the database closes). */
  close: () => Promise<void>;
};

/**
 * A process's page-speed counter: adds samples in memory and writes them every `flushMs` with
 * one upsert per bucket, so several processes add up on the same rows. A failed write keeps its
 * samples for the next one; a process killed outright loses at most one interval.
 */
export function createVitalsCollector(db: AppDatabase, { flushMs, logger }: { flushMs: number; logger: Logger }): VitalsCollector {
  let pending = new Map<string, BucketKey & { samples: number }>();
  let writing: Promise<void> = Promise.resolve();
  let closed = false;
  let warnedFull = false;

  const count = (key: BucketKey, samples: number) => {
    const id = `${key.day} ${key.metric} ${key.bucket} ${key.path}`;
    const entry = pending.get(id);
    if (entry) {
      entry.samples += samples;
      return;
    }
    if (pending.size >= MAX_PENDING_BUCKETS) {
      if (!warnedFull) logger.warn("page-speed samples dropped: too many waiting to be written");
      warnedFull = true;
      return;
    }
    pending.set(id, { ...key, samples });
  };

  const write = async () => {
    if (pending.size === 0) return;
    const batch = [...pending.values()];
    pending = new Map();
    try {
      await addToRollUp(db, batch);
      warnedFull = false;
    } catch (error) {
      // Kept for the next flush: the database may be back by then.
      for (const row of batch) count(row, row.samples);
      logger.warn({ err: error, buckets: batch.length }, "page-speed samples not written yet; retrying at the next flush");
    }
  };

  const flush = () => {
    writing = writing.then(write);
    return writing;
  };

  const timer = setInterval(() => void flush(), flushMs);
  timer.unref();

  return {
    add(path, values, at = new Date()) {
      if (closed) return;
      const day = dayOf(at);
      for (const metric of WEB_VITAL_NAMES) {
        const value = values[metric];
        if (value !== undefined) count({ day, path, metric, bucket: bucketOf(metric, value) }, 1);
      }
    },
    flush,
    async close() {
      closed = true;
      clearInterval(timer);
      await flush();
    },
  };
}

/** Adds a batch (one entry per key) to the roll-up in one transaction: insert, or add to the row there. */
async function addToRollUp(db: AppDatabase, rows: (BucketKey & { samples: number })[]): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
      await trx
        .insertInto("analytics_vitals")
        .values(rows.slice(start, start + ROWS_PER_STATEMENT))
        .onConflict((conflict) =>
          conflict
            .columns(["day", "path", "metric", "bucket"])
            .doUpdateSet({ samples: sql<number>`analytics_vitals.samples + excluded.samples` }),
        )
        .execute();
    }
  });
}

type VitalsRow = AnalyticsReport["vitals"][number];

const P75_FIELD: Record<WebVitalName, "lcp_p75" | "inp_p75" | "cls_p75" | "ttfb_p75"> = {
  LCP: "lcp_p75",
  INP: "inp_p75",
  CLS: "cls_p75",
  TTFB: "ttfb_p75",
};

/**
 * Each page's 75th percentile of every metric over the period (null when the page has no sample
 * of it), read from the daily histograms. `samples` is the number of page views that reported
 * the page's most-reported metric: every report carries TTFB unless the page was left before it
 * was measured, so it is the number of reports in practice, and never counts one twice. Sorted
 * by samples, most first, then by path.
 */
export async function vitalsByPage(db: AppDatabase, period: AnalyticsPeriod): Promise<AnalyticsReport["vitals"]> {
  const rows = await db
    .selectFrom("analytics_vitals")
    .select(["path", "metric", "bucket", (eb) => eb.fn.sum<number | string>("samples").as("samples")])
    .where("day", ">=", period.from)
    .where("day", "<=", period.to)
    .groupBy(["path", "metric", "bucket"])
    .execute();
  const pages = new Map<string, Map<WebVitalName, { bucket: number; samples: number }[]>>();
  for (const row of rows) {
    if (!(WEB_VITAL_NAMES as string[]).includes(row.metric)) continue;
    const metrics = pages.get(row.path) ?? new Map<WebVitalName, { bucket: number; samples: number }[]>();
    pages.set(row.path, metrics);
    const histogram = metrics.get(row.metric as WebVitalName) ?? [];
    metrics.set(row.metric as WebVitalName, histogram);
    histogram.push({ bucket: Number(row.bucket), samples: Number(row.samples) });
  }
  const report: VitalsRow[] = [];
  for (const [path, metrics] of pages) {
    const entry: VitalsRow = { path, samples: 0, lcp_p75: null, inp_p75: null, cls_p75: null, ttfb_p75: null };
    for (const metric of WEB_VITAL_NAMES) {
      const histogram = metrics.get(metric);
      if (!histogram) continue;
      entry.samples = Math.max(entry.samples, histogram.reduce((sum, { samples }) => sum + samples, 0));
      const p75 = histogramPercentile(metric, histogram, 0.75);
      entry[P75_FIELD[metric]] = p75 === undefined ? null : shownVital(metric, p75);
    }
    report.push(entry);
  }
  return report.sort((a, b) => b.samples - a.samples || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}
