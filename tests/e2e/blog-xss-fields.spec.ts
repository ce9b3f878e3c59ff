import crypto from "node:crypto";
import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { ADMIN_TOKEN_STORAGE_KEY } from "../../domain/auth";
import { RSS_ITEM_LIMIT } from "../../domain/blog";
import { testWithOwnServer as test, withDatabase } from "./blog-data";
import { expect } from "./fixtures";

const vectors: string[] = JSON.parse(readFileSync("tests/fixtures/xss-vectors.json", "utf8"));

/** Payloads that set a flag if anything in them ever runs, besides the shared vectors' alerts. */
const flagPayloads = [
  '<img src="x" onerror="window.__xssRan = 1">',
  "<script>window.__xssRan = 1</script>",
  '"><script>window.__xssRan = 1</script>',
  "</script><script>window.__xssRan = 1</script>",
  "javascript:window.__xssRan = 1",
  '" onmouseover="window.__xssRan = 1" autofocus onfocus="window.__xssRan = 1" x="',
  "</title><svg onload=\"window.__xssRan = 1\">",
  "]]></title><script>window.__xssRan = 1</script>",
];

// Every vector goes into every field. Several vectors share one value, so that all of them fit
// in as many posts as the feed lists: each view is loaded a few dozen times, not thousands.
const everything = [...vectors, ...flagPayloads];
const perPost = Math.ceil(everything.length / RSS_ITEM_LIMIT);
const values = Array.from({ length: Math.ceil(everything.length / perPost) }, (_, index) =>
  `XSS${index} ${everything.slice(index * perPost, (index + 1) * perPost).join(" ")}`,
);

/** Every text and URL field of a post (the slug's pattern admits no markup; it is checked on write). */
const FIELDS = [
  "title",
  "excerpt",
  "category",
  "author_name",
  "author_bio",
  "read_time",
  "content",
  "featured_image_url",
  "author_avatar_url",
  "author_linkedin_url",
] as const;

// Broken images ("src=x", the vectors as image URLs) load nothing; that is all the console may
// report. A script blocked by the CSP would log a violation and fail the test.
test.use({ allowedConsoleErrors: [/Failed to load resource/] });
test.describe.configure({ timeout: 600_000 });

/**
 * Whatever the page holds that could run: handlers, foreign scripts, script URLs, broken JSON-LD.
 * A script is ours when it carries the response's nonce or, on a cached page, its SHA-256 is one
 * of the hashes the response's policy allows (`csp`).
 */
async function problemsOn(page: Page, csp = ""): Promise<string[]> {
  return page.evaluate(async (policy) => {
    const problems: string[] = [];
    const sha256 = async (text: string) => {
      const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
      return btoa(String.fromCharCode(...new Uint8Array(digest)));
    };
    const scriptUrl = /^\s*(javascript|vbscript|data:text\/html)/i;
    const reactBlocked = "javascript:throw new Error('React has blocked a javascript: URL as a security precaution.')";
    for (const element of document.querySelectorAll("*")) {
      const name = element.tagName.toLowerCase();
      for (const attribute of element.getAttributeNames()) {
        const value = (element.getAttribute(attribute) ?? "").replace(/[\u0000-\u0020]/g, "");
        if (attribute.startsWith("on")) problems.push(`${name} ${attribute}`);
        if (attribute === "srcdoc") problems.push(`${name} srcdoc`);
        if (["href", "src", "action", "formaction", "data", "xlink:href"].includes(attribute) && scriptUrl.test(value)) {
          if (!(name === "a" && element.getAttribute(attribute) === reactBlocked)) problems.push(`${name} ${attribute}=${value}`);
        }
      }
      if (name === "script") {
        const script = element as HTMLScriptElement;
        if (script.type === "application/ld+json") {
          try {
            JSON.parse(script.textContent ?? "");
          } catch {
            problems.push("JSON-LD that does not parse");
          }
        } else if (!script.nonce && !(!script.src && policy.includes(`'sha256-${await sha256(script.textContent ?? "")}'`))) {
          problems.push(`script without nonce or allowed hash: ${script.outerHTML.slice(0, 80)}`);
        }
      }
      if (["object", "embed", "base"].includes(name)) problems.push(`<${name}>`);
      if (name === "iframe" && !element.closest(".article-body")) problems.push("iframe outside the article body");
    }
    if ((window as { __xssRan?: number }).__xssRan !== undefined) problems.push("a payload ran");
    return problems;
  }, csp);
}

test(`every XSS vector in every post field runs nothing in the list, article, JSON-LD, admin list, editor and feed`, async ({
  page,
  ownServer,
}) => {
  const dialogs: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  const posts = values.map((value, index) => ({
    id: crypto.randomUUID(),
    slug: `xss-fields-${index}`,
    value,
  }));
  // Straight into the table, as an older version or another tool might have stored them: every
  // view must escape or clean what it reads, not rely on the checks made on write.
  await withDatabase(ownServer.dataDir, async (db) => {
    for (const [index, post] of posts.entries()) {
      const fields = Object.fromEntries(FIELDS.map((field) => [field, post.value]));
      const createdAt = new Date(Date.UTC(2026, 0, 1, 0, index)).toISOString();
      await db
        .insertInto("blog_posts")
        .values({
          id: post.id,
          slug: post.slug,
          ...(fields as Record<(typeof FIELDS)[number], string>),
          published: 1,
          featured: index === 0 ? 1 : 0,
          created_at: createdAt,
          updated_at: createdAt,
        })
        .execute();
    }
  });
  const url = (path: string) => `${ownServer.url}${path}`;
  const visit = async (path: string) => {
    const response = await page.goto(url(path));
    expect(response?.status(), path).toBe(200);
    expect(await problemsOn(page, response?.headers()["content-security-policy"]), path).toEqual([]);
  };

  // The public list (every page), the home page, each article with its JSON-LD.
  const listed = new Set<string>();
  for (let pageNumber = 1; ; pageNumber += 1) {
    await visit(pageNumber === 1 ? "/blog" : `/blog?page=${pageNumber}`);
    const text = await page.locator("main").innerText();
    const onPage = posts.filter((_, index) => text.includes(`XSS${index} `));
    onPage.forEach((post) => listed.add(post.id));
    if (listed.size === posts.length || onPage.length === 0) break;
  }
  expect(listed.size).toBe(posts.length);
  await visit("/");
  for (const [index, post] of posts.entries()) {
    await visit(`/blog/${post.slug}`);
    await expect(page.locator("h1").first()).toContainText(`XSS${index} `);
    // The structured data carries the title exactly, as data.
    const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents();
    expect(jsonLd.map((text) => JSON.stringify(JSON.parse(text))).join(" ")).toContain(JSON.stringify(post.value).slice(1, 40));
  }

  // The feed, as Chromium shows it and as XML: every title comes back exactly as stored.
  await visit("/rss.xml");
  // Read as XML by the browser's own parser; fetched beside the page, whose policy allows no fetches.
  const feed = await (await page.request.get(url("/rss.xml"))).text();
  const feedTitles = await page.evaluate((text) => {
    const xml = new DOMParser().parseFromString(text, "application/xml");
    if (xml.querySelector("parsererror")) return ["the feed is not well-formed XML"];
    return [...xml.querySelectorAll("item > title")].map((title) => title.textContent ?? "");
  }, feed);
  // (The feed drops characters XML cannot carry, and XML reads every line break as a line feed.)
  const asXmlText = (value: string) =>
    value.replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, "").replace(/\r\n?/g, "\n");
  expect(feedTitles.sort()).toEqual(posts.map((post) => asXmlText(post.value)).sort());

  // The admin list and the editor of each post, signed in.
  const login = await page.request.post(url("/api/admin/login"), { data: { password: ownServer.adminPassword } });
  const { token } = (await login.json()) as { token: string };
  await page.goto(url("/privacy"));
  await page.evaluate(({ key, value }) => window.localStorage.setItem(key, value), { key: ADMIN_TOKEN_STORAGE_KEY, value: token });
  await visit("/admin/blog");
  await expect(page.getByText("XSS0 ", { exact: false }).first()).toBeVisible();
  expect(await problemsOn(page)).toEqual([]);
  for (const [index, post] of posts.entries()) {
    await visit(`/admin/blog/edit/${post.id}`);
    // The field holds the text as text (a one-line input drops the line breaks).
    await expect(page.getByLabel("Title")).toHaveValue(post.value.replace(/[\r\n]/g, ""), { timeout: 30_000 });
    await expect(page.locator(".ql-editor")).toBeVisible();
    expect(await problemsOn(page), `editor of post ${index}`).toEqual([]);
  }
  expect(dialogs).toEqual([]);
});
