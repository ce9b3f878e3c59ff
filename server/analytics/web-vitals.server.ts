import { dayOf, WEB_VITAL_NAMES, type AnalyticsPeriod, type AnalyticsReport, type WebVitalName } from "../../domain/analytics";
import type { VitalValues } from "../../domain/web-vitals";
import { inChunks } from "../db/chunks.server";
import { isPostgres, type AppDatabase } from "../db/database.server";
import type { RateLimitRule } from "../limits/rate-limits.server";
import type { Logger } from "../logger.server";
import {
  addEncodedHistogram,
  bucketOf,
  emptyHistogram,
  encodeHistogram,
  histogramPercentile,
  histogramSamples,
  mergeByPageAndMetric,
  shownVital,
  type Histogram,
} from "./vitals-histogram";
import { batchWriter } from "./batch-writer.server";
import { vitalsRowsOf } from "./vitals-months.server";

/**
 * Real visitors' page speed (docs/decisions/143): samples are counted in memory into histograms
 * and merged into the daily roll-up `analytics_vitals` in batches; the report reads the 75th
 * percentile of each page back from the histograms.
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

/** Histograms (day, page, metric) held in memory at most; beyond it (the database away for long) samples are dropped. */
const MAX_PENDING_HISTOGRAMS = 20_000;

type HistogramKey = { day: string; path: string; metric: WebVitalName };
type PendingHistogram = HistogramKey & { histogram: Histogram };

export type VitalsCollector = {
  /** Counts one page view's metrics for a public page's canonical path (checked by the caller). */
  add: (path: string, values: VitalValues, at?: Date) => void;
  /** Writes what is counted so far; safe to call at any time, one write at a time. */
  flush: () => Promise<void>;
  /** Stops the timer and writes the last batch (at shutdown, before the database closes). */
  close: () => Promise<void>;
};

/**
 * A process's page-speed counter: adds samples to histograms in memory and, every `flushMs`,
 * merges them into the day's rows in one transaction that holds those rows (the write lock on
 * SQLite, row locks on PostgreSQL), so several processes add up exactly. A failed write keeps its
 * samples for the next one; a process killed outright loses at most one interval.
 */
export function createVitalsCollector(db: AppDatabase, { flushMs, logger }: { flushMs: number; logger: Logger }): VitalsCollector {
  let pending = new Map<string, PendingHistogram>();
  let closed = false;
  let warnedFull = false;

  const histogramOf = (key: HistogramKey): Histogram | undefined => {
    const id = `${key.day} ${key.metric} ${key.path}`;
    const entry = pending.get(id);
    if (entry) return entry.histogram;
    if (pending.size >= MAX_PENDING_HISTOGRAMS) {
      if (!warnedFull) logger.warn("page-speed samples dropped: too many waiting to be written");
      warnedFull = true;
      return undefined;
    }
    const created = { ...key, histogram: emptyHistogram() };
    pending.set(id, created);
    return created.histogram;
  };

  const write = async () => {
    if (pending.size === 0) return;
    const batch = [...pending.values()];
    pending = new Map();
    try {
      await addToRollUp(db, batch);
      warnedFull = false;
    } catch (error) {
      // Kept for the next flush: the database may be back by then (the transaction wrote nothing).
      for (const entry of batch) {
        const histogram = histogramOf(entry);
        if (histogram) entry.histogram.forEach((samples, bucket) => (histogram[bucket]! += samples));
      }
      logger.warn({ err: error, histograms: batch.length }, "page-speed samples not written yet; retrying at the next flush");
    }
  };

  const writer = batchWriter(flushMs, write);

  return {
    add(path, values, at = new Date()) {
      if (closed) return;
      const day = dayOf(at);
      for (const metric of WEB_VITAL_NAMES) {
        const value = values[metric];
        if (value === undefined) continue;
        const histogram = histogramOf({ day, path, metric });
        if (histogram) histogram[bucketOf(metric, value)]! += 1;
      }
    },
    flush: writer.flush,
    close() {
      closed = true;
      return writer.close();
    },
  };
}

/**
 * Merges a batch (one entry per day, page and metric) into the roll-up in one transaction. The
 * rows are made first if new (a write, so on SQLite the transaction holds the write lock from
 * there on; on PostgreSQL a second process's insert of the same key waits for this one), then
 * read (locked on PostgreSQL), merged and written back.
 */
async function addToRollUp(db: AppDatabase, batch: PendingHistogram[]): Promise<void> {
  const sorted = [...batch].sort((a, b) => compareKeys(a, b));
  await db.transaction().execute(async (trx) => {
    for (const rows of inChunks(sorted)) {
      await trx
        .insertInto("analytics_vitals")
        .values(rows.map(({ day, path, metric }) => ({ day, path, metric, samples: 0, histogram: "" })))
        .onConflict((conflict) => conflict.columns(["day", "path", "metric"]).doNothing())
        .execute();
    }
    const stored = new Map<string, string>();
    for (const day of new Set(sorted.map((entry) => entry.day))) {
      const paths = [...new Set(sorted.filter((entry) => entry.day === day).map((entry) => entry.path))];
      for (const somePaths of inChunks(paths)) {
        let query = trx
          .selectFrom("analytics_vitals")
          .select(["path", "metric", "histogram"])
          .where("day", "=", day)
          .where("path", "in", somePaths)
          .orderBy("path")
          .orderBy("metric");
        if (isPostgres(db)) query = query.forUpdate();
        for (const row of await query.execute()) stored.set(`${day} ${row.metric} ${row.path}`, row.histogram);
      }
    }
    const merged = sorted.map(({ day, path, metric, histogram }) => {
      const total = [...histogram];
      addEncodedHistogram(total, stored.get(`${day} ${metric} ${path}`) ?? "");
      return { day, path, metric, samples: histogramSamples(total), histogram: encodeHistogram(total) };
    });
    for (const rows of inChunks(merged)) {
      await trx
        .insertInto("analytics_vitals")
        .values(rows)
        .onConflict((conflict) =>
          conflict.columns(["day", "path", "metric"]).doUpdateSet((eb) => ({
            samples: eb.ref("excluded.samples"),
            histogram: eb.ref("excluded.histogram"),
          })),
        )
        .execute();
    }
  });
}

function compareKeys(a: HistogramKey, b: HistogramKey): number {
  for (const field of ["day", "path", "metric"] as const) {
    if (a[field] !== b[field]) return a[field] < b[field] ? -1 : 1;
  }
  return 0;
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
 * of it), from the histograms of its whole months and of its other days merged. `samples` is the number of page views that reported
 * the page's most-reported metric: every report carries TTFB unless the page was left before it
 * was measured, so it is the number of reports in practice, and never counts one twice. Sorted
 * by samples, most first, then by path.
 */
export async function vitalsByPage(db: AppDatabase, period: AnalyticsPeriod): Promise<AnalyticsReport["vitals"]> {
  const rows = await vitalsRowsOf(db, period);
  const pages = new Map<string, Map<WebVitalName, Histogram>>();
  for (const { path, metric, histogram } of mergeByPageAndMetric(rows)) {
    if (!(WEB_VITAL_NAMES as string[]).includes(metric)) continue;
    const metrics = pages.get(path) ?? new Map<WebVitalName, Histogram>();
    pages.set(path, metrics.set(metric as WebVitalName, histogram));
  }
  const report: VitalsRow[] = [];
  for (const [path, metrics] of pages) {
    const entry: VitalsRow = { path, samples: 0, lcp_p75: null, inp_p75: null, cls_p75: null, ttfb_p75: null };
    for (const [metric, histogram] of metrics) {
      entry.samples = Math.max(entry.samples, histogramSamples(histogram));
      const p75 = histogramPercentile(metric, histogram, 0.75);
      entry[P75_FIELD[metric]] = p75 === undefined ? null : shownVital(metric, p75);
    }
    if (entry.samples > 0) report.push(entry);
  }
  return report.sort((a, b) => b.samples - a.samples || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}
