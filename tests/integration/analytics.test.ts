import crypto from "node:crypto";
import { afterAll, describe, expect, test } from "vitest";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { AnalyticsReport } from "../../domain/analytics";
import { adminToken, startBuiltServer, type BuiltServer } from "../helpers/built-server";
import { throwawaySchema } from "../helpers/test-database";

/**
 * Counting seen from outside, on the built server (docs/decisions/141): a known mix of page
 * loads, bots, prefetches, HEADs, admin and API requests sent to two processes on one database,
 * one of them restarted halfway, and the API reports exactly the page loads and their visitors.
 */

const FLUSH_MS = 200;
const PAGES_OF_A_VISIT = [
  ...Array<string>(16).fill("/"),
  ...Array<string>(10).fill("/blog"),
  ...Array<string>(6).fill("/features"),
  ...Array<string>(5).fill("/contact"),
  ...Array<string>(3).fill("/about"),
];
const VISITORS = 25;
const desktop = (n: number) => `Mozilla/5.0 (X11; Linux x86_64; rv:133.0; visitor ${n}) Gecko/20100101 Firefox/133.0`;
const phone = (n: number) => `Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X; visitor ${n}) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1`;
const BOTS = [
  "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
  "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)",
  "curl/8.11.0",
  "",
];

type Load = { path: string; headers: Record<string, string>; method?: string };

/** Visitor `v`'s page loads: its landing request carries its referrer and campaign. */
function visit(v: number): Load[] {
  const headers = { "x-forwarded-for": `203.0.113.${v}`, "user-agent": v % 5 === 0 ? phone(v) : desktop(v) };
  return PAGES_OF_A_VISIT.map((path, index) => {
    if (index > 0) return { path, headers };
    if (v < 5) return { path: `${path}?utm_source=linkedin&utm_medium=social&utm_campaign=spring`, headers: { ...headers, referer: "https://www.linkedin.com/feed/" } };
    if (v < 10) return { path, headers: { ...headers, referer: "https://news.ycombinator.com/item?id=1" } };
    return { path, headers };
  });
}

/** Requests that are not views: bots, prefetches, HEADs, the admin area, the API, files, data. */
function notViews(): Load[] {
  const loads: Load[] = [];
  const browser = { "x-forwarded-for": "198.51.100.9", "user-agent": desktop(99) };
  for (let n = 0; n < 200; n += 1) loads.push({ path: n % 2 ? "/" : "/blog", headers: { "user-agent": BOTS[n % BOTS.length]!, "x-forwarded-for": "198.51.100.1" } });
  for (let n = 0; n < 50; n += 1) loads.push({ path: "/features", headers: { ...browser, [n % 2 ? "sec-purpose" : "purpose"]: n % 3 ? "prefetch" : "prefetch;prerender" } });
  for (let n = 0; n < 20; n += 1) loads.push({ path: "/", method: "HEAD", headers: browser });
  for (const path of ["/admin/login", "/admin/blog", "/api/posts", "/api/posts/no-such-post", "/robots.txt", "/rss.xml", "/blog.data", "/_root.data", "/BLOG"]) {
    loads.push({ path, headers: browser });
  }
  return loads;
}

async function send(server: BuiltServer, loads: Load[]): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < loads.length) {
      const load = loads[next++]!;
      const response = await fetch(`${server.url}${load.path}`, { method: load.method ?? "GET", headers: load.headers, redirect: "manual" });
      await response.arrayBuffer();
      expect(response.status, load.path).toBeLessThan(500);
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
}

async function report(server: BuiltServer, token: string): Promise<AnalyticsReport> {
  const response = await fetch(`${server.url}/api/admin/analytics?days=1`, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status).toBe(200);
  return (await response.json()) as AnalyticsReport;
}

/** The report once it holds `views` views, or whatever it holds after 10 s. */
async function reportOnceCounted(server: BuiltServer, token: string, views: number): Promise<AnalyticsReport> {
  const deadline = Date.now() + 10_000;
  let current = await report(server, token);
  while (current.views < views && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    current = await report(server, token);
  }
  return current;
}

type Database = { env: Record<string, string>; cleanUp: () => Promise<void> };

async function sqliteFile(): Promise<Database> {
  const dir = mkdtempSync(path.join(tmpdir(), "dialogic-analytics-"));
  return { env: { DATA_DIR: dir }, cleanUp: async () => rmSync(dir, { recursive: true, force: true }) };
}

async function postgresSchema(url: string): Promise<Database> {
  const schema = await throwawaySchema(url);
  return { env: { DATABASE_URL: schema.databaseUrl }, cleanUp: schema.drop };
}

const kinds: [string, () => Promise<Database>][] = [["SQLite file", sqliteFile]];
if (process.env.TEST_DATABASE_URL) kinds.push(["PostgreSQL", () => postgresSchema(process.env.TEST_DATABASE_URL!)]);

describe.each(kinds)("page views on a %s", (_kind, open) => {
  const cleanUps: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanUp of cleanUps.reverse()) await cleanUp();
  });

  test("1,000 page loads from 25 visitors, among bots, prefetches, HEADs, admin and API requests, across two processes and a restart", async () => {
    const database = await open();
    cleanUps.push(database.cleanUp);
    const password = crypto.randomBytes(18).toString("base64url");
    const env = { ...database.env, ADMIN_PASSWORD: password, TRUST_PROXY: "loopback", ANALYTICS_FLUSH_MS: String(FLUSH_MS) };
    const dataDir = database.env.DATA_DIR;
    const start = () => startBuiltServer({ env, ...(dataDir ? { dataDir } : {}) });
    let first = await start();
    const second = await start();
    cleanUps.push(() => second.stop(), () => first.stop());

    const visits = Array.from({ length: VISITORS }, (_, v) => visit(v));
    // Each visit's first half to the first process, which then restarts (writing what it counted
    // as it exits); the rest shared by both processes, among requests that are not views.
    const firstHalf = visits.flatMap((loads, v) => loads.slice(0, v % 2 ? 15 : 25));
    const secondHalf = visits.flatMap((loads, v) => loads.slice(v % 2 ? 15 : 25));
    // A visit's first request comes before its others.
    await send(first, firstHalf.filter((load) => load.path.includes("utm_") || load.headers.referer));
    await send(first, firstHalf.filter((load) => !(load.path.includes("utm_") || load.headers.referer)));
    await first.stop();
    first = await start();
    await Promise.all([
      send(first, secondHalf.filter((_, n) => n % 3 === 0)),
      send(second, [...secondHalf.filter((_, n) => n % 3 !== 0), ...notViews()]),
    ]);
    expect(firstHalf.length + secondHalf.length).toBe(1000);

    const token = await adminToken(first, password);
    const counted = await reportOnceCounted(second, token, 1000);
    // Nothing more arrives later: every view was counted once.
    await new Promise((resolve) => setTimeout(resolve, 3 * FLUSH_MS));
    const settled = await report(first, token);
    expect(settled).toEqual(counted);

    expect(counted).toMatchObject({ views: 1000, visitors: 25, leads: 0, demo_clicks: 0 });
    expect(counted.series).toEqual([{ day: counted.to, views: 1000, visitors: 25 }]);
    // The specification's pages carry their titles (decision 225); the blog's list has none.
    expect(counted.pages.filter((row) => row.title).map((row) => row.path)).toEqual(["/", "/features", "/contact", "/about"]);
    expect(counted.pages.map(({ title: _title, ...row }) => row)).toEqual([
      { path: "/", views: 400, visitors: 25, leads: 0, demo_clicks: 0 },
      { path: "/blog", views: 250, visitors: 25, leads: 0, demo_clicks: 0 },
      { path: "/features", views: 150, visitors: 25, leads: 0, demo_clicks: 0 },
      { path: "/contact", views: 125, visitors: 25, leads: 0, demo_clicks: 0 },
      { path: "/about", views: 75, visitors: 25, leads: 0, demo_clicks: 0 },
    ]);
    expect(counted.referrers).toEqual([
      { host: "", visitors: 15 },
      { host: "linkedin.com", visitors: 5 },
      { host: "news.ycombinator.com", visitors: 5 },
    ]);
    expect(counted.campaigns).toEqual([{ source: "linkedin", medium: "social", campaign: "spring", visitors: 5, leads: 0, demo_clicks: 0 }]);
    expect(counted.devices).toEqual([
      { device: "desktop", visitors: 20 },
      { device: "mobile", visitors: 5 },
    ]);
  });
});
