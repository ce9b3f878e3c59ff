import type { WebVitalName } from "../../domain/analytics";

/**
 * The histogram the page-speed samples are kept in (docs/decisions/143): logarithmic buckets, each
 * 5% wider than the one before, so any percentile read back is within 2.5% of the true one
 * whatever the value's size. Pure math, no I/O.
 */

/** Each bucket's upper edge over its lower one. */
export const BUCKET_GROWTH = 1.05;
const LOG_GROWTH = Math.log(BUCKET_GROWTH);
/** Buckets there are: the largest accepted value (120000 ms) is bucket 240, CLS 100 bucket 236. */
export const BUCKET_COUNT = 241;

/** CLS is a score around 0.1: scaled to thousandths first, so 0.001 is the smallest step kept. */
const SCALE: Record<WebVitalName, number> = { LCP: 1, INP: 1, CLS: 1000, TTFB: 1 };

/**
 * The bucket of a value: 0 holds everything below 1 (ms, or 0.001 of CLS; CLS is often exactly
 * 0); bucket b from 1 on holds [1.05^(b-1), 1.05^b).
 */
export function bucketOf(metric: WebVitalName, value: number): number {
  const scaled = value * SCALE[metric];
  if (!(scaled >= 1)) return 0;
  return Math.min(BUCKET_COUNT - 1, 1 + Math.floor(Math.log(scaled) / LOG_GROWTH));
}

/**
 * What a bucket stands for: its geometric middle (at most 2.47% from any value in it), in the
 * metric's own unit; 0 for bucket 0.
 */
export function bucketValue(metric: WebVitalName, bucket: number): number {
  if (bucket <= 0) return 0;
  return BUCKET_GROWTH ** (bucket - 0.5) / SCALE[metric];
}

/** Samples per bucket, indexed by bucket. */
export type Histogram = number[];

/** How many samples a histogram holds. */
export function histogramSamples(histogram: Histogram): number {
  return histogram.reduce((sum, samples) => sum + samples, 0);
}

export function emptyHistogram(): Histogram {
  return new Array<number>(BUCKET_COUNT).fill(0);
}

/**
 * A histogram as stored: the first bucket with samples, then the counts from it to the last one
 * with samples ("142:3,0,1"). About 3 bytes a bucket; "" when empty.
 */
export function encodeHistogram(histogram: Histogram): string {
  let first = histogram.findIndex((samples) => samples > 0);
  if (first === -1) return "";
  let last = histogram.length - 1;
  while (histogram[last] === 0) last -= 1;
  first = Math.max(0, first);
  return `${first}:${histogram.slice(first, last + 1).join(",")}`;
}

/**
 * Adds a stored histogram into `into`. Read character by character: a report over a year merges
 * hundreds of thousands of them. A damaged or foreign value adds what reads as counts, never
 * beyond the last bucket.
 */
export function addEncodedHistogram(into: Histogram, encoded: string): void {
  const colon = encoded.indexOf(":");
  if (colon <= 0) return;
  const first = Number(encoded.slice(0, colon));
  if (!Number.isInteger(first) || first < 0) return;
  let bucket = first;
  let value = 0;
  let digits = 0;
  let valid = true;
  for (let index = colon + 1; index <= encoded.length && bucket < into.length; index += 1) {
    const code = index < encoded.length ? encoded.charCodeAt(index) : 44;
    if (code === 44) {
      // A comma (or the end) closes a count.
      if (valid && digits > 0 && value > 0) into[bucket]! += value;
      bucket += 1;
      value = 0;
      digits = 0;
      valid = true;
    } else if (code >= 48 && code <= 57) {
      value = value * 10 + (code - 48);
      digits += 1;
    } else {
      valid = false;
    }
  }
}

/**
 * The p-th percentile (0 < p <= 1) of a histogram, by nearest rank: the value of the bucket that
 * holds the ceil(p·n)-th smallest sample. Undefined for an empty histogram.
 */
export function histogramPercentile(metric: WebVitalName, histogram: Histogram, p: number): number | undefined {
  const total = histogramSamples(histogram);
  if (total <= 0) return undefined;
  const rank = Math.max(1, Math.ceil(p * total));
  let seen = 0;
  for (let bucket = 0; bucket < histogram.length; bucket += 1) {
    seen += histogram[bucket]!;
    if (seen >= rank) return bucketValue(metric, bucket);
  }
  return undefined;
}

/** A percentile as the report shows it: whole milliseconds, CLS to three decimals. */
export function shownVital(metric: WebVitalName, value: number): number {
  return metric === "CLS" ? Math.round(value * 1000) / 1000 : Math.round(value);
}

/** Stored histograms (daily or monthly rows) merged into one per page and metric. */
export function mergeByPageAndMetric(
  rows: readonly { path: string; metric: string; histogram: string }[],
): { path: string; metric: string; histogram: Histogram }[] {
  const merged = new Map<string, { path: string; metric: string; histogram: Histogram }>();
  for (const row of rows) {
    const key = `${row.path}\n${row.metric}`;
    let entry = merged.get(key);
    if (!entry) merged.set(key, (entry = { path: row.path, metric: row.metric, histogram: emptyHistogram() }));
    addEncodedHistogram(entry.histogram, row.histogram);
  }
  return [...merged.values()];
}
