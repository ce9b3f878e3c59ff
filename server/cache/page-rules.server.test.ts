import { describe, expect, test } from "vitest";
import { nextMidnight, pageCacheKey, pageRule } from "./page-rules.server";

describe("which answers the page cache keeps", () => {
  test("public pages, with the tags of the posts they show; never admin, API or data requests", () => {
    expect(pageRule("/")).toEqual({ tags: [] });
    expect(pageRule("/blog")).toEqual({ tags: ["posts"] });
    expect(pageRule("/blog/some-post")).toEqual({ tags: ["post:some-post"] });
    expect(pageRule("/security/submit")).toEqual({ tags: [] });
    for (const path of ["/admin", "/admin/login", "/admin/blog/new", "/api/posts", "/blog.data", "/blog/x.data", "/__manifest", "/media/0a1b.png"]) {
      expect(pageRule(path), path).toBeUndefined();
    }
  });

  test("the disclosure policy, which shows today's date, expires at the next midnight", () => {
    const now = new Date(2026, 10, 23, 22, 15);
    expect(pageRule("/security", now)).toEqual({ tags: [], expiresAt: new Date(2026, 10, 24).getTime() });
    expect(nextMidnight(new Date(2026, 11, 31, 23, 59))).toBe(new Date(2027, 0, 1).getTime());
  });

  test("a page's cache address keeps only the query parameters the page reads", () => {
    const key = (address: string) => {
      const url = new URL(address, "http://site");
      return pageCacheKey(url.pathname, url.searchParams);
    };
    expect(key("/?utm_source=newsletter&x=1")).toBe("/");
    expect(key("/about?cachebuster=123")).toBe("/about");
    expect(key("/blog?utm_campaign=a&page=2")).toBe("/blog?page=2");
    expect(key("/blog?page=2&page=3")).toBe("/blog?page=2");
    expect(key("/contact?sent=1&x=2")).toBe("/contact?sent=1");
    expect(key("/blog/some-post?page=2")).toBe("/blog/some-post");
  });
});
