import { describe, expect, test } from "vitest";
import { apiTestServer, type ApiTestServer } from "../../tests/helpers/api-test-server";
import { testDatabaseKinds } from "../../tests/helpers/test-database";
import { dayOf } from "../../domain/analytics";
import { DEMO_CLICK_LIMIT } from "./demo-clicks.server";
import { DEMO_CLICK_BODY_LIMIT_BYTES, demoClicksRouter } from "./demo-clicks-api.server";

const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36";

const click = {
  landing_path: "/blog/launch-notes",
  referrer_host: "linkedin.com",
  utm_source: "newsletter",
  utm_medium: "email",
  utm_campaign: "launch",
  path: "/contact",
};

describe.each(testDatabaseKinds)("demo click beacons on %s", (kind) => {
  const server = apiTestServer(kind);

  async function start() {
    return server.start({ routers: () => [], ownBodies: (services) => [demoClicksRouter(services)] });
  }

  /** A beacon as the browser sends a string: text/plain. */
  function beacon({ url }: ApiTestServer, body: string, { type = "text/plain;charset=UTF-8", userAgent = CHROME } = {}) {
    return fetch(`${url}/analytics/demo-click`, {
      method: "POST",
      headers: { "content-type": type, "user-agent": userAgent },
      body,
    });
  }

  async function rows({ db }: ApiTestServer) {
    return db
      .selectFrom("analytics_demo_clicks")
      .selectAll()
      .orderBy("landing_path")
      .execute()
      .then((all) => all.map((row) => ({ ...row, clicks: Number(row.clicks) })));
  }

  test("a beacon answers 204 and adds one click to the day's row of its source; the same source adds up", async () => {
    const current = await start();
    for (let index = 0; index < 3; index += 1) {
      const answer = await beacon(current, JSON.stringify(click));
      expect(answer.status).toBe(204);
      expect(await answer.text()).toBe("");
    }
    // A JSON Blob arrives as application/json: the same click.
    expect((await beacon(current, JSON.stringify(click), { type: "application/json" })).status).toBe(204);
    const { landing_path, referrer_host, utm_source, utm_medium, utm_campaign } = click;
    expect(await rows(current)).toEqual([
      { day: dayOf(Date.now()), landing_path, referrer_host, utm_source, utm_medium, utm_campaign, clicks: 4 },
    ]);
  });

  test("a click without a landing page counts for the page it was made on; every value is bounded", async () => {
    const current = await start();
    const hostile = {
      path: "/pricing",
      referrer_host: "LinkedIn.COM\u0000",
      utm_source: "x".repeat(500),
      utm_medium: 42,
      utm_campaign: { nested: true },
      extra: "ignored",
    };
    expect((await beacon(current, JSON.stringify(hostile))).status).toBe(204);
    expect((await beacon(current, JSON.stringify({ landing_path: "https://evil.example/", path: "//evil.example" }))).status).toBe(204);
    expect(await rows(current)).toEqual([
      { day: expect.any(String), landing_path: "", referrer_host: "", utm_source: "", utm_medium: "", utm_campaign: "", clicks: 1 },
      {
        day: expect.any(String),
        landing_path: "/pricing",
        referrer_host: "linkedin.com",
        utm_source: "x".repeat(100),
        utm_medium: "",
        utm_campaign: "",
        clicks: 1,
      },
    ]);
  });

  test("bad bodies get a 4xx naming the problem and change nothing", async () => {
    const current = await start();
    const huge = await beacon(current, JSON.stringify({ ...click, utm_source: "x".repeat(DEMO_CLICK_BODY_LIMIT_BYTES) }));
    expect(huge.status).toBe(413);
    expect(await huge.json()).toEqual({ error: "Request body is too large" });
    const malformed = await beacon(current, "{landing_path:");
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({ error: "Request body is not valid JSON" });
    for (const notAnObject of ["[1,2]", "null", "\"click\"", "7"]) {
      const answer = await beacon(current, notAnObject);
      expect(answer.status, notAnObject).toBe(400);
      expect(await answer.json()).toEqual({ error: "The click must be a JSON object." });
    }
    const form = await beacon(current, "landing_path=%2F", { type: "application/x-www-form-urlencoded" });
    expect(form.status).toBe(415);
    const empty = await fetch(`${current.url}/analytics/demo-click`, { method: "POST" });
    expect(empty.status).toBe(415);
    const charset = await beacon(current, JSON.stringify(click), { type: "text/plain; charset=x-unknown" });
    expect(charset.status).toBe(415);
    expect(await rows(current)).toEqual([]);
  });

  test("bots and crawlers are answered 204 and not counted", async () => {
    const current = await start();
    for (const userAgent of [
      "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/130.0.0.0 Safari/537.36",
      "curl/8.5.0",
    ]) {
      expect((await beacon(current, JSON.stringify(click), { userAgent })).status).toBe(204);
    }
    expect(await rows(current)).toEqual([]);
  });

  test(`clicks of one client beyond ${DEMO_CLICK_LIMIT.limit} in the window answer 429 and are not counted`, async () => {
    const current = await start();
    const statuses: number[] = [];
    for (let index = 0; index <= DEMO_CLICK_LIMIT.limit; index += 1) {
      statuses.push((await beacon(current, JSON.stringify(click))).status);
    }
    expect(statuses.filter((status) => status === 204)).toHaveLength(DEMO_CLICK_LIMIT.limit);
    const limited = await beacon(current, JSON.stringify(click));
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual({ error: DEMO_CLICK_LIMIT.message });
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await rows(current)).toMatchObject([{ clicks: DEMO_CLICK_LIMIT.limit }]);
  });
});
