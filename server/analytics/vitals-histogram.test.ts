import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { WEB_VITAL_NAMES, type WebVitalName } from "../../domain/analytics";
import { VITAL_MAX } from "../../domain/web-vitals";
import {
  addEncodedHistogram,
  BUCKET_GROWTH,
  bucketOf,
  bucketValue,
  emptyHistogram,
  encodeHistogram,
  histogramPercentile,
  shownVital,
} from "./vitals-histogram";

/** A seeded generator, so a failure shows the same numbers again. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/** Log-normal samples: how page timings spread among real visitors. */
function logNormal(next: () => number, median: number, sigma: number, count: number): number[] {
  return Array.from({ length: count }, () => {
    const gaussian = Math.sqrt(-2 * Math.log(1 - next())) * Math.cos(2 * Math.PI * next());
    return median * Math.exp(sigma * gaussian);
  });
}

function trueP75(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.ceil(0.75 * sorted.length) - 1]!;
}

function histogramOf(metric: WebVitalName, values: number[]) {
  const histogram = emptyHistogram();
  for (const value of values) histogram[bucketOf(metric, value)]! += 1;
  return histogram;
}

describe("the buckets", () => {
  test("below 1 ms (or 0.001 of CLS) is bucket 0, read back as 0; the largest accepted values fit in a few hundred", () => {
    expect(bucketOf("TTFB", 0)).toBe(0);
    expect(bucketOf("TTFB", 0.99)).toBe(0);
    expect(bucketOf("CLS", 0)).toBe(0);
    expect(bucketOf("CLS", 0.0009)).toBe(0);
    expect(bucketValue("CLS", 0)).toBe(0);
    expect(bucketOf("TTFB", 1)).toBe(1);
    expect(bucketOf("CLS", 0.001)).toBe(1);
    expect(bucketOf("LCP", VITAL_MAX.LCP)).toBe(240);
    expect(bucketOf("CLS", VITAL_MAX.CLS)).toBe(236);
  });

  test("every value's bucket stands for a value within 2.5% of it", () => {
    fc.assert(
      fc.property(fc.constantFrom(...WEB_VITAL_NAMES), fc.double({ min: 0, max: 1, noNaN: true }), (metric, share) => {
        const smallest = metric === "CLS" ? 0.001 : 1;
        const value = smallest + share * (VITAL_MAX[metric] - smallest);
        const shown = bucketValue(metric, bucketOf(metric, value));
        expect(Math.abs(shown - value) / value).toBeLessThanOrEqual(Math.sqrt(BUCKET_GROWTH) - 1 + 1e-9);
      }),
      { numRuns: 2000 },
    );
  });

  test("buckets are ordered as their values are", () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 120_000, noNaN: true }), fc.double({ min: 0, max: 120_000, noNaN: true }), (a, b) => {
        if (a <= b) expect(bucketOf("LCP", a)).toBeLessThanOrEqual(bucketOf("LCP", b));
      }),
    );
  });
});

describe("a histogram as stored", () => {
  test("the first bucket with samples and the counts from it to the last; read back and added exactly", () => {
    const histogram = emptyHistogram();
    histogram[142] = 1;
    histogram[144] = 2;
    const encoded = encodeHistogram(histogram);
    expect(encoded).toBe("142:1,0,2");
    const sum = emptyHistogram();
    addEncodedHistogram(sum, encoded);
    addEncodedHistogram(sum, encoded);
    expect(sum).toEqual(histogram.map((samples) => samples * 2));
    expect(encodeHistogram(emptyHistogram())).toBe("");
  });

  test("a damaged value adds nothing it cannot read, and never beyond the last bucket", () => {
    const sum = emptyHistogram();
    for (const damaged of ["", "x", "-1:5", "a:1", "3:x,2", "239:1,1,1,1,1"]) addEncodedHistogram(sum, damaged);
    expect(sum.reduce((total, samples) => total + samples, 0)).toBe(4);
    expect(sum[4]).toBe(2);
    expect(sum.length).toBe(emptyHistogram().length);
  });
});

describe("the 75th percentile read back", () => {
  test("is within 2.5% of the true one for known distributions of each metric", () => {
    const next = random(22);
    const cases: [WebVitalName, number, number][] = [
      ["LCP", 1800, 0.6],
      ["INP", 120, 0.9],
      ["TTFB", 300, 0.7],
      ["CLS", 0.05, 1.2],
    ];
    for (const [metric, median, sigma] of cases) {
      const values = logNormal(next, median, sigma, 20_000);
      const read = histogramPercentile(metric, histogramOf(metric, values), 0.75)!;
      const truth = trueP75(values);
      expect(Math.abs(read - truth) / truth, metric).toBeLessThan(0.025);
    }
  });

  test("by nearest rank: 4 samples put the 75th percentile on the third; an empty histogram has none", () => {
    const values = [100, 200, 300, 400];
    const read = histogramPercentile("LCP", histogramOf("LCP", values), 0.75)!;
    expect(Math.abs(read - 300) / 300).toBeLessThan(0.025);
    expect(histogramPercentile("LCP", emptyHistogram(), 0.75)).toBeUndefined();
    // Mostly no layout shift at all: the percentile is exactly 0.
    expect(histogramPercentile("CLS", histogramOf("CLS", [0, 0, 0, 0.3]), 0.75)).toBe(0);
  });

  test("shown as whole milliseconds and CLS to three decimals", () => {
    expect(shownVital("LCP", 2501.6)).toBe(2502);
    expect(shownVital("CLS", 0.10249)).toBe(0.102);
  });
});
