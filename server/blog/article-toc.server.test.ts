import { describe, expect, test } from "vitest";
import { cleanArticleHtml } from "./article-html.server";
import { withHeadingIds } from "./article-toc.server";

describe("table of contents", () => {
  test("three h2 headings or more give ids from their text, unique, and a list of h2 and h3", () => {
    const { html, toc } = withHeadingIds(
      cleanArticleHtml(
        '<h2 id="evil" onclick="x()">Why it matters</h2><p>a</p><h3>Details &amp; more</h3><h2>Why it matters</h2><h2 class="ql-align-center">The <em>end</em></h2><h2>Article CTA</h2>',
      ),
    );
    expect(toc).toEqual([
      { id: "why-it-matters", text: "Why it matters", level: 2 },
      { id: "details-more", text: "Details & more", level: 3 },
      { id: "why-it-matters-2", text: "Why it matters", level: 2 },
      { id: "the-end", text: "The end", level: 2 },
      { id: "article-cta-2", text: "Article CTA", level: 2 },
    ]);
    expect(html).toContain('<h2 id="why-it-matters">Why it matters</h2>');
    expect(html).toContain('<h2 id="the-end" class="ql-align-center">The <em>end</em></h2>');
    expect(html).not.toMatch(/evil|onclick/);
  });

  test("fewer than three h2 headings: no list, ids all the same", () => {
    const { html, toc } = withHeadingIds(cleanArticleHtml("<h2>One</h2><h2>Two</h2><h3>Three</h3>"));
    expect(toc).toEqual([]);
    expect(html).toContain('<h2 id="one">');
  });

  test("a heading of no Latin letters is still linkable", () => {
    const { toc } = withHeadingIds("<h2>日本語</h2><h2>日本語</h2><h2>x</h2>");
    expect(toc.map((entry) => entry.id)).toEqual(["section", "section-2", "x"]);
  });
});
