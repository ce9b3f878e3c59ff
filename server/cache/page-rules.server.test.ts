import { describe, expect, test } from "vitest";
import { SEARCH_LIMIT } from "../search/search-limit.server";
import type { PageAddress } from "./page-address.server";
import { siteRouteManifest } from "../../tests/helpers/site-routes";
import { isRouterDataRequest, nextMidnight, pageCacheKey, pageQueryRedirect, PRIVATE_ROUTES, PUBLIC_ROUTES, pageRule } from "./page-rules.server";

const at = (routeId: string, path = "/", params: PageAddress["params"] = {}): PageAddress => ({ path, routeId, params });

describe("which answers the page cache keeps", () => {
  test("public pages by route, with the tags of the posts they show; never the admin area or a preview", () => {
    expect(pageRule(at("routes/home"), SEARCH_LIMIT)).toEqual({ tags: [] });
    expect(pageRule(at("routes/blog", "/blog"), SEARCH_LIMIT)).toEqual({ tags: ["posts"] });
    expect(pageRule(at("routes/blog-post", "/blog/some-post", { slug: "some-post" }), SEARCH_LIMIT)).toEqual({ tags: ["post:some-post"] });
    expect(pageRule(at("routes/security-submit", "/security/submit"), SEARCH_LIMIT)).toEqual({ tags: [] });
    expect(pageRule(at("routes/not-found", "/no-such-page", { "*": "no-such-page" }), SEARCH_LIMIT)).toEqual({ tags: [] });
    for (const routeId of ["routes/admin-login", "routes/admin-blog", "admin-edit", "routes/post-preview", "routes/a-route-added-later"]) {
      expect(pageRule(at(routeId), SEARCH_LIMIT), routeId).toBeUndefined();
    }
  });

  test("every route of app/routes.ts is listed once: a public page (kept) or private (never kept)", () => {
    for (const id of Object.keys(siteRouteManifest())) {
      expect(PUBLIC_ROUTES.has(id) !== PRIVATE_ROUTES.has(id), `${id} is in exactly one list`).toBe(true);
    }
  });

  test("React Router's data and manifest requests are not pages, whatever their case", () => {
    for (const path of ["/blog.data", "/blog/x.data", "/BLOG/X.DATA", "/__manifest"]) expect(isRouterDataRequest(path), path).toBe(true);
    for (const path of ["/blog", "/data", "/blog/data"]) expect(isRouterDataRequest(path), path).toBe(false);
  });

  test("the disclosure policy, which shows today's date, expires at the next midnight", () => {
    const now = new Date(2026, 10, 23, 22, 15);
    expect(pageRule(at("routes/security", "/security"), SEARCH_LIMIT, now)).toEqual({ tags: [], expiresAt: new Date(2026, 10, 24).getTime() });
    expect(nextMidnight(new Date(2026, 11, 31, 23, 59))).toBe(new Date(2027, 0, 1).getTime());
  });

  test("a page's cache address keeps only the query parameters the page reads, with values it takes", () => {
    const key = (address: string) => {
      const url = new URL(address, "http://site");
      return pageCacheKey(url.pathname, url.search);
    };
    expect(key("/?utm_source=newsletter&x=1")).toBe("/");
    expect(key("/about?cachebuster=123")).toBe("/about");
    expect(key("/blog?utm_campaign=a&page=2")).toBe("/blog?page=2");
    expect(key("/blog?page=2&page=3")).toBe("/blog?page=2");
    expect(key("/contact?sent=1&x=2")).toBe("/contact?sent=1");
    expect(key("/blog/some-post?page=2")).toBe("/blog/some-post");
    // Values the page does not take change nothing on it: one address, not one per value.
    for (const junk of ["/blog?page=1", "/blog?page=0", "/blog?page=-3", "/blog?page=02", "/blog?page=abc", "/blog?page=1e3", "/blog?page=99999999999"]) {
      expect(key(junk), junk).toBe("/blog");
    }
    for (const junk of ["/contact?sent=2", "/contact?sent=", "/contact?sent=true", "/contact?sent=1x"]) expect(key(junk), junk).toBe("/contact");
  });

  test("a page number the list has another address for is redirected there, other parameters kept", () => {
    const moved = (address: string) => {
      const url = new URL(address, "http://site");
      return pageQueryRedirect(url.pathname, url.search);
    };
    expect(moved("/blog?page=1")).toBe("/blog");
    expect(moved("/blog?page=abc&utm_source=news")).toBe("/blog?utm_source=news");
    expect(moved("/blog?page=0")).toBe("/blog");
    for (const kept of ["/blog", "/blog?page=2", "/blog?utm_source=news", "/contact?sent=x", "/about?page=1"]) expect(moved(kept), kept).toBeUndefined();
  });
});

describe("readers' pages (decisions 156, 157)", () => {
  test("search results, category and author pages are kept and dropped by any post change", () => {
    // Search results also sit in their bounded share of the cache, and a miss is a search the client pays for (decision 172).
    expect(pageRule(at("routes/blog-search", "/blog/search"), SEARCH_LIMIT)).toEqual({ tags: ["posts"], share: "search", limit: SEARCH_LIMIT });
    expect(pageRule(at("routes/blog-category", "/blog/category/training", { slug: "training" }), SEARCH_LIMIT)).toEqual({ tags: ["posts"] });
    expect(pageRule(at("routes/blog-author", "/blog/author/jane", { slug: "jane" }), SEARCH_LIMIT)).toEqual({ tags: ["posts"] });
  });

  test("a search has one address: its words sorted, each once, lower case, one space apart; junk never makes a new key", () => {
    expect(pageCacheKey("/blog/search", "?q=compliance&utm_source=x")).toBe("/blog/search?q=compliance");
    expect(pageCacheKey("/blog/search", "?page=2&q=compliance")).toBe("/blog/search?q=compliance&page=2");
    expect(pageQueryRedirect("/blog/search", "?q=Compliance%21%21")).toBe("/blog/search?q=compliance");
    expect(pageQueryRedirect("/blog/search", "?q=%22a%22+OR+b*")).toBe("/blog/search?q=a+b+or");
    // Every order of the same words is one page (decision 172).
    for (const order of ["h g f e d c b a", "c a b d e f g h", "B a c d e f g h"]) {
      expect(pageQueryRedirect("/blog/search", `?q=${encodeURIComponent(order)}`), order).toBe("/blog/search?q=a+b+c+d+e+f+g+h");
    }
    expect(pageQueryRedirect("/blog/search", "?q=a+b+c+d+e+f+g+h")).toBeUndefined();
    expect(pageQueryRedirect("/blog/search", "?q=&page=1")).toBe("/blog/search");
    expect(pageQueryRedirect("/blog/search", "?q=compliance")).toBeUndefined();
    // Past its limits: kept as it is and answered 400, which is never stored.
    const long = `?q=${"x".repeat(300)}`;
    expect(pageQueryRedirect("/blog/search", long)).toBeUndefined();
  });

  test("category and author pages read their page number like /blog", () => {
    expect(pageCacheKey("/blog/category/training", "?page=2&x=1")).toBe("/blog/category/training?page=2");
    expect(pageCacheKey("/blog/author/jane", "?utm_source=x")).toBe("/blog/author/jane");
    expect(pageQueryRedirect("/blog/category/training", "?page=1")).toBe("/blog/category/training");
    expect(pageQueryRedirect("/blog/author/jane", "?page=abc")).toBe("/blog/author/jane");
  });
});
