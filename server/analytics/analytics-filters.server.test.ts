import { afterEach, describe, expect, test } from "vitest";
import { addDays, dayOf, type AnalyticsReport } from "../../domain/analytics";
import { CHROME, countKnownMix, countViews, LAUNCH, SPRING } from "../../tests/helpers/analytics-mix";
import { serveApi, testServices } from "../../tests/helpers/http-server";
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from "../../tests/helpers/test-database";
import { ensureAdminPassword, login } from "../auth/admin-auth.server";
import { seedPost } from "../../tests/helpers/posts";
import { analyticsRouter } from "./analytics-api.server";
import { postStatsRouter } from "./post-stats-api.server";
import type { PostStats } from "./post-stats.server";

const PASSWORD = "correct horse battery staple";

describe.each(testDatabaseKinds)("the analytics API's filters on %s", (kind) => {
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
    const server = await serveApi(services, [analyticsRouter(services), postStatsRouter(services)]);
    closeServer = server.close;
    const session = await login(database.db, PASSWORD);
    const get = (path: string) => fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${session!.token}` } });
    const today = dayOf(Date.now());
    await countKnownMix(database.db, today);
    const report = async (query: string) => {
      const response = await get(`/admin/analytics?days=1&${query}`);
      expect(response.status, query).toBe(200);
      return (await response.json()) as AnalyticsReport;
    };
    return { get, report, today, yesterday: addDays(today, -1), db: database.db };
  }

  const launch = encodeURIComponent(LAUNCH);

  test("unfiltered: totals, sources with their leads, and the day before as `previous`", async () => {
    const { report, today, yesterday } = await start();
    const all = await report("");
    expect(all).toMatchObject({ from: today, to: today, views: 9, visitors: 4, leads: 4, demo_clicks: 3 });
    expect(all.previous).toEqual({ from: yesterday, to: yesterday, views: 4, visitors: 1, leads: 1, demo_clicks: 0 });
    expect(all.sources).toEqual([
      { host: "google.com", visitors: 2, leads: 3 },
      { host: "", visitors: 1, leads: 0 },
      { host: "linkedin.com", visitors: 1, leads: 1 },
    ]);
    expect(all.pages.map(({ path, views, visitors }) => ({ path, views, visitors }))).toEqual([
      { path: "/blog/a-post", views: 5, visitors: 2 },
      { path: "/", views: 3, visitors: 2 },
      { path: "/about", views: 1, visitors: 1 },
    ]);
  });

  test("a source counts only its visits, their pages, leads and clicks, now and the day before", async () => {
    const { report, yesterday } = await start();
    const google = await report("source=google.com");
    expect(google).toMatchObject({ views: 7, visitors: 2, leads: 3, demo_clicks: 1 });
    expect(google.pages).toEqual([
      { path: "/blog/a-post", views: 5, visitors: 2, leads: 1, demo_clicks: 0 },
      { path: "/", views: 2, visitors: 1, leads: 2, demo_clicks: 1 },
    ]);
    expect(google.referrers).toEqual([{ host: "google.com", visitors: 2 }]);
    expect(google.sources).toEqual([{ host: "google.com", visitors: 2, leads: 3 }]);
    expect(google.campaigns).toEqual([{ source: "newsletter", medium: "email", campaign: "launch", visitors: 1, leads: 2, demo_clicks: 1 }]);
    expect(google.devices).toEqual([
      { device: "desktop", visitors: 1 },
      { device: "mobile", visitors: 1 },
    ]);
    expect(google.series).toEqual([{ day: google.to, views: 7, visitors: 2 }]);
    expect(google.previous).toEqual({ from: yesterday, to: yesterday, views: 4, visitors: 1, leads: 1, demo_clicks: 0 });
  });

  test("a campaign and a page count only theirs", async () => {
    const { report } = await start();
    const spring = await report(`campaign=${encodeURIComponent(SPRING)}`);
    expect(spring).toMatchObject({ views: 1, visitors: 1, leads: 1, demo_clicks: 2 });
    expect(spring.pages).toEqual([{ path: "/", views: 1, visitors: 1, leads: 1, demo_clicks: 2 }]);
    expect(spring.referrers).toEqual([{ host: "linkedin.com", visitors: 1 }]);
    expect(spring.devices).toEqual([{ device: "mobile", visitors: 1 }]);
    expect(spring.previous).toMatchObject({ views: 0, visitors: 0, leads: 0, demo_clicks: 0 });

    const launch = await report(`campaign=${encodeURIComponent(LAUNCH)}`);
    expect(launch).toMatchObject({ views: 4, visitors: 1, leads: 2, demo_clicks: 1 });

    const article = await report(`path=${encodeURIComponent("/blog/a-post")}`);
    expect(article).toMatchObject({ views: 5, visitors: 2, leads: 1, demo_clicks: 0 });
    expect(article.pages).toEqual([{ path: "/blog/a-post", views: 5, visitors: 2, leads: 1, demo_clicks: 0 }]);
    expect(article.referrers).toEqual([{ host: "google.com", visitors: 2 }]);
    expect(article.campaigns).toEqual([{ source: "newsletter", medium: "email", campaign: "launch", visitors: 1, leads: 0, demo_clicks: 0 }]);
    expect(article.devices).toEqual([
      { device: "desktop", visitors: 1 },
      { device: "mobile", visitors: 1 },
    ]);
    const home = await report("path=%2F");
    expect(home).toMatchObject({ views: 3, visitors: 2, leads: 3, demo_clicks: 3 });
    expect(home.previous).toMatchObject({ views: 4, visitors: 1, leads: 1 });
  });

  test("a post's stats are its page's, with the period before; its title names it in the report", async () => {
    const { get, report, db } = await start();
    const post = await seedPost(db, { title: "A post", slug: "a-post", content: "<p>Read me.</p>" });
    const response = await get(`/admin/posts/${post.id}/stats?days=1`);
    expect(response.status).toBe(200);
    const stats = (await response.json()) as PostStats;
    expect(stats).toMatchObject({ path: "/blog/a-post", views: 5, visitors: 2, leads: 1, demo_clicks: 0, vitals: null });
    expect(stats.previous).toMatchObject({ views: 0, visitors: 0, leads: 0, demo_clicks: 0 });
    expect(stats.sources).toEqual([{ host: "google.com", visitors: 2, leads: 1 }]);
    expect(stats.campaigns).toEqual([{ source: "newsletter", medium: "email", campaign: "launch", visitors: 1, leads: 0, demo_clicks: 0 }]);
    expect((await get("/admin/posts/no-such-post/stats")).status).toBe(404);
    const bad = await get(`/admin/posts/${post.id}/stats?days=0`);
    expect(bad.status).toBe(400);
    expect(Object.keys(((await bad.json()) as { fields: object }).fields)).toEqual(["days"]);
    const all = await report("");
    expect(all.pages[0]).toMatchObject({ path: "/blog/a-post", title: "A post", post_id: post.id });
    expect(all.pages[1]).not.toHaveProperty("title");
  });

  test("a filter it cannot apply is a 400 naming it", async () => {
    const { get } = await start();
    for (const [query, field] of [
      ["device=mobile", "device"],
      ["source=google.com&campaign=a%0Ab", "campaign"],
      ["path=no-slash", "path"],
      ["path=%2Fa&path=%2Fb", "path"],
      ["campaign=launch", "campaign"],
      [`source=${"x".repeat(101)}`, "source"],
    ] as const) {
      const response = await get(`/admin/analytics?days=7&${query}`);
      expect(response.status, query).toBe(400);
      const body = (await response.json()) as { error: string; fields: Record<string, string> };
      expect(Object.keys(body.fields), query).toEqual([field]);
    }
  });

  test("filters combine: source, page and campaign together narrow every figure, the period before included", async () => {
    const { report, yesterday } = await start();
    const article = await report(`source=google.com&path=${encodeURIComponent("/blog/a-post")}`);
    expect(article).toMatchObject({ views: 5, visitors: 2, leads: 1, demo_clicks: 0 });
    expect(article.pages).toEqual([{ path: "/blog/a-post", views: 5, visitors: 2, leads: 1, demo_clicks: 0 }]);
    expect(article.campaigns).toEqual([{ source: "newsletter", medium: "email", campaign: "launch", visitors: 1, leads: 0, demo_clicks: 0 }]);
    expect(article.devices).toEqual([
      { device: "desktop", visitors: 1 },
      { device: "mobile", visitors: 1 },
    ]);

    const sourceAndCampaign = await report(`source=google.com&campaign=${launch}`);
    expect(sourceAndCampaign).toMatchObject({ views: 4, visitors: 1, leads: 2, demo_clicks: 1 });
    expect(sourceAndCampaign.pages).toEqual([
      { path: "/", views: 2, visitors: 1, leads: 2, demo_clicks: 1 },
      { path: "/blog/a-post", views: 2, visitors: 1, leads: 0, demo_clicks: 0 },
    ]);
    expect(sourceAndCampaign.devices).toEqual([{ device: "desktop", visitors: 1 }]);

    const all = await report(`source=google.com&path=%2F&campaign=${launch}`);
    expect(all).toMatchObject({ views: 2, visitors: 1, leads: 2, demo_clicks: 1 });
    expect(all.series).toEqual([{ day: all.to, views: 2, visitors: 1 }]);
    expect(all.pages).toEqual([{ path: "/", views: 2, visitors: 1, leads: 2, demo_clicks: 1 }]);
    expect(all.referrers).toEqual([{ host: "google.com", visitors: 1 }]);
    expect(all.sources).toEqual([{ host: "google.com", visitors: 1, leads: 2 }]);
    expect(all.campaigns).toEqual([{ source: "newsletter", medium: "email", campaign: "launch", visitors: 1, leads: 2, demo_clicks: 1 }]);
    expect(all.devices).toEqual([{ device: "desktop", visitors: 1 }]);
    expect(all.previous).toEqual({ from: yesterday, to: yesterday, views: 0, visitors: 0, leads: 0, demo_clicks: 0 });

    // The day before: visitor e came from google.com to / with no campaign, and left a lead.
    const home = await report("source=google.com&path=%2F");
    expect(home).toMatchObject({ views: 2, visitors: 1, leads: 2, demo_clicks: 1 });
    expect(home.previous).toEqual({ from: yesterday, to: yesterday, views: 4, visitors: 1, leads: 1, demo_clicks: 0 });

    const nothing = await report(`source=linkedin.com&path=%2Fabout&campaign=${launch}`);
    expect(nothing).toMatchObject({ views: 0, visitors: 0, leads: 0, demo_clicks: 0, pages: [], referrers: [], campaigns: [], devices: [] });
  });

  test("the CSV export honours every filter; a bad one is a 400 naming it", async () => {
    const { get } = await start();
    const csv = async (query: string) => {
      const response = await get(`/admin/analytics.csv?days=1&${query}`);
      expect(response.status, query).toBe(200);
      return (await response.text()).trim().split(/\r?\n/);
    };
    const combined = `source=google.com&path=%2F&campaign=${launch}`;
    expect(await csv(`table=pages&${combined}`)).toEqual(["path,views,visitors,leads,demo_clicks", "\"/\",2,1,2,1"]);
    expect(await csv(`table=referrers&${combined}`)).toEqual(["host,visitors", "\"google.com\",1"]);
    expect(await csv(`table=campaigns&${combined}`)).toEqual(["source,medium,campaign,visitors,leads,demo_clicks", "\"newsletter\",\"email\",\"launch\",1,2,1"]);
    expect(await csv(`table=pages&source=linkedin.com&path=%2F`)).toEqual(["path,views,visitors,leads,demo_clicks", "\"/\",1,1,1,2"]);
    expect((await csv("table=pages")).length).toBe(4);
    const bad = await get("/admin/analytics.csv?days=1&table=pages&source=google.com&path=nope");
    expect(bad.status).toBe(400);
    expect(Object.keys(((await bad.json()) as { fields: object }).fields)).toEqual(["path"]);
  });

  test("a visit with a utm_source and no referrer counts under that source, not Direct, and so does its lead", async () => {
    const { report, today, db } = await start();
    await countViews(db, Date.parse(`${today}T12:30:00Z`), [["f", CHROME, "/features", "", "?utm_source=mailing&utm_medium=email&utm_campaign=winter", 2]]);
    await db
      .insertInto("contact_messages")
      .values({
        id: "from-mailing",
        name: "Lead",
        email: "lead@example.com",
        message: "Hello",
        created_at: `${today}T13:00:00.000Z`,
        read_at: null,
        mail_id: null,
        landing_path: "/features",
        referrer_host: "",
        utm_source: "mailing",
        utm_medium: "email",
        utm_campaign: "winter",
      })
      .execute();
    const all = await report("");
    expect(all.sources).toContainEqual({ host: "mailing", visitors: 1, leads: 1 });
    expect(all.sources).toContainEqual({ host: "", visitors: 1, leads: 0 });
    const mailing = await report("source=mailing");
    expect(mailing).toMatchObject({ views: 2, visitors: 1, leads: 1, demo_clicks: 0 });
    expect(mailing.pages).toEqual([{ path: "/features", views: 2, visitors: 1, leads: 1, demo_clicks: 0 }]);
    const direct = await report("source=");
    expect(direct).toMatchObject({ views: 1, visitors: 1, leads: 0 });
    expect(direct.pages.map((row) => row.path)).toEqual(["/about"]);
  });

  test("top pages carry the title of the post or edited page at their address; a page's stats are its address's", async () => {
    const { get, report, db } = await start();
    const post = await seedPost(db, { title: "A post", slug: "a-post", content: "<p>Read me.</p>" });
    const now = new Date().toISOString();
    await db
      .insertInto("site_pages")
      .values({ id: "about", path: "/about", title: "About us", status: "published", system: 0, seo: "{}", blocks: "[]", draft: null, publish_at: null, published_at: now, created_at: now, updated_at: now })
      .execute();
    const all = await report("");
    expect(all.pages.map(({ path, title, post_id }) => ({ path, title, post_id }))).toEqual([
      { path: "/blog/a-post", title: "A post", post_id: post.id },
      { path: "/", title: undefined, post_id: undefined },
      { path: "/about", title: "About us", post_id: undefined },
    ]);
    const response = await get("/admin/pages/about/stats?days=1");
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ path: "/about", views: 1, visitors: 1, leads: 0, sources: [{ host: "", visitors: 1, leads: 0 }] });
    expect((await get("/admin/pages/no-such-page/stats")).status).toBe(404);
    expect((await get("/admin/pages/about/stats?days=abc")).status).toBe(400);
  });
});
