import { afterEach, describe, expect, test } from "vitest";
import { addDays, dayOf, EMPTY_SOURCE, type AnalyticsReport, type DeviceClass, type VisitSource } from "../../domain/analytics";
import { serveApi, testServices } from "../../tests/helpers/http-server";
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from "../../tests/helpers/test-database";
import { ensureAdminPassword, login } from "../auth/admin-auth.server";
import { analyticsRouter } from "./analytics-api.server";
import { reportCsv } from "./analytics-csv.server";
import { sourceValues } from "./visit-sources.server";

const PASSWORD = "correct horse battery staple";

describe.each(testDatabaseKinds)("analytics API on %s", (kind) => {
  let database: TestDatabase | undefined;
  let closeServer: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await closeServer?.();
    await database?.destroy();
    database = undefined;
  });

  async function start() {
    database = await createTestDatabase(kind);
    await ensureAdminPassword(database.db, PASSWORD);
    const services = testServices(database.db);
    const server = await serveApi(services, [analyticsRouter(services)]);
    closeServer = server.close;
    const session = await login(database.db, PASSWORD);
    const get = (path: string, token: string | null = session!.token) =>
      fetch(`${server.url}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
    return { get, db: database.db };
  }

  test("the report reads the roll-ups of the period asked for, every day of it listed", async () => {
    const { get, db } = await start();
    const today = dayOf(Date.now());
    const yesterday = addDays(today, -1);
    const longAgo = addDays(today, -40);
    await db.insertInto("analytics_pages").values([
      { day: today, path: "/", views: 7, visitors: 3 },
      { day: yesterday, path: "/", views: 5, visitors: 2 },
      { day: yesterday, path: "/blog/a-post", views: 9, visitors: 4 },
      { day: longAgo, path: "/", views: 100, visitors: 50 },
    ]).execute();
    const visits = (day: string, visitors: number, source: VisitSource, device: DeviceClass) =>
      sourceValues(source, device).map((row) => ({ day, ...row, visitors }));
    await db
      .insertInto("analytics_sources")
      .values([
        ...visits(today, 3, { ...EMPTY_SOURCE, landing_path: "/" }, "desktop"),
        ...visits(yesterday, 4, { landing_path: "/blog/a-post", referrer_host: "linkedin.com", utm_source: "newsletter", utm_medium: "", utm_campaign: "launch" }, "mobile"),
        ...visits(longAgo, 50, { ...EMPTY_SOURCE, landing_path: "/" }, "desktop"),
      ])
      .execute();

    const response = await get("/admin/analytics?days=7");
    expect(response.status).toBe(200);
    const report = (await response.json()) as AnalyticsReport;
    expect(report).toMatchObject({ from: addDays(today, -6), to: today, views: 21, visitors: 7 });
    expect(report.series).toHaveLength(7);
    expect(report.series.slice(-2)).toEqual([
      { day: yesterday, views: 14, visitors: 4 },
      { day: today, views: 7, visitors: 3 },
    ]);
    expect(report.pages).toEqual([
      { path: "/", views: 12, visitors: 5, leads: 0, demo_clicks: 0 },
      { path: "/blog/a-post", views: 9, visitors: 4, leads: 0, demo_clicks: 0 },
    ]);
    expect(report.referrers).toEqual([
      { host: "linkedin.com", visitors: 4 },
      { host: "", visitors: 3 },
    ]);
    expect(report.campaigns).toEqual([{ source: "newsletter", medium: "", campaign: "launch", visitors: 4, leads: 0, demo_clicks: 0 }]);
    expect(report.devices).toEqual([
      { device: "mobile", visitors: 4 },
      { device: "desktop", visitors: 3 },
    ]);

    const between = (await (await get(`/admin/analytics?from=${longAgo}&to=${longAgo}`)).json()) as AnalyticsReport;
    expect(between).toMatchObject({ from: longAgo, to: longAgo, views: 100, visitors: 50 });

    const csv = await get("/admin/analytics.csv?days=7&table=pages");
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(csv.headers.get("content-disposition")).toContain(`analytics-pages-${addDays(today, -6)}-to-${today}.csv`);
    expect(await csv.text()).toBe('path,views,visitors,leads,demo_clicks\r\n"/",12,5,0,0\r\n"/blog/a-post",9,4,0,0\r\n');
  });

  test("without a token: 401; a bad period or table: 400 naming it", async () => {
    const { get } = await start();
    expect((await get("/admin/analytics", null)).status).toBe(401);
    expect((await get("/admin/analytics.csv?table=pages", "not-a-token")).status).toBe(401);
    for (const [query, field] of [
      ["days=0", "days"],
      ["days=367", "days"],
      ["days=abc", "days"],
      ["days=7&days=8", "days"],
      ["from=2026-02-30&to=2026-03-01", "from"],
      ["from=2026-03-01", "to"],
      ["from=2026-03-02&to=2026-03-01", "from"],
      ["from=2024-01-01&to=2026-01-01", "to"],
    ] as const) {
      const response = await get(`/admin/analytics?${query}`);
      expect(response.status, query).toBe(400);
      const body = (await response.json()) as { error: string; fields: Record<string, string> };
      expect(Object.keys(body.fields), query).toEqual([field]);
      expect(body.error, query).toMatch(field);
    }
    const table = await get("/admin/analytics.csv?days=7&table=secrets");
    expect(table.status).toBe(400);
    expect(((await table.json()) as { error: string }).error).toBe("table must be one of pages, referrers, campaigns, vitals.");
  });
});

describe("the CSV export", () => {
  test("quotes every text cell and defuses cells a spreadsheet would run as formulas", () => {
    const report = {
      campaigns: [
        { source: '=HYPERLINK("http://evil")', medium: "a,b", campaign: "line\nbreak", visitors: 1, leads: 2, demo_clicks: 0 },
        { source: "+1", medium: "-2", campaign: "@x", visitors: 3, leads: 0, demo_clicks: 1 },
        { source: "news;=HYPERLINK(1)", medium: "", campaign: "", visitors: 1, leads: 0, demo_clicks: 0 },
      ],
    } as unknown as AnalyticsReport;
    expect(reportCsv(report, "campaigns")).toBe(
      'source,medium,campaign,visitors,leads,demo_clicks\r\n"\'=HYPERLINK(""http://evil"")","a,b","line\nbreak",1,2,0\r\n"\'+1","\'-2","\'@x",3,0,1\r\n"\'news;\'=HYPERLINK(1)","","",1,0,0\r\n',
    );
  });
});
