import { addDays, dayOf, type AnalyticsPeriod } from "../../domain/analytics";
import { inChunks } from "../db/chunks.server";
import type { AppDatabase } from "../db/database.server";
import { encodeHistogram, histogramSamples, mergeByPageAndMetric } from "./vitals-histogram";

/**
 * Whole months of page-speed histograms (migration 0035): a report over a year then merges a
 * dozen rows per page and metric instead of 365.
 */

/** The first day of the month after a day's or month's own (YYYY-MM-DD). */
function nextMonthStart(dayOrMonth: string): string {
  // The 28th exists in every month; four days later is always in the next one.
  return `${addDays(`${dayOrMonth.slice(0, 7)}-28`, 4).slice(0, 7)}-01`;
}

/** The months (YYYY-MM) whose every day lies inside the period. */
export function wholeMonths({ from, to }: AnalyticsPeriod): string[] {
  const months: string[] = [];
  for (let first = from.endsWith("-01") ? from : nextMonthStart(from); addDays(nextMonthStart(first), -1) <= to; first = nextMonthStart(first)) {
    months.push(first.slice(0, 7));
  }
  return months;
}

/**
 * Merges the daily histograms of every month that is over (its last day ended more than a day
 * ago, so late batches are in) and not merged yet. Safe to run in several processes at once: a
 * month is written in one transaction, and a month already written is left alone. Returns how
 * many months were merged.
 */
export async function compactVitalsMonths(db: AppDatabase, now = Date.now()): Promise<number> {
  const current = addDays(dayOf(now), -1).slice(0, 7);
  // Months are merged in order: only the days after the last merged month need a look.
  const last = await db
    .selectFrom("analytics_vitals_months")
    .select((eb) => eb.fn.max("month").as("month"))
    .executeTakeFirst();
  const pending = await db
    .selectFrom("analytics_vitals")
    .select((eb) => eb.fn<string>("substr", ["day", eb.val(1), eb.val(7)]).as("month"))
    .where("day", "<", `${current}-01`)
    .where("day", ">=", last?.month ? nextMonthStart(last.month) : "")
    .distinct()
    .orderBy("month")
    .execute();
  let count = 0;
  for (const { month } of pending) {
    const rows = await db
      .selectFrom("analytics_vitals")
      .select(["path", "metric", "histogram"])
      .where("day", ">=", `${month}-01`)
      .where("day", "<=", `${month}-31`)
      .execute();
    const values = mergeByPageAndMetric(rows).map(({ path, metric, histogram }) => ({
      month,
      path,
      metric,
      samples: histogramSamples(histogram),
      histogram: encodeHistogram(histogram),
    }));
    await db.transaction().execute(async (trx) => {
      for (const rows of inChunks(values)) {
        await trx
          .insertInto("analytics_vitals_months")
          .values(rows)
          .onConflict((conflict) => conflict.columns(["month", "path", "metric"]).doNothing())
          .execute();
      }
    });
    count += 1;
  }
  return count;
}

/**
 * The stored histograms that make up a period: the merged months wholly inside it, and the days
 * of the rest.
 */
export async function vitalsRowsOf(db: AppDatabase, period: AnalyticsPeriod): Promise<{ path: string; metric: string; histogram: string }[]> {
  const months = wholeMonths(period);
  const merged =
    months.length === 0
      ? []
      : (await db.selectFrom("analytics_vitals_months").select("month").where("month", "in", months).distinct().execute())
          .map((row) => row.month)
          .sort();
  const monthRows =
    merged.length === 0
      ? []
      : await db.selectFrom("analytics_vitals_months").select(["path", "metric", "histogram"]).where("month", "in", merged).execute();
  // The days between the merged months (and around them), as ranges of the daily table's key.
  const ranges: AnalyticsPeriod[] = [];
  let from = period.from;
  for (const month of merged) {
    if (from < `${month}-01`) ranges.push({ from, to: addDays(`${month}-01`, -1) });
    from = nextMonthStart(month);
  }
  if (from <= period.to) ranges.push({ from, to: period.to });
  const dayRows =
    ranges.length === 0
      ? []
      : await db
          .selectFrom("analytics_vitals")
          .select(["path", "metric", "histogram"])
          .where((eb) => eb.or(ranges.map((range) => eb.and([eb("day", ">=", range.from), eb("day", "<=", range.to)]))))
          .execute();
  return [...monthRows, ...dayRows];
}
