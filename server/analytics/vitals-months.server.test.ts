import { afterEach, describe, expect, test } from "vitest";
import pino from "pino";
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from "../../tests/helpers/test-database";
import { compactVitalsMonths, wholeMonths } from "./vitals-months.server";
import { createVitalsCollector, vitalsByPage } from "./web-vitals.server";

test("whole months are those whose every day is in the period", () => {
  expect(wholeMonths({ from: "2026-01-15", to: "2026-04-10" })).toEqual(["2026-02", "2026-03"]);
  expect(wholeMonths({ from: "2026-02-01", to: "2026-02-28" })).toEqual(["2026-02"]);
  expect(wholeMonths({ from: "2024-02-01", to: "2024-02-28" })).toEqual([]);
  expect(wholeMonths({ from: "2025-12-01", to: "2026-01-31" })).toEqual(["2025-12", "2026-01"]);
  expect(wholeMonths({ from: "2026-03-01", to: "2026-03-30" })).toEqual([]);
  expect(wholeMonths({ from: "2026-03-02", to: "2026-03-02" })).toEqual([]);
});

describe.each(testDatabaseKinds)("page speed by month (%s)", (kind) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.destroy();
    database = undefined;
  });

  test("a report reads the same from merged months as from their days; only months over are merged, once", async () => {
    database = await createTestDatabase(kind);
    const collector = createVitalsCollector(database.db, { flushMs: 60_000, logger: pino({ level: "silent" }) });
    // Every day from mid-January to early April, values that change with the day and the page.
    for (let day = Date.parse("2026-01-10T12:00:00Z"); day <= Date.parse("2026-04-05T12:00:00Z"); day += 86_400_000) {
      const n = (day / 86_400_000) % 17;
      collector.add("/", { LCP: 1200 + n * 90, TTFB: 300 + n * 7, CLS: n / 100 }, new Date(day));
      collector.add("/blog", { LCP: 2500 + n * 40, INP: 80 + n * 11 }, new Date(day));
    }
    await collector.close();
    const periods = [
      { from: "2026-01-10", to: "2026-04-05" },
      { from: "2026-01-20", to: "2026-03-15" },
      { from: "2026-02-01", to: "2026-02-28" },
      { from: "2026-03-31", to: "2026-04-01" },
    ];
    const before = await Promise.all(periods.map((period) => vitalsByPage(database!.db, period)));

    // On April 1st, March ended less than a day ago: only January and February are merged.
    expect(await compactVitalsMonths(database.db, Date.parse("2026-04-01T10:00:00Z"))).toBe(2);
    expect(await compactVitalsMonths(database.db, Date.parse("2026-04-01T11:00:00Z"))).toBe(0);
    const months = await database.db.selectFrom("analytics_vitals_months").select("month").distinct().orderBy("month").execute();
    expect(months.map((row) => row.month)).toEqual(["2026-01", "2026-02"]);
    expect(await Promise.all(periods.map((period) => vitalsByPage(database!.db, period)))).toEqual(before);

    expect(await compactVitalsMonths(database.db, Date.parse("2026-04-02T10:00:00Z"))).toBe(1);
    expect(await Promise.all(periods.map((period) => vitalsByPage(database!.db, period)))).toEqual(before);
    expect(before[2]!.map((row) => row.path)).toEqual(["/", "/blog"]);
    expect(before[2]![0]!.samples).toBe(28);
  });
});
