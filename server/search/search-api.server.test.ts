import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { apiTestServer } from "../../tests/helpers/api-test-server";
import { testDatabaseKinds } from "../../tests/helpers/test-database";
import { createPost } from "../blog/posts.server";
import { searchApiRouter } from "./search-api.server";

const vectors = (JSON.parse(readFileSync(new URL("../../tests/fixtures/xss-vectors.json", import.meta.url), "utf8")) as unknown[]).filter(
  (value): value is string => typeof value === "string",
);

describe.each(testDatabaseKinds)("search API on %s", (kind) => {
  const server = apiTestServer(kind);

  async function start() {
    const { db, url } = await server.start({ routers: (services) => [searchApiRouter(services)] });
    return { db, get: (path: string) => fetch(`${url}${path}`) };
  }

  test("answers items with an escaped snippet whose only markup is <mark>, and pages", async () => {
    const { db, get } = await start();
    await createPost(db, {
      title: "Compliance <b>basics</b>",
      slug: "compliance-basics",
      published: true,
      excerpt: "Why & how",
      content: "<p>Teams forget &lt;script&gt;alert(1)&lt;/script&gt; their compliance training within weeks.</p>",
    });
    const response = await get("/posts/search?q=complian%20weeks");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const body = (await response.json()) as { items: { slug: string; title: string; excerpt: string; snippet: string }[]; page: number; totalPages: number };
    expect(body.page).toBe(1);
    expect(body.totalPages).toBe(1);
    expect(body.items).toHaveLength(1);
    expect(Object.keys(body.items[0]!).sort()).toEqual(["excerpt", "slug", "snippet", "title"]);
    const snippet = body.items[0]!.snippet;
    expect(snippet).toMatch(/<mark>compliance<\/mark>/i);
    expect(snippet.replace(/<\/?mark>/g, "")).not.toMatch(/[<>]/);
    const beyond = (await (await get("/posts/search?q=compliance&page=5")).json()) as { items: unknown[]; totalPages: number };
    expect(beyond).toEqual({ items: [], page: 5, totalPages: 1 });
  });

  test("a query past its limits or a bad page is a 400 naming the problem; hostile text never a 5xx", async () => {
    const { db, get } = await start();
    const long = await get(`/posts/search?q=${"x".repeat(10_000)}`);
    expect(long.status).toBe(400);
    expect(((await long.json()) as { error: string }).error).toMatch(/too long/);
    expect((await get("/posts/search?q=a+b+c+d+e+f+g+h+i")).status).toBe(400);
    expect((await get("/posts/search?q=a&page=0")).status).toBe(400);
    expect((await get("/posts/search?q=a&q=b")).status).toBe(400);
    const operators = ['"', "NEAR(a b)", "a OR b NOT c", "title:x*", "a & !b | c:*", "%00", "'); drop table blog_posts; --", "*", "(", "^a"];
    for (const [index, text] of [...vectors, ...operators].entries()) {
      // The test's one client would reach the API's limit: its counter starts again every 100.
      if (index % 100 === 0) await db.deleteFrom("rate_limit_windows").execute();
      const response = await get(`/posts/search?q=${encodeURIComponent(text)}`);
      expect(response.status, text).toBeLessThan(500);
      expect([200, 400], text).toContain(response.status);
    }
  });
});
