import { readFileSync } from "node:fs";
import { expect, test } from "./fixtures";
import { insertRawPost, sharedDataDir, uniqueSlug } from "./blog-data";

const vectors: string[] = JSON.parse(readFileSync("tests/fixtures/xss-vectors.json", "utf8"));

/** Payloads that would set a flag on the page if anything in them ever ran. */
const flagPayloads = [
  '<img src="x" onerror="window.__xssRan = 1">',
  '<svg><script>window.__xssRan = 1</script></svg>',
  '<script>window.__xssRan = 1</script>',
  '<a id="js-link" href="javascript:window.__xssRan = 1">click</a>',
  '<a href="  jAvAsCrIpT:window.__xssRan = 1" target="_blank">click</a>',
  '<iframe src="javascript:parent.__xssRan = 1"></iframe>',
  '<iframe class="ql-video" srcdoc="<script>parent.__xssRan = 1</script>"></iframe>',
  '<object data="data:text/html,<script>parent.__xssRan = 1</script>"></object>',
  '<details open ontoggle="window.__xssRan = 1">x</details>',
  '<form><button formaction="javascript:window.__xssRan = 1">go</button></form>',
  '<math><mtext><table><mglyph><style><img src=x onerror="window.__xssRan = 1">',
  '<p style="background-image: url(javascript:window.__xssRan=1)">styled</p>',
  '<img src="data:image/svg+xml,<svg xmlns=%22http://www.w3.org/2000/svg%22 onload=%22parent.__xssRan=1%22/>">',
  '<noscript><p title="</noscript><img src=x onerror=window.__xssRan=1>"></noscript>',
];

/** A batch of the shared vectors (every eighth) plus the flag payloads, each its own article. */
const batch = [...vectors.filter((_, index) => index % 8 === 0), ...flagPayloads];

// Broken images in the vectors ("src=x") load nothing; that is all the console may report. A
// script blocked by the CSP would log a violation here and fail the test.
test.use({ allowedConsoleErrors: [/Failed to load resource/] });

test(`${batch.length} XSS vectors rendered as articles run no script and open no dialog`, async ({ page }) => {
  test.setTimeout(180_000);
  const dialogs: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  const slugs = batch.map(() => uniqueSlug("xss"));
  for (const [index, vector] of batch.entries()) {
    // Straight into the table: the page must clean what it reads, not rely on the write.
    await insertRawPost(sharedDataDir(), slugs[index]!, `XSS vector ${index}`, vector);
  }

  for (const [index, slug] of slugs.entries()) {
    const response = await page.goto(`/blog/${slug}`);
    expect(response?.status(), batch[index]).toBe(200);
    await expect(page.locator("article header h1")).toHaveText(`XSS vector ${index}`);
    const found = await page.locator(".article-body").evaluate((body) => {
      const problems: string[] = [];
      for (const element of [body, ...body.querySelectorAll("*")]) {
        const name = element.tagName.toLowerCase();
        if (["script", "object", "embed", "svg", "math", "form", "style", "base", "meta", "link"].includes(name)) {
          problems.push(`<${name}>`);
        }
        for (const attribute of element.getAttributeNames()) {
          const value = element.getAttribute(attribute) ?? "";
          if (attribute.startsWith("on")) problems.push(`${name} ${attribute}`);
          if (attribute.startsWith("data-")) problems.push(`${name} ${attribute}`);
          if (/^\s*(javascript|vbscript|data:text\/html)/i.test(value.replace(/[\u0000-\u0020]/g, ""))) {
            problems.push(`${name} ${attribute}=${value}`);
          }
          if (attribute === "srcdoc") problems.push(`${name} srcdoc`);
        }
        if (name === "iframe") {
          const origin = new URL(element.getAttribute("src") ?? "about:blank").origin;
          if (!["https://www.youtube.com", "https://www.youtube-nocookie.com", "https://player.vimeo.com"].includes(origin)) {
            problems.push(`iframe from ${origin}`);
          }
        }
      }
      return problems;
    });
    expect(found, batch[index]).toEqual([]);
    expect(await page.evaluate(() => (window as { __xssRan?: number }).__xssRan), batch[index]).toBeUndefined();
  }
  expect(dialogs).toEqual([]);
});

test("every shared vector in one article body runs nothing either", async ({ page }) => {
  const dialogs: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  const slug = uniqueSlug("xss-all");
  await insertRawPost(sharedDataDir(), slug, "All the vectors", [...vectors, ...flagPayloads].join("\n"));
  await page.goto(`/blog/${slug}`);
  await expect(page.locator("article header h1")).toHaveText("All the vectors");
  await expect(page.locator(".article-body script")).toHaveCount(0);
  await expect(page.locator(".article-body [onerror], .article-body [onload], .article-body [onclick]")).toHaveCount(0);
  // Links left in the body go nowhere dangerous even when followed.
  for (const link of await page.locator(".article-body a[href]").all()) {
    expect(await link.getAttribute("href")).not.toMatch(/^\s*(javascript|vbscript|data):/i);
  }
  expect(await page.evaluate(() => (window as { __xssRan?: number }).__xssRan)).toBeUndefined();
  expect(dialogs).toEqual([]);
});
