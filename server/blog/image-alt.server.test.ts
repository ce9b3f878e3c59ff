import { expect, test } from "vitest";
import { cleanArticleHtml } from "./article-html.server";

// The editor's image descriptions (decision 183) pass the one allowlist on write and on read.
const uploaded = `/media/${"a".repeat(64)}.png`;

test("an image keeps its alternative text, an empty (decorative) one included", () => {
  const body = `<p><img src="${uploaded}" alt="Completion rates rising"><img src="https://a.example/x.png" alt=""></p>`;
  const written = cleanArticleHtml(body);
  expect(written).toBe(`<p><img src="${uploaded}" alt="Completion rates rising" /><img src="https://a.example/x.png" alt="" /></p>`);
  const read = cleanArticleHtml(written, new Map([[uploaded, { width: 10, height: 5, srcset: undefined }]]));
  expect(read).toContain(`alt="Completion rates rising" width="10" height="5"`);
  expect(read).toContain(`<img src="https://a.example/x.png" alt="" />`);
});

test("an alternative text cannot carry markup or a script", () => {
  expect(cleanArticleHtml(`<img src="${uploaded}" alt='"><script>x()</script>'>`)).toBe(`<img src="${uploaded}" alt="&quot;&gt;&lt;script&gt;x()&lt;/script&gt;" />`);
  expect(cleanArticleHtml(`<img src="${uploaded}" alt="javascript:alert(1)">`)).toBe(`<img src="${uploaded}" />`);
});
