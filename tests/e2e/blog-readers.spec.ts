import crypto from "node:crypto";
import { readFileSync } from "node:fs";
import { updatePost } from "../../server/blog/posts.server";
import { expect, test } from "./fixtures";
import { seedPosts, sharedDataDir, uniqueSlug, withDatabase } from "./blog-data";

/** A word no other post has: letters only, so search reads it as one word. */
function uniqueWord(prefix: string): string {
  return `${prefix}${crypto.randomBytes(6).toString("hex").replace(/[0-9]/g, (digit) => "ghijklmnop"[Number(digit)]!)}`;
}

test("a search for a word from an article's body finds it with the word highlighted, with JavaScript", async ({ page }) => {
  const word = uniqueWord("complianz");
  const slug = uniqueSlug("search-target");
  const title = `Training people remember ${slug}`;
  await seedPosts(sharedDataDir(), [
    { title, slug, content: `<p>Most annual courses are forgotten. A ${word} programme that talks it through is not.</p>` },
    { title: `Draft ${slug}`, slug: `${slug}-draft`, published: false, content: `<p>${word}</p>` },
  ]);
  await page.goto("/blog");
  const search = page.getByRole("search");
  await search.getByRole("searchbox", { name: "Search articles" }).fill(word.slice(0, -2).toUpperCase());
  await search.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(`/blog/search?q=${word.slice(0, -2)}`);
  await expect(page).toHaveTitle(new RegExp(`Search: ${word.slice(0, -2)}`));
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  await expect(page.getByText("1 article found")).toBeVisible();
  const result = page.getByRole("listitem").filter({ has: page.getByRole("link", { name: title }) });
  await expect(result.locator("mark")).toHaveText(word);
  await result.getByRole("link", { name: title }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
});

test("search works without JavaScript, from an article's header, and says when nothing matches", async ({ browser }) => {
  const word = uniqueWord("onboardz");
  const slug = uniqueSlug("nojs-search");
  const title = `Onboarding without slides ${slug}`;
  await seedPosts(sharedDataDir(), [{ title, slug, content: `<p>New hires learn faster by ${word} conversation.</p>` }]);
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`/blog/${slug}`);
  await page.getByRole("searchbox", { name: "Search articles" }).fill(word);
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(`/blog/search?q=${word}`);
  const result = page.getByRole("listitem").filter({ has: page.getByRole("link", { name: title }) });
  await expect(result.locator("mark")).toHaveText(word);
  await page.getByRole("searchbox", { name: "Search articles" }).fill(`${word}zzz nothing`);
  await page.getByRole("button", { name: "Search" }).click();
  // The query comes back with its words sorted: every order of them is one search (decision 172).
  await expect(page.getByText(`No articles match “nothing ${word}zzz”`)).toBeVisible();
  await context.close();
});

test.describe("hostile queries", () => {
  // A query past its limits is a page answered 400, on purpose.
  test.use({ allowedConsoleErrors: [/status of 400/] });

  test("hostile queries answer 200 or 400 and nothing they hold runs", async ({ page, request }) => {
    const vectors = (JSON.parse(readFileSync("tests/fixtures/xss-vectors.json", "utf8")) as unknown[]).filter(
      (value): value is string => typeof value === "string",
    );
    const queries = [...vectors.slice(0, 40), '"a', "NEAR(a b)", "a OR b", "x:*", "\u0000", "x".repeat(10_000)];
    for (const [index, query] of queries.entries()) {
      const headers = { "x-forwarded-for": `198.51.100.${200 + (index % 20)}` };
      const pageAnswer = await request.get(`/blog/search?q=${encodeURIComponent(query)}`, { headers, maxRedirects: 5 });
      expect([200, 400], query).toContain(pageAnswer.status());
      const apiAnswer = await request.get(`/api/posts/search?q=${encodeURIComponent(query)}`, { headers });
      expect([200, 400], query).toContain(apiAnswer.status());
    }
    let dialogs = 0;
    page.on("dialog", (dialog) => {
      dialogs += 1;
      void dialog.dismiss();
    });
    for (const query of vectors.slice(0, 10)) {
      await page.goto(`/blog/search?q=${encodeURIComponent(query)}`);
    }
    await page.goto(`/blog/search?q=${encodeURIComponent('"><img src=x onerror=alert(1)>')}`);
    expect(dialogs).toBe(0);
  });
});

test("the category badge and the author's name lead to pages listing exactly their published posts", async ({ page }) => {
  const tag = crypto.randomBytes(4).toString("hex");
  const category = `Field Notes ${tag}`;
  const author = `Morgan Reyes ${tag}`;
  const slug = uniqueSlug("taxonomy");
  await seedPosts(sharedDataDir(), [
    { title: `First note ${slug}`, slug: `${slug}-1`, category, author_name: author, author_bio: "Older bio", createdAt: "2026-02-01T10:00:00.000Z" },
    { title: `Second note ${slug}`, slug: `${slug}-2`, category, author_name: author, author_bio: "Learning designer", createdAt: "2026-02-02T10:00:00.000Z" },
    { title: `Hidden note ${slug}`, slug: `${slug}-3`, category, author_name: author, published: false },
    { title: `Elsewhere ${slug}`, slug: `${slug}-4`, category: "General", author_name: "Someone Else" },
  ]);
  await page.goto(`/blog/${slug}-2`);
  await page.getByRole("article").locator("header").getByRole("link", { name: category }).click();
  await expect(page).toHaveURL(`/blog/category/field-notes-${tag}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(category);
  await expect(page).toHaveTitle(new RegExp(category));
  const articles = page.getByRole("region", { name: "Articles" });
  await expect(articles.getByRole("heading", { level: 3 })).toHaveText([`Second note ${slug}`, `First note ${slug}`]);
  await expect(page.locator('link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute("href", /\/blog\/category\/field-notes-[0-9a-f]+\/rss\.xml$/);

  await page.goto(`/blog/${slug}-1`);
  await page.getByRole("article").locator("header").getByRole("link", { name: author }).click();
  await expect(page).toHaveURL(`/blog/author/morgan-reyes-${tag}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(author);
  await expect(page.getByText("Learning designer")).toBeVisible();
  await expect(page.getByRole("region", { name: "Articles" }).getByRole("heading", { level: 3 })).toHaveText([
    `Second note ${slug}`,
    `First note ${slug}`,
  ]);
});

test("related articles appear under an article and change when one is unpublished", async ({ page }) => {
  const category = `Related ${crypto.randomBytes(4).toString("hex")}`;
  const slug = uniqueSlug("related");
  const [, second, third, fourth] = await seedPosts(sharedDataDir(), [
    { title: `Main ${slug}`, slug: `${slug}-main`, category, createdAt: "2026-03-01T10:00:00.000Z" },
    { title: `Second ${slug}`, slug: `${slug}-2`, category, createdAt: "2026-03-04T10:00:00.000Z" },
    { title: `Third ${slug}`, slug: `${slug}-3`, category, createdAt: "2026-03-03T10:00:00.000Z" },
    { title: `Fourth ${slug}`, slug: `${slug}-4`, category, createdAt: "2026-03-02T10:00:00.000Z" },
  ]);
  await page.goto(`/blog/${slug}-main`);
  const related = page.getByRole("region", { name: "Related articles" });
  await expect(related.getByRole("heading", { level: 3 })).toHaveText([second!.title, third!.title, fourth!.title]);
  // Before the closing call to action.
  const order = await page.evaluate(() => {
    const sections = [...document.querySelectorAll("section[aria-labelledby]")].map((section) => section.getAttribute("aria-labelledby"));
    return sections.indexOf("related-articles") < sections.indexOf("article-cta");
  });
  expect(order).toBe(true);

  await withDatabase(sharedDataDir(), (db) => updatePost(db, second!.id, { published: false }));
  // The same category's other two come first; the third place goes to another post.
  await expect(async () => {
    await page.reload();
    const titles = await related.getByRole("heading", { level: 3 }).allTextContents();
    expect(titles.slice(0, 2)).toEqual([third!.title, fourth!.title]);
    expect(titles).not.toContain(second!.title);
  }).toPass({ timeout: 10_000 });
});

const LONG = "<p>" + "Conversation beats slides when people need to remember. ".repeat(40) + "</p>";

for (const width of [1440, 390]) {
  test(`the table of contents links scroll to their headings at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    const slug = uniqueSlug("toc");
    await seedPosts(sharedDataDir(), [
      {
        title: `A long read ${slug}`,
        slug,
        content: `<h2>Why it matters</h2>${LONG}<h3>The numbers</h3>${LONG}<h2>What to do</h2>${LONG}<h2>Where to start</h2>${LONG}`,
      },
    ]);
    await page.goto(`/blog/${slug}`);
    let toc = page.getByRole("navigation", { name: "On this page" });
    if (width < 1280) {
      await page.locator("summary").filter({ hasText: "On this page" }).click();
      toc = page.locator("details").getByRole("navigation", { name: "On this page" });
    }
    await expect(toc.getByRole("link")).toHaveText(["Why it matters", "The numbers", "What to do", "Where to start"]);
    await toc.getByRole("link", { name: "Where to start" }).click();
    await expect(page).toHaveURL(new RegExp(`/blog/${slug}#where-to-start$`));
    await expect(page.getByRole("heading", { name: "Where to start" })).toBeInViewport();
    await expect(page.getByRole("heading", { name: "Why it matters" })).not.toBeInViewport();
  });
}

test("a new post without images has an og:image that answers a 1200x630 PNG", async ({ page, request }) => {
  const slug = uniqueSlug("card");
  await seedPosts(sharedDataDir(), [{ title: `A post worth sharing ${slug}`, slug, category: "Research", author_name: "Priya Natarajan" }]);
  await page.goto(`/blog/${slug}`);
  const image = await page.locator('meta[property="og:image"]').getAttribute("content");
  expect(image).toMatch(new RegExp(`/media/cards/${slug}/[0-9a-f]{64}\\.png$`));
  await expect(page.locator('meta[name="twitter:image"]')).toHaveAttribute("content", image!);
  const response = await request.get(new URL(image!).pathname);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("image/png");
  expect(response.headers()["cache-control"]).toContain("immutable");
  const data = await response.body();
  expect([data.readUInt32BE(16), data.readUInt32BE(20)]).toEqual([1200, 630]);
  // Another title is another card; the old address no longer makes one.
  const other = await request.get(new URL(image!).pathname.replace(/[0-9a-f]{64}/, "0".repeat(64)));
  expect(other.status()).toBe(404);
});
