import { describe, expect, test } from "vitest";
import { apiTestServer } from "../../tests/helpers/api-test-server";
import { siteRouteManifest } from "../../tests/helpers/site-routes";
import { testDatabaseKinds } from "../../tests/helpers/test-database";
import { createPost } from "../blog/posts.server";
import type { AppDatabase } from "../db/database.server";
import { webVitalsRouter } from "./web-vitals-api.server";
import { createVitalsCollector, VITALS_LIMIT, vitalsByPage, type VitalsCollector } from "./web-vitals.server";

const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const TODAY = { from: "2000-01-01", to: "2999-12-31" };

describe.each(testDatabaseKinds)("POST /api/analytics/vitals on %s", (kind) => {
  const server = apiTestServer(kind);

  async function start() {
    let collector: VitalsCollector | undefined;
    const { db, url, services } = await server.start({
      routers: () => [],
      ownBodies: (services) => {
        collector = createVitalsCollector(services.db, { flushMs: 60_000, logger: services.logger });
        return [webVitalsRouter(services, { routes: siteRouteManifest(), collector })];
      },
    });
    const beacon = (body: string, { type = "text/plain;charset=UTF-8", userAgent = CHROME }: { type?: string | null; userAgent?: string } = {}) =>
      fetch(`${url}/analytics/vitals`, {
        method: "POST",
        headers: { "user-agent": userAgent, ...(type === null ? {} : { "content-type": type }) },
        // Bytes go without a Content-Type of their own; a string would be sent as text/plain.
        body: type === null ? new TextEncoder().encode(body) : body,
      });
    /** What the report reads once this process's samples are written. */
    const stored = async () => {
      await collector!.flush();
      return vitalsByPage(db, TODAY);
    };
    return { db, services, beacon, stored };
  }

  async function addPost(db: AppDatabase, slug: string, published: boolean, extra: Record<string, unknown> = {}) {
    const result = await createPost(db, { title: `Title ${slug}`, slug, published, featured: false, content: "<p>Body</p>", excerpt: "About", ...extra });
    if (!result.ok) throw new Error(`post ${slug} not created`);
  }

  test("a beacon for a public page answers 204 and counts once, as text/plain or JSON, under the page's own address", async () => {
    const { beacon, stored } = await start();
    expect((await beacon(JSON.stringify({ path: "/", lcp: 1200, inp: 80, cls: 0.02, ttfb: 150 }))).status).toBe(204);
    expect((await beacon(JSON.stringify({ path: "/", ttfb: 150 }), { type: "application/json" })).status).toBe(204);
    expect((await beacon(JSON.stringify({ path: "/About", cls: 0 }))).status).toBe(204);
    const report = await stored();
    expect(report).toEqual([
      { path: "/", samples: 2, lcp_p75: expect.any(Number), inp_p75: expect.any(Number), cls_p75: 0.02, ttfb_p75: expect.any(Number) },
      { path: "/about", samples: 1, lcp_p75: null, inp_p75: null, cls_p75: 0, ttfb_p75: null },
    ]);
  });

  test("articles count only while published (not drafts, not before their time); the not-found page, the admin area, previews and the API are no pages to measure", async () => {
    const { db, beacon, stored } = await start();
    await addPost(db, "live-post", true);
    await addPost(db, "draft-post", false);
    await addPost(db, "scheduled-post", true, { publish_at: new Date(Date.now() + 86_400_000).toISOString() });
    expect((await beacon(JSON.stringify({ path: "/blog/live-post", ttfb: 90 }))).status).toBe(204);
    for (const path of ["/blog/draft-post", "/blog/scheduled-post", "/blog/no-such-post", "/no/such/page", "/admin/blog", "/admin/login", "/preview/abc", "/api/posts", "/blog/live-post/x"]) {
      const response = await beacon(JSON.stringify({ path, ttfb: 90 }));
      expect(response.status, path).toBe(400);
      expect(await response.json(), path).toEqual({
        error: "path is not a public page of this site.",
        fields: { path: "path is not a public page of this site." },
      });
    }
    expect((await stored()).map((row) => row.path)).toEqual(["/blog/live-post"]);
  });

  test("malformed, unbounded or oversized beacons answer 4xx naming the problem; nothing is stored", async () => {
    const { beacon, stored } = await start();
    const cases: [string, number, string | RegExp][] = [
      [JSON.stringify({ path: "/", lcp: 1, pad: "x".repeat(2000) }), 413, "Request body is too large"],
      ["{path:", 400, "Request body is not valid JSON"],
      ["[1,2]", 400, /must be a JSON object/],
      ["null", 400, /must be a JSON object/],
      [JSON.stringify({ lcp: 100 }), 400, /path must be the page's path/],
      [JSON.stringify({ path: "//evil.example/", lcp: 100 }), 400, /path must be the page's path/],
      [JSON.stringify({ path: "/" + "a".repeat(400), lcp: 100 }), 400, /path must be the page's path/],
      [JSON.stringify({ path: "/" }), 400, "At least one of lcp, inp, cls and ttfb is required."],
      [JSON.stringify({ path: "/", lcp: -1 }), 400, "lcp must be a number of milliseconds from 0 to 120000."],
      [JSON.stringify({ path: "/", inp: "NaN" }), 400, "inp must be a number of milliseconds from 0 to 120000."],
      ['{"path":"/","ttfb":1e400}', 400, "ttfb must be a number of milliseconds from 0 to 120000."],
      [JSON.stringify({ path: "/", ttfb: 120_001 }), 400, "ttfb must be a number of milliseconds from 0 to 120000."],
      [JSON.stringify({ path: "/", cls: 101 }), 400, "cls must be a number from 0 to 100."],
      [JSON.stringify({ path: "/", cls: null }), 400, "cls must be a number from 0 to 100."],
      [JSON.stringify({ path: "/", lcp: 1000, cls: -0.1 }), 400, "cls must be a number from 0 to 100."],
    ];
    for (const [body, status, error] of cases) {
      const response = await beacon(body);
      expect(response.status, body.slice(0, 60)).toBe(status);
      expect(((await response.json()) as { error: string }).error).toMatch(error);
    }
    const wrongType = await beacon(JSON.stringify({ path: "/", lcp: 1 }), { type: "application/x-www-form-urlencoded" });
    expect(wrongType.status).toBe(415);
    expect((await beacon(JSON.stringify({ path: "/", lcp: 1 }), { type: null })).status).toBe(415);
    expect(await stored()).toEqual([]);
  });

  test("bots and senders without a user agent are answered 204 and not counted", async () => {
    const { beacon, stored } = await start();
    const body = JSON.stringify({ path: "/", lcp: 1000 });
    expect((await beacon(body, { userAgent: "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" })).status).toBe(204);
    expect((await beacon(body, { userAgent: "Mozilla/5.0 (X11; Linux x86_64) HeadlessChrome/131.0.0.0 Safari/537.36" })).status).toBe(204);
    expect((await beacon(body, { userAgent: "" })).status).toBe(204);
    expect(await stored()).toEqual([]);
  });

  test("a flood beyond the limit answers 429 with Retry-After and stores no more", async () => {
    const { beacon, stored } = await start();
    const body = JSON.stringify({ path: "/", ttfb: 100 });
    for (let index = 0; index < VITALS_LIMIT.limit; index += 1) expect((await beacon(body)).status).toBe(204);
    const refused = await beacon(body);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await refused.json()).toEqual({ error: VITALS_LIMIT.message });
    expect((await stored())[0]).toMatchObject({ path: "/", samples: VITALS_LIMIT.limit });
  });
});
