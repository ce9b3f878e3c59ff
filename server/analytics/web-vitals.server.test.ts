import { sql } from "kysely";
import pino from "pino";
import { afterEach, describe, expect, test } from "vitest";
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from "../../tests/helpers/test-database";
import { createVitalsCollector, vitalsByPage } from "./web-vitals.server";

const logger = pino({ level: "silent" });
const DAY = new Date("2026-11-20T12:00:00Z");
const PERIOD = { from: "2026-11-01", to: "2026-11-30" };

/** A seeded generator, so a failure shows the same numbers again. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

describe.each(testDatabaseKinds)("page speed on %s", (kind) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.destroy();
    database = undefined;
  });
  async function fresh() {
    database = await createTestDatabase(kind);
    return database;
  }
  const collectorOf = (db: TestDatabase["db"]) => createVitalsCollector(db, { flushMs: 60_000, logger });

  test("samples are kept as one histogram per day, page and metric, never a row per sample", async () => {
    const { db } = await fresh();
    const collector = collectorOf(db);
    for (let index = 0; index < 500; index += 1) collector.add("/", { LCP: 1000, TTFB: 0, CLS: 0 }, DAY);
    collector.add("/", { LCP: 1000 }, new Date("2026-11-21T00:00:01Z"));
    await collector.close();
    const rows = await db.selectFrom("analytics_vitals").selectAll().orderBy("day").orderBy("metric").execute();
    expect(rows.map((row) => ({ ...row, samples: Number(row.samples) }))).toEqual([
      { day: "2026-11-20", path: "/", metric: "CLS", samples: 500, histogram: "0:500" },
      { day: "2026-11-20", path: "/", metric: "LCP", samples: 500, histogram: "142:500" },
      { day: "2026-11-20", path: "/", metric: "TTFB", samples: 500, histogram: "0:500" },
      { day: "2026-11-21", path: "/", metric: "LCP", samples: 1, histogram: "142:1" },
    ]);
  });

  test("two processes and several flushes add up on the same rows exactly", async () => {
    const test = await fresh();
    const first = collectorOf(test.db);
    const second = collectorOf(test.connectAgain());
    for (let round = 0; round < 3; round += 1) {
      for (let index = 0; index < 40; index += 1) {
        first.add("/about", { TTFB: 200 + index }, DAY);
        second.add("/about", { TTFB: 200 + index, CLS: 0 }, DAY);
      }
      if (kind === "postgres") {
        // At the same moment, new rows included: the second waits for the first's rows, then adds to them.
        await Promise.all([first.flush(), second.flush()]);
      } else {
        // One after the other: two SQLite connections of one process would wait on each other's lock.
        await first.flush();
        await second.flush();
      }
    }
    await first.close();
    await second.close();
    expect(await vitalsByPage(test.db, PERIOD)).toEqual([
      { path: "/about", samples: 240, lcp_p75: null, inp_p75: null, cls_p75: 0, ttfb_p75: expect.any(Number) },
    ]);
  });

  test("a write that fails keeps its samples for the next one; after close nothing more is counted", async () => {
    const { db } = await fresh();
    const collector = collectorOf(db);
    collector.add("/", { INP: 80 }, DAY);
    await sql`alter table analytics_vitals rename to analytics_vitals_away`.execute(db);
    await collector.flush();
    await sql`alter table analytics_vitals_away rename to analytics_vitals`.execute(db);
    collector.add("/", { INP: 80 }, DAY);
    await collector.close();
    collector.add("/", { INP: 80 }, DAY);
    await collector.flush();
    expect((await vitalsByPage(db, PERIOD))[0]).toMatchObject({ path: "/", samples: 2 });
  });

  test("the report: each page's p75 per metric (null without samples), rounded, within the period, most samples first", async () => {
    const { db } = await fresh();
    const collector = collectorOf(db);
    for (let index = 0; index < 3; index += 1) collector.add("/blog", { LCP: 2000, TTFB: 100, CLS: 0.12 }, DAY);
    collector.add("/blog", { INP: 350 }, DAY);
    for (let index = 0; index < 5; index += 1) collector.add("/contact", { TTFB: 40 }, DAY);
    collector.add("/blog", { LCP: 9000, TTFB: 9000 }, new Date("2026-10-31T23:59:59Z"));
    collector.add("/privacy", { TTFB: 40 }, new Date("2026-12-01T00:00:00Z"));
    await collector.close();
    const report = await vitalsByPage(db, PERIOD);
    expect(report.map((row) => row.path)).toEqual(["/contact", "/blog"]);
    const blog = report[1]!;
    expect(blog.samples).toBe(3);
    expect(blog.cls_p75).toBeCloseTo(0.12, 2);
    expect(Number.isInteger(blog.lcp_p75) && Number.isInteger(blog.inp_p75) && Number.isInteger(blog.ttfb_p75)).toBe(true);
    expect(Math.abs(blog.lcp_p75! - 2000) / 2000).toBeLessThan(0.025);
    expect(Math.abs(blog.inp_p75! - 350) / 350).toBeLessThan(0.025);
    expect(report[0]).toMatchObject({ path: "/contact", samples: 5, lcp_p75: null, inp_p75: null, cls_p75: null });
    expect(await vitalsByPage(db, { from: "2026-12-02", to: "2026-12-31" })).toEqual([]);
  });

  test("the 75th percentile of a known distribution over many days reads back within 2.5%", async () => {
    const { db } = await fresh();
    const collector = collectorOf(db);
    const next = random(143);
    const lcp: number[] = [];
    const cls: number[] = [];
    for (let index = 0; index < 6000; index += 1) {
      const gaussian = Math.sqrt(-2 * Math.log(1 - next())) * Math.cos(2 * Math.PI * next());
      const value = Math.min(120_000, 2200 * Math.exp(0.7 * gaussian));
      const shift = next() < 0.6 ? 0 : next() * 0.4;
      lcp.push(value);
      cls.push(shift);
      collector.add("/features", { LCP: value, CLS: shift }, new Date(Date.UTC(2026, 10, 1 + (index % 30), 12)));
    }
    await collector.close();
    const nearestRank = (values: number[]) => [...values].sort((a, b) => a - b)[Math.ceil(0.75 * values.length) - 1]!;
    const [row] = await vitalsByPage(db, PERIOD);
    expect(row!.samples).toBe(6000);
    expect(Math.abs(row!.lcp_p75! - nearestRank(lcp)) / nearestRank(lcp)).toBeLessThan(0.025);
    expect(Math.abs(row!.cls_p75! - nearestRank(cls)) / nearestRank(cls)).toBeLessThan(0.03);
  });
});
