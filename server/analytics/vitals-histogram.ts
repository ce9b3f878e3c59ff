import type { WebVitalName } from "../../domain/analytics";

/**
 * The histogram the page-speed samples are kept in (docs/decisions/143): logarithmic buckets, each
 * 5% wider than the one before, so any percentile read back is within 2.5% of the true one
 * whatever the value's size. Pure math, no I/O.
 */

/** Each bucket's upper edge over its lower one. */
export const BUCKET_GROWTH = 1.05;
const LOG_GROWTH = Math.log(BUCKET_GROWTH);

/** CLS is a score around 0.1: scaled to thousandths first, so 0.001 is the smallest step kept. */
const SCALE: Record<WebVitalName, number> = { LCP: 1, INP: 1, CLS: 1000, TTFB: 1 };

/**
 * The bucket of a value: 0 holds everything below 1 (ms, or 0.001 of CLS; CLS is often exactly
 * 0); bucket b from 1 on holds [1.05^(b-1), 1.05^b). 120000 ms is bucket 240, CLS 100 bucket 236.
 */
export function bucketOf(metric: WebVitalName, value: number): number {
  const scaled = value * SCALE[metric];
  if (!(scaled >= 1)) return 0;
  return 1 + Math.floor(Math.log(scaled) / LOG_GROWTH);
}

/**
 * What a bucket stands for: its geometric middle (at most 2.47% from any value in it), in the
 * metric's own unit; 0 for bucket 0.
 */
export function bucketValue(metric: WebVitalName, bucket: number): number {
  if (bucket <= 0) return 0;
  return BUCKET_GROWTH ** (bucket - 0.5) / SCALE[metric];
}

/**
 * The p-th percentile (0 < p <= 1) of a histogram, by nearest rank: the value of the bucket that
 * holds the ceil(p·n)-th smallest sample. Undefined for an empty histogram.
 */
export function histogramPercentile(
  metric: WebVitalName,
  histogram: ReadonlyArray<{ bucket: number; samples: number }>,
  p: number,
): number | undefined {
  const total = histogram.reduce((sum, { samples }) => sum + samples, 0);
  if (total <= 0) return undefined;
  const rank = Math.max(1, Math.ceil(p * total));
  let seen = 0;
  for (const { bucket, samples } of [...histogram].sort((a, b) => a.bucket - b.bucket)) {
    seen += samples;
    if (seen >= rank) return bucketValue(metric, bucket);
  }
  return undefined;
}

/** A percentile as the report shows it: whole milliseconds, CLS to three decimals. */
export function shownVital(metric: WebVitalName, value: number): number {
  return metric === "CLS" ? Math.round(value * 1000) / 1000 : Math.round(value);
}
