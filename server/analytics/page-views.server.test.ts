import type { IncomingMessage } from "node:http";
import { afterEach, describe, expect, test } from "vitest";
import pino from "pino";
import { addDays, NOT_FOUND_PATH } from "../../domain/analytics";
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from "../../tests/helpers/test-database";
import type { AppDatabase } from "../db/database.server";
import { CLIENT_ALLOWANCES } from "./client-limits.server";
import { USER_AGENT_MAX } from "./day-salts.server";
import { createPageViews } from "./page-views.server";
import { trafficReport } from "./traffic-report.server";
import { DAY_GRACE_MS, forgetPastDays } from "./view-batches.server";
import { OPEN_VALUES_PER_DAY, OTHER_VALUE } from "./visit-sources.server";

const DAY = "2026-03-10";
const NOON = Date.parse(`${DAY}T12:00:00Z`);
const desktop = (n: number) => `Mozilla/5.0 (X11; Linux x86_64; visitor ${n}) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36`;
const phone = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1";
const googlebot = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

/** A request as the counter sees it: headers and the address it came from. */
function request(address: string, headers: Record<string, string> = {}): IncomingMessage {
  return { method: "GET", headers, socket: { remoteAddress: address } } as unknown as IncomingMessage;
}

function counter(db: AppDatabase, now = () => NOON) {
  return createPageViews({
    db,
    siteHost: "www.example.com",
    flushMs: 60_000,
    clientAddress: (req) => req.socket.remoteAddress ?? "",
    logger: pino({ level: "silent" }),
    now,
  });
}

describe.each(testDatabaseKinds)("page views (%s)", (kind) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.destroy();
    database = undefined;
  });

  test("a known mix counts exactly its views and visitors, whatever process or batch saw them", async () => {
    database = await createTestDatabase(kind);
    // Two processes on one database; the first restarts halfway.
    const first = counter(database.db);
    const second = counter(database.connectAgain());
    const paths = ["/", "/blog", "/features", "/blog/a-post", "/contact"];
    let loads = 0;
    for (let round = 0; round < 40; round += 1) {
      for (let visitor = 0; visitor < 25; visitor += 1) {
        const process = (round + visitor) % 2 === 0 ? first : second;
        process.count(request(`203.0.113.${visitor}`, { "user-agent": desktop(visitor) }), 200, paths[visitor % paths.length]!, "");
        loads += 1;
      }
      // Not views: a bot, a prefetch, a prerender.
      first.count(request("198.51.100.1", { "user-agent": googlebot }), 200, "/", "");
      second.count(request("203.0.113.1", { "user-agent": desktop(1), "sec-purpose": "prefetch" }), 200, "/blog", "");
      first.count(request("203.0.113.2", { "user-agent": desktop(2), purpose: "prefetch" }), 200, "/about", "");
      if (round === 20) await first.flush();
    }
    await first.close();
    await second.close();
    // A restarted process meets the same visitors again the same day: nobody new.
    const restarted = counter(database.db);
    restarted.count(request("203.0.113.0", { "user-agent": desktop(0) }), 200, "/", "");
    await restarted.close();

    const traffic = await trafficReport(database.db, { from: DAY, to: DAY });
    expect(loads).toBe(1000);
    expect(traffic.views).toBe(1001);
    expect(traffic.visitors).toBe(25);
    expect(traffic.series).toEqual([{ day: DAY, views: 1001, visitors: 25 }]);
    // Each visitor keeps to one page here: five visitors a page, 200 views each (201 for "/").
    expect(traffic.pages).toEqual([
      { path: "/", views: 201, visitors: 5 },
      ...["/blog", "/blog/a-post", "/contact", "/features"].map((path) => ({ path, views: 200, visitors: 5 })),
    ]);
    expect(traffic.devices).toEqual([{ device: "desktop", visitors: 25 }]);
  });

  test("a visit's source is its first request's: referrer host, campaign, device and landing page", async () => {
    database = await createTestDatabase(kind);
    const views = counter(database.db);
    views.count(request("192.0.2.1", { "user-agent": phone, referer: "https://www.linkedin.com/feed/" }), 200, "/blog/a-post", "?utm_source=newsletter&utm_medium=email&utm_campaign=launch");
    views.count(request("192.0.2.1", { "user-agent": phone, referer: "https://www.example.com/blog/a-post" }), 200, "/contact", "");
    // The site's own pages and no referrer at all are direct visits.
    views.count(request("192.0.2.2", { "user-agent": desktop(2), referer: "https://example.com/" }), 200, "/features", "");
    views.count(request("192.0.2.3", { "user-agent": desktop(3) }), 404, "/no-such-page", "");
    // Asked not to be tracked: a view, not a visitor.
    views.count(request("192.0.2.4", { "user-agent": desktop(4), dnt: "1" }), 200, "/", "");
    views.count(request("192.0.2.5", { "user-agent": desktop(5), "sec-gpc": "1" }), 200, "/", "");
    await views.close();

    const traffic = await trafficReport(database.db, { from: DAY, to: DAY });
    expect(traffic).toMatchObject({ views: 6, visitors: 3 });
    expect(traffic.referrers).toEqual([
      { host: "", visitors: 2 },
      { host: "linkedin.com", visitors: 1 },
    ]);
    expect(traffic.campaigns).toEqual([{ source: "newsletter", medium: "email", campaign: "launch", visitors: 1 }]);
    expect(traffic.devices).toEqual([
      { device: "desktop", visitors: 2 },
      { device: "mobile", visitors: 1 },
    ]);
    expect(traffic.pages).toContainEqual({ path: NOT_FOUND_PATH, views: 1, visitors: 1 });
    expect(traffic.pages).toContainEqual({ path: "/", views: 2, visitors: 0 });
    const landing = await database.db
      .selectFrom("analytics_sources")
      .select(["value", "visitors"])
      .where("dimension", "=", "landing")
      .orderBy("value")
      .execute();
    expect(landing).toEqual([
      { value: NOT_FOUND_PATH, visitors: 1 },
      { value: "/blog/a-post", visitors: 1 },
      { value: "/features", visitors: 1 },
    ]);
  });

  test("a visit counted while the day's salt was loading keeps its first request's source when its next request comes after", async () => {
    database = await createTestDatabase(kind);
    const views = counter(database.db);
    // The first request of the process: the salt is asked for, the visitor waits unhashed.
    views.count(request("192.0.2.1", { "user-agent": phone, referer: "https://www.linkedin.com/feed/" }), 200, "/blog/a-post", "?utm_source=li&utm_medium=social&utm_campaign=spring");
    await expect.poll(async () => (await database!.db.selectFrom("analytics_salts").select("day").execute()).length).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 20));
    // The same visitor again, now hashed at once: no referrer, no campaign.
    views.count(request("192.0.2.1", { "user-agent": phone }), 200, "/contact", "");
    await views.close();

    const traffic = await trafficReport(database.db, { from: DAY, to: DAY });
    expect(traffic).toMatchObject({ views: 2, visitors: 1 });
    expect(traffic.referrers).toEqual([{ host: "linkedin.com", visitors: 1 }]);
    expect(traffic.campaigns).toEqual([{ source: "li", medium: "social", campaign: "spring", visitors: 1 }]);
  });

  test("one kept-alive connection from a proxy carries many clients: each counts as itself", async () => {
    database = await createTestDatabase(kind);
    const views = createPageViews({
      db: database.db,
      siteHost: "www.example.com",
      flushMs: 60_000,
      clientAddress: (req) => String(req.headers["x-forwarded-for"] ?? req.socket.remoteAddress),
      logger: pino({ level: "silent" }),
      now: () => NOON,
    });
    const socket = { remoteAddress: "127.0.0.1" };
    const onProxyConnection = (headers: Record<string, string>) =>
      ({ method: "GET", headers, socket }) as unknown as IncomingMessage;
    views.count(onProxyConnection({ "user-agent": desktop(1), "x-forwarded-for": "192.0.2.1" }), 200, "/", "");
    views.count(onProxyConnection({ "user-agent": desktop(1), "x-forwarded-for": "192.0.2.1" }), 200, "/blog", "");
    views.count(onProxyConnection({ "user-agent": desktop(1), "x-forwarded-for": "192.0.2.2" }), 200, "/", "");
    views.count(onProxyConnection({ "user-agent": phone, "x-forwarded-for": "192.0.2.2" }), 200, "/", "");
    views.count(onProxyConnection({ "user-agent": googlebot, "x-forwarded-for": "192.0.2.3" }), 200, "/", "");
    await views.close();
    const traffic = await trafficReport(database.db, { from: DAY, to: DAY });
    expect(traffic).toMatchObject({ views: 4, visitors: 3 });
    expect(traffic.devices).toEqual([
      { device: "desktop", visitors: 2 },
      { device: "mobile", visitors: 1 },
    ]);
  });

  test("past a thousand referrer hosts in a day, new ones count as (other): no sender grows the table at will", async () => {
    database = await createTestDatabase(kind);
    await database.db
      .insertInto("analytics_sources")
      .values(Array.from({ length: OPEN_VALUES_PER_DAY }, (_, n) => ({ day: DAY, dimension: "referrer", value: `site-${n}.example`, visitors: 1 })))
      .execute();
    const views = counter(database.db);
    views.count(request("192.0.2.1", { "user-agent": desktop(1), referer: "https://site-7.example/" }), 200, "/", "");
    views.count(request("192.0.2.2", { "user-agent": desktop(2), referer: "https://made-up-1.example/" }), 200, "/", "");
    views.count(request("192.0.2.3", { "user-agent": desktop(3), referer: "https://made-up-2.example/" }), 200, "/", "");
    await views.close();
    const traffic = await trafficReport(database.db, { from: DAY, to: DAY });
    expect(traffic.referrers.slice(0, 2)).toEqual([
      { host: OTHER_VALUE, visitors: 2 },
      { host: "site-7.example", visitors: 2 },
    ]);
  });

  test("nothing stored names a visitor; a day's salt goes at its end, its hashes DAY_GRACE_MS later, the roll-ups stay", async () => {
    database = await createTestDatabase(kind);
    const db = database.db;
    let clock = NOON;
    const views = counter(db, () => clock);
    views.count(request("192.0.2.77", { "user-agent": desktop(77) }), 200, "/", "");
    await views.close();
    const everything = JSON.stringify(
      await Promise.all(
        (["analytics_salts", "analytics_visitors", "analytics_page_visitors", "analytics_clients", "analytics_pages", "analytics_sources"] as const).map((table) =>
          db.selectFrom(table).selectAll().execute(),
        ),
      ),
    );
    expect(everything).not.toContain("192.0.2.77");
    expect(everything).not.toContain("visitor 77");

    // A batch counted before midnight (hashed as it counts) and written just after it.
    const midnight = Date.parse(`${DAY}T00:00:00Z`) + 24 * 60 * 60 * 1000;
    clock = midnight - 1000;
    const late = counter(db, () => clock);
    await late.flush();
    late.count(request("192.0.2.78", { "user-agent": desktop(78) }), 200, "/", "");
    late.count(request("192.0.2.77", { "user-agent": desktop(77) }), 200, "/", "");
    // The salt goes with the day...
    expect(await forgetPastDays(db, midnight - 1)).toBe(0);
    expect(await forgetPastDays(db, midnight)).toBe(1);
    expect(await db.selectFrom("analytics_salts").selectAll().execute()).toEqual([]);
    // ...the hashes stay a little longer: the late batch still tells a known visitor from a new one.
    clock = midnight + DAY_GRACE_MS - 1;
    await late.close();
    expect(await trafficReport(db, { from: DAY, to: DAY })).toMatchObject({ views: 3, visitors: 2 });

    await forgetPastDays(db, midnight + DAY_GRACE_MS);
    for (const table of ["analytics_visitors", "analytics_page_visitors", "analytics_clients"] as const) {
      expect(await db.selectFrom(table).selectAll().where("day", "=", DAY).execute(), table).toEqual([]);
    }
    // Later, a batch of that day counts its views only: its visitors cannot be told apart any more.
    clock = midnight - 1;
    const later = counter(db, () => clock);
    later.count(request("192.0.2.79", { "user-agent": desktop(79) }), 200, "/", "");
    clock = midnight + DAY_GRACE_MS;
    await later.close();
    expect(await trafficReport(db, { from: DAY, to: DAY })).toMatchObject({ views: 4, visitors: 2 });
    expect(await db.selectFrom("analytics_salts").select("day").where("day", "<=", DAY).execute()).toEqual([]);
  });

  test("every process deletes the past day's salt at midnight, from memory and the database, without the hourly housekeeping", async () => {
    database = await createTestDatabase(kind);
    const db = database.db;
    // A clock 300 ms before a midnight, running at the real pace.
    const midnight = Date.parse(`${DAY}T00:00:00Z`) + 24 * 60 * 60 * 1000;
    const offset = midnight - 300 - Date.now();
    const views = counter(db, () => Date.now() + offset);
    views.count(request("192.0.2.1", { "user-agent": desktop(1) }), 200, "/", "");
    await views.flush();
    expect(await db.selectFrom("analytics_salts").select("day").execute()).toEqual([{ day: DAY }]);
    await new Promise((resolve) => setTimeout(resolve, 600));
    await views.flush();
    expect(await db.selectFrom("analytics_salts").select("day").execute()).toEqual([{ day: addDays(DAY, 1) }]);
    // The first view of the new day is a new visitor: nothing links it to the day before.
    views.count(request("192.0.2.1", { "user-agent": desktop(1) }), 200, "/", "");
    await views.close();
    expect((await trafficReport(db, { from: addDays(DAY, 1), to: addDays(DAY, 1) })).visitors).toBe(1);
  });

  test("one address that changes its user agent, referrer and campaign at every request adds a bounded number of visitors and new values", async () => {
    database = await createTestDatabase(kind);
    const views = counter(database.db);
    for (let n = 0; n < 200; n += 1) {
      views.count(request("198.51.100.7", { "user-agent": desktop(n), referer: `https://spam-${n}.example/` }), 200, "/", `?utm_source=spam-${n}`);
      if (n % 50 === 49) await views.flush();
    }
    // Someone else, later the same day, brings a new source: it is still listed.
    views.count(request("192.0.2.2", { "user-agent": desktop(1000), referer: "https://news.example/" }), 200, "/", "?utm_source=news");
    await views.close();
    const traffic = await trafficReport(database.db, { from: DAY, to: DAY });
    expect(traffic.views).toBe(201);
    expect(traffic.visitors).toBe(CLIENT_ALLOWANCES.visitors + 1);
    const spam = (value: string) => value.startsWith("spam-");
    const newValues = traffic.referrers.filter((row) => spam(row.host)).length + traffic.campaigns.filter((row) => spam(row.source)).length;
    expect(newValues).toBe(CLIENT_ALLOWANCES.open_values);
    expect(traffic.referrers).toContainEqual({ host: "news.example", visitors: 1 });
    expect(traffic.campaigns).toContainEqual({ source: "news", medium: "", campaign: "", visitors: 1 });
    expect(traffic.referrers).toContainEqual({ host: OTHER_VALUE, visitors: expect.any(Number) });
  });

  test("a user agent is classed and hashed by its first few hundred characters: one padded to 16 KB is one visitor, however it ends", async () => {
    database = await createTestDatabase(kind);
    const views = counter(database.db);
    await views.flush();
    const padded = desktop(1) + " ".repeat(USER_AGENT_MAX) + "x".repeat(16 * 1024);
    views.count(request("192.0.2.1", { "user-agent": `${padded}1` }), 200, "/", "");
    views.count(request("192.0.2.1", { "user-agent": `${padded}2` }), 200, "/blog", "");
    await views.close();
    expect(await trafficReport(database.db, { from: DAY, to: DAY })).toMatchObject({ views: 2, visitors: 1 });
  });
});
