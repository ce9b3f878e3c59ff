import path from "node:path";
import SQLite from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { addDays, dayOf, REPORT_ROWS, type AnalyticsReport } from "../../domain/analytics";
import { CLIENT_ALLOWANCES } from "../../server/analytics/client-limits.server";
import { OTHER_VALUE } from "../../server/analytics/visit-sources.server";
import { adminToken, startBuiltServer, type BuiltServer } from "../helpers/built-server";
import { parseCsv, startsWithFormula, startsWithTrigger } from "../helpers/csv-parser";

/**
 * What one client could do to the analytics, tried on the built server (issue 30, findings 3, 5
 * and 9; docs/decisions/174, 175): formulas through the CSV export, a flood of user agents and
 * sources from one address, demo clicks past the report's rows, a day's salt after its day.
 */

const FLUSH_MS = 200;
const desktop = (n: number | string) => `Mozilla/5.0 (X11; Linux x86_64; rv:133.0; visitor ${n}) Gecko/20100101 Firefox/133.0`;

async function view(server: BuiltServer, address: string, pathAndQuery: string, headers: Record<string, string> = {}): Promise<void> {
  const response = await fetch(`${server.url}${pathAndQuery}`, { headers: { "x-forwarded-for": address, "user-agent": desktop(address), ...headers } });
  await response.arrayBuffer();
  expect(response.status, pathAndQuery).toBeLessThan(500);
}

async function demoClick(server: BuiltServer, address: string, source: Record<string, string>): Promise<void> {
  const response = await fetch(`${server.url}/api/analytics/demo-click`, {
    method: "POST",
    headers: { "x-forwarded-for": address, "user-agent": desktop(address), "content-type": "text/plain;charset=UTF-8" },
    body: JSON.stringify({ ...source, path: "/" }),
  });
  expect(response.status).toBe(204);
}

async function report(server: BuiltServer, token: string): Promise<AnalyticsReport> {
  const response = await fetch(`${server.url}/api/admin/analytics?days=1`, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status).toBe(200);
  return (await response.json()) as AnalyticsReport;
}

/** The report once `done` says so (batches are written every FLUSH_MS), or after 10 s. */
async function reportWhen(server: BuiltServer, token: string, done: (report: AnalyticsReport) => boolean): Promise<AnalyticsReport> {
  const deadline = Date.now() + 10_000;
  let current = await report(server, token);
  while (!done(current) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    current = await report(server, token);
  }
  return current;
}

async function inParallel<T>(items: T[], work: (item: T) => Promise<void>, workers = 8): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: workers }, async () => {
    while (next < items.length) await work(items[next++]!);
  }));
}

describe("analytics one client cannot bend, on the built server", () => {
  let server: BuiltServer;
  let token: string;
  beforeAll(async () => {
    server = await startBuiltServer({ env: { TRUST_PROXY: "loopback", ANALYTICS_FLUSH_MS: String(FLUSH_MS) } });
    token = await adminToken(server);
  });
  afterAll(async () => {
    await server?.stop();
  });

  test("a `;=` referrer, campaign and landing path export as data: read with `,` or `;`, no cell is a formula", async () => {
    await view(server, "203.0.113.1", `/?utm_source=${encodeURIComponent("news;=HYPERLINK(1)")}`, { referer: "http://x;=1+1/" });
    await demoClick(server, "203.0.113.2", { landing_path: "/x;=1+1", utm_campaign: "spring;=1+1" });
    await reportWhen(server, token, (current) => current.referrers.some((row) => row.host === "x;=1+1"));
    const cells: string[] = [];
    for (const table of ["pages", "referrers", "campaigns"]) {
      const response = await fetch(`${server.url}/api/admin/analytics.csv?days=1&table=${table}`, { headers: { authorization: `Bearer ${token}` } });
      expect(response.status).toBe(200);
      const text = await response.text();
      const asWritten = parseCsv(text, ",").flat();
      expect(asWritten.filter(startsWithTrigger), table).toEqual([]);
      expect(parseCsv(text, ";").flat().filter(startsWithFormula), table).toEqual([]);
      cells.push(...asWritten);
    }
    // The values are there, marked as text.
    expect(cells).toEqual(expect.arrayContaining(["'x;'=1+1", "'news;'=HYPERLINK(1)", "'/x;'=1+1", "'spring;'=1+1"]));
  });

  test("200 user agents, referrers and campaigns from one address add a bounded number of visitors and new values", async () => {
    const before = await report(server, token);
    await inParallel(Array.from({ length: 200 }, (_, n) => n), (n) =>
      view(server, "198.51.100.50", `/features?utm_source=flood-${n}`, { "user-agent": desktop(`flood ${n}`), referer: `https://flood-${n}.example/` }),
    );
    // A real new source arriving after the flood is still listed under its own name.
    await view(server, "192.0.2.9", "/features?utm_source=partner", { referer: "https://partner.example/" });
    const after = await reportWhen(server, token, (current) => current.views >= before.views + 201);
    expect(after.views).toBe(before.views + 201);
    expect(after.visitors - before.visitors).toBe(CLIENT_ALLOWANCES.visitors + 1);
    const flood = (value: string) => value.startsWith("flood-");
    expect(after.referrers.filter((row) => flood(row.host)).length + after.campaigns.filter((row) => flood(row.source)).length).toBe(
      CLIENT_ALLOWANCES.open_values,
    );
    expect(after.referrers).toContainEqual({ host: "partner.example", visitors: 1 });
    expect(after.campaigns).toContainEqual(expect.objectContaining({ source: "partner", visitors: 1 }));
    expect(after.referrers).toContainEqual({ host: OTHER_VALUE, visitors: expect.any(Number) });
  });

  test("demo clicks and leads past the report's rows are summed up as (other)", async () => {
    const clicks = Array.from({ length: 200 }, (_, n) => n);
    await inParallel(clicks, (n) => demoClick(server, `10.20.${Math.floor(n / 100)}.${n % 100}`, { landing_path: `/made-up-${n}`, utm_campaign: `made-up-${n}` }));
    for (let n = 0; n < 3; n += 1) {
      const response = await fetch(`${server.url}/api/contact`, {
        method: "POST",
        headers: { "x-forwarded-for": `10.30.0.${n}`, "user-agent": desktop(n), "content-type": "application/json" },
        body: JSON.stringify({ name: "Lena Lead", email: "lena@example.com", message: `Tell me more, number ${n}.`, landing_path: `/lead-page-${n}`, utm_campaign: `lead-${n}` }),
      });
      expect(response.status).toBe(201);
    }
    const current = await report(server, token);
    for (const [table, rows] of [["pages", current.pages], ["campaigns", current.campaigns]] as const) {
      expect(rows.length, table).toBe(REPORT_ROWS);
      const other = rows.at(-1)!;
      expect(Object.values(other), table).toContain(OTHER_VALUE);
      expect(rows.filter((row) => Object.values(row).includes(OTHER_VALUE)), table).toHaveLength(1);
      // Nothing lost: the rows still add up to the period's clicks and leads.
      expect(rows.reduce((sum, row) => sum + row.demo_clicks, 0), table).toBe(current.demo_clicks);
      expect(rows.reduce((sum, row) => sum + row.leads, 0), table).toBe(current.leads);
    }
    // Leads outweigh single clicks: they keep rows of their own.
    expect(current.pages.map((row) => row.path)).toEqual(expect.arrayContaining(["/lead-page-0", "/lead-page-1", "/lead-page-2"]));
  });
});

test("a day's salt is gone at the day's end, deleted by the server itself without the hourly housekeeping", { timeout: 60_000 }, async () => {
  // The server's clock runs 10 s before a midnight (UTC), at the real pace.
  const midnight = Date.parse(`${addDays(dayOf(Date.now()), 1)}T00:00:00Z`);
  const offset = midnight - 10_000 - Date.now();
  const started = Date.now();
  const server = await startBuiltServer({
    env: {
      TRUST_PROXY: "loopback",
      ANALYTICS_FLUSH_MS: String(FLUSH_MS),
      NODE_OPTIONS: `--import ${path.resolve("tests/helpers/shifted-clock.mjs")}`,
      TEST_CLOCK_OFFSET_MS: String(offset),
    },
  });
  const database = new SQLite(path.join(server.dataDir, "site.db"), { readonly: true, fileMustExist: true });
  try {
    const serverNow = () => Date.now() + offset;
    const day = dayOf(serverNow());
    expect(Date.now() - started, "the server took too long to start").toBeLessThan(7000);
    await view(server, "203.0.113.7", "/");
    const salts = () => database.prepare("select day from analytics_salts order by day").all() as { day: string }[];
    const hashes = () => database.prepare("select count(*) as hashes from analytics_visitors where day = ?").get(day);
    const deadline = Date.now() + 3000;
    while ((hashes() as { hashes: number }).hashes === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(salts()).toEqual([{ day }]);
    expect(hashes()).toEqual({ hashes: 1 });

    // Just past midnight by the server's clock: the past day's salt is gone.
    await new Promise((resolve) => setTimeout(resolve, midnight + 1000 - serverNow()));
    expect(salts().filter((row) => row.day <= day)).toEqual([]);
    // The hashes stay a little longer for batches on their way, and are useless without the salt.
    expect(hashes()).toEqual({ hashes: 1 });
  } finally {
    database.close();
    await server.stop();
  }
});
