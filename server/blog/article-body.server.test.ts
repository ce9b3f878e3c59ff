import { describe, expect, test } from "vitest";
import { articleBody, draftKey, storedVersionKey } from "./article-body.server";
import { cleanArticleHtml } from "./article-html.server";
import { withHeadingIds } from "./article-toc.server";

describe("an article's body, worked out once per version", () => {
  test("answers what cleaning and heading ids give, per post version", async () => {
    const key = storedVersionKey({ id: "post-1", updated_at: "2026-01-01T00:00:00.000Z" });
    const html = '<h2 onclick="x()">One</h2><p>v1</p>';
    const expected = withHeadingIds(cleanArticleHtml(html));
    expect(await articleBody(key, html)).toEqual(expected);
    expect(await articleBody(key, html)).toEqual(expected);
    const next = storedVersionKey({ id: "post-1", updated_at: "2026-01-02T00:00:00.000Z" });
    expect((await articleBody(next, "<p>v2</p>")).html).toBe("<p>v2</p>");
  });

  test("asks for the uploaded images only on the first read of a version", async () => {
    let asked = 0;
    const images = async () => {
      asked += 1;
      return new Map();
    };
    const html = "<p>images asked once</p>";
    await articleBody(draftKey(html), html, images);
    await articleBody(draftKey(html), html, images);
    expect(asked).toBe(1);
  });

  test("a draft's key follows its text: an edit is a new version", () => {
    expect(draftKey("<p>a</p>")).toBe(draftKey("<p>a</p>"));
    expect(draftKey("<p>a</p>")).not.toBe(draftKey("<p>b</p>"));
  });
});
