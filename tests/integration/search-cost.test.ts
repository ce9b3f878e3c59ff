import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { SEARCH_LIMIT } from "../../server/search/search-limit.server";
import { adminToken, startBuiltServer, type BuiltServer } from "../helpers/built-server";

/**
 * Issue 30, finding 2, on the built server (page cache on, TRUST_PROXY=1 so each test is its own
 * client): single letters were prefixes that read every term of the index, the search page had no
 * limit, and every word order was a new page. Decision 172.
 */

let server: BuiltServer;

beforeAll(async () => {
  server = await startBuiltServer({ env: { TRUST_PROXY: "1" } });
  const token = await adminToken(server);
  const posts = [
    { slug: "c-by-hand", title: "Writing C by hand", content: "<p>A compiler course for a team.</p>" },
    { slug: "compliance-calendars", title: "Compliance calendars", content: "<p>Courses and checklists, every quarter.</p>" },
  ];
  for (const post of posts) {
    const response = await fetch(`${server.url}/api/admin/posts`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify({ ...post, excerpt: "An excerpt", published: true }),
    });
    expect(response.status).toBe(201);
  }
});

afterAll(async () => {
  await server?.stop();
});

const from = (client: string) => ({ headers: { "x-forwarded-for": client } });
const searchPage = (query: string, client: string) => fetch(`${server.url}/blog/search?q=${encodeURIComponent(query)}`, from(client));
const searchApi = (query: string, client: string) => fetch(`${server.url}/api/posts/search?q=${encodeURIComponent(query)}`, from(client));

/** Orders of eight letters, all one query: "p o n m l k j i", "i p o n m l k j", … */
function permutations(count: number): string[] {
  const letters = ["i", "j", "k", "l", "m", "n", "o", "p"];
  return Array.from({ length: count }, (_, index) => [...letters.slice(index % 8), ...letters.slice(0, index % 8)].reverse().join(" "));
}

describe("search on the built server (issue 30, finding 2)", () => {
  test("single letters are matched whole: a letter finds the post where it stands alone, not every word it starts", async () => {
    const api = (await (await searchApi("c", "198.51.100.1")).json()) as { items: { slug: string }[] };
    expect(api.items.map((item) => item.slug)).toEqual(["c-by-hand"]);
    const prefix = (await (await searchApi("co", "198.51.100.1")).json()) as { items: { slug: string }[] };
    expect(prefix.items.map((item) => item.slug).sort()).toEqual(["c-by-hand", "compliance-calendars"]);
    const letters = await searchPage("a b c d e f g h", "198.51.100.1");
    expect(letters.status).toBe(200);
    expect(await letters.text()).toContain("No articles match “a b c d e f g h”");
  });

  test("twelve word orders of one search in parallel are one cached page that costs the client nothing more", async () => {
    const client = "198.51.100.2";
    // The first answer is a miss: one search counted against the client's limit.
    const first = await searchPage("i j k l m n o p", client);
    expect(first.status).toBe(200);
    const orders = permutations(12);
    expect(new Set(orders).size).toBe(8);
    const page = await first.text();
    const answers = await Promise.all(orders.map((order) => searchPage(order, client)));
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.url).toBe(`${server.url}/blog/search?q=i+j+k+l+m+n+o+p`);
      expect(await answer.text()).toBe(page);
    }
    const health = await fetch(`${server.url}/healthz`);
    expect(health.status).toBe(200);
    // Those twelve were hits: the client still has every search of its minute but the first.
    let allowed = 0;
    for (let index = 0; index < SEARCH_LIMIT.limit; index += 1) {
      const response = await searchApi(`word${index}`, client);
      if (response.status === 429) break;
      expect(response.status).toBe(200);
      allowed += 1;
    }
    expect(allowed).toBe(SEARCH_LIMIT.limit - 1);
  });

  test("past the limit, a new search page answers 429 with the limit's message; a page the cache holds is still served", async () => {
    const client = "198.51.100.3";
    const cached = await searchPage("compliance", "198.51.100.4");
    expect(cached.status).toBe(200);
    for (let index = 0; index < SEARCH_LIMIT.limit; index += 1) expect((await searchApi(`spend${index}`, client)).status).toBe(200);
    // The API and the page count one limit.
    expect((await searchApi("one more", client)).status).toBe(429);
    const refused = await searchPage("another new query", client);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(refused.headers.get("cache-control")).toBe("no-store");
    const html = await refused.text();
    expect(html).toContain(SEARCH_LIMIT.message);
    expect(html).toContain("Results for “another new query”");
    // React Router's data path is the same door.
    const data = await fetch(`${server.url}/blog/search.data?q=another+yet`, from(client));
    expect(data.status).toBeLessThan(500);
    expect(await data.text()).toContain(SEARCH_LIMIT.message);
    // A hit costs no search: the cached page is served to the limited client too. (Asked by
    // another client just before, so that it is in the cache whatever dropped it meanwhile.)
    expect((await searchPage("compliance", "198.51.100.4")).status).toBe(200);
    const hit = await searchPage("compliance", client);
    expect(hit.status).toBe(200);
    expect(await hit.text()).toContain("Compliance calendars");
    // Refusals are never kept: another client gets the results.
    expect((await searchPage("another new query", "198.51.100.5")).status).toBe(200);
  });
});
