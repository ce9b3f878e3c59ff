import { describe, expect, test } from "vitest";
import { nextMidnight, pageRule } from "./page-rules.server";

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
});
