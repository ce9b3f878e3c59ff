import { readFileSync } from "node:fs";
import path from "node:path";
import { axeViolations } from "../helpers/axe";
import { seedPosts, sharedDataDir, uniqueSlug } from "./blog-data";
import { expect, test } from "./fixtures";

// axe is injected as an inline script, which the CSP refuses (security-headers.spec.ts checks it).
test.use({ bypassCSP: true, reducedMotion: "reduce" });

/** The shared 30 KB test article (a copy of ../shared/testdata/article-30k.json): five code blocks among its prose. */
const article = JSON.parse(readFileSync(path.resolve(import.meta.dirname, "../fixtures/article-30k.json"), "utf8")) as {
  title: string;
  html: string;
};

test("the 30 KB test article on a phone: code lines wrap in place, nothing scrolls out of a keyboard's reach, axe clean", async ({ page }) => {
  const slug = uniqueSlug("keyboard-article");
  await seedPosts(sharedDataDir(), [{ title: article.title, slug, content: article.html }]);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/blog/${slug}`);
  const blocks = page.locator(".article-body pre");
  await expect(blocks.first()).toBeVisible();
  const overflowing = await blocks.evaluateAll((pres) => pres.filter((pre) => pre.scrollWidth > pre.clientWidth).length);
  expect(overflowing).toBe(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  expect(await axeViolations(page)).toEqual([]);
});

test("the 30 KB test article on a desktop screen: axe clean, nothing scrolls sideways", async ({ page }) => {
  const slug = uniqueSlug("desktop-article");
  await seedPosts(sharedDataDir(), [{ title: article.title, slug, content: article.html }]);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/blog/${slug}`);
  await expect(page.locator(".article-body pre").first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  expect(await axeViolations(page)).toEqual([]);
});
