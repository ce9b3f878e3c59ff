import crypto from "node:crypto";
import type { APIRequestContext, Page } from "@playwright/test";
import type { ContactMessagePage } from "../../domain/contact";
import { axeViolations } from "../helpers/axe";
import { everyBlock, everyBlockWithUploads } from "../helpers/every-block";
import { fetchServerPage } from "../helpers/server-html";
import { siteConfig } from "../helpers/site-config";
import { apiToken, unique } from "./admin-session";
import { seedPosts, sharedDataDir, uniqueSlug, withDatabase } from "./blog-data";
import { expect, test } from "./fixtures";
import { seedPages } from "./page-data";

// A page at an address no page has answers 404, which the browser logs. Reduced motion keeps
// every section shown, so what is below the fold is checked too; axe is injected as an inline
// script, which the CSP refuses (security-headers.spec.ts checks it).
test.use({ allowedConsoleErrors: [/status of 404/], reducedMotion: "reduce", bypassCSP: true });

const PHONE = { width: 390, height: 844 };
/** Headless Chromium calls itself HeadlessChrome, which isbot takes for a bot: look like a person's browser. */
const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36";

/** A published page with every block at an address of its own, after a 404 was kept there. */
async function publishEveryBlockPage(request: APIRequestContext) {
  const run = crypto.randomBytes(4).toString("hex");
  const path = `/spring-webinar-${run}`;
  expect((await request.get(path)).status()).toBe(404);
  const post = `Why spaced practice works (${run})`;
  await seedPosts(sharedDataDir(), [{ title: post, slug: uniqueSlug("spaced"), content: "<p>Read me.</p>" }]);
  await seedPages(sharedDataDir(), [
    {
      path,
      title: "Spring webinar (admin title)",
      blocks: await withDatabase(sharedDataDir(), everyBlockWithUploads),
      seo: { title: "Spring webinar", description: "Onboard new sellers in weeks: the spring webinar." },
      oldPaths: [`${path}-old`],
    },
  ]);
  return { path, post };
}

test("a published page shows every block: its hero's title as h1, the blocks' texts, a FAQ opening one question at a time, no axe violations", async ({ page, request, baseURL }) => {
  const { path, post } = await publishEveryBlockPage(request);

  const server = await fetchServerPage(request, path);
  expect(server.status).toBe(200);
  expect(server.title).toBe(`Spring webinar | ${siteConfig.siteName}`);
  expect(server.description).toBe("Onboard new sellers in weeks: the spring webinar.");
  expect(server.canonical).toBe(new URL(path, baseURL).toString());

  await page.goto(path);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Onboard new sellers in weeks, not months");
  for (const heading of [
    "Why practice beats slides",
    "Everything a new seller needs",
    "Up and running in three steps",
    "Training fades fast",
    "Built for teams that sell",
    "Questions we hear often",
    "How practice compares",
    "A session, step by step",
    "Trusted by sales teams at",
    "See it with your own material",
    "Talk to us",
    "From the blog",
    "1. Accounts",
  ]) {
    await expect(page.getByRole("heading", { name: heading, exact: true })).toBeVisible();
  }
  await expect(page.getByText("Our new hires were on real calls two weeks earlier than before.")).toBeVisible();
  await expect(page.getByRole("img", { name: "A seller practising a discovery call on a laptop" })).toBeVisible();
  await expect(page.getByText("Practice fits between two meetings.")).toBeVisible();
  await expect(page.getByRole("heading", { name: post })).toBeVisible();
  await expect(page.getByText("Effective date: November 1, 2026")).toBeVisible();
  await expect(page.getByRole("navigation", { name: "On this page" }).getByRole("link", { name: "2. Your data" })).toHaveAttribute("href", "#data");

  const faq = page.getByRole("region", { name: "Questions we hear often" });
  const firstAnswer = faq.getByText("Most sessions take");
  const secondAnswer = faq.getByText("upload your material or");
  await faq.getByText("How long does a session take?").click();
  await expect(firstAnswer).toBeVisible();
  await faq.getByText("Can we use our own scenarios?").click();
  await expect(secondAnswer).toBeVisible();
  await expect(firstAnswer).toBeHidden();
  await expect(faq.locator("details[open]")).toHaveCount(1);

  expect(await axeViolations(page)).toEqual([]);
});

test("at 390 px a published page has no horizontal scroll and no axe violations; its steps open as an accordion", async ({ page, request }) => {
  await page.setViewportSize(PHONE);
  const { path } = await publishEveryBlockPage(request);
  await page.goto(path);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Onboard new sellers in weeks, not months");
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBe(0);
  const step = page.getByRole("button", { name: "Conversation" });
  await expect(step).toBeEnabled();
  await step.click();
  await expect(step).toHaveAttribute("aria-expanded", "true");
  await expect(page.getByRole("list", { name: "Steps of a session" }).getByText("The buyer raises the objections your customers raise.")).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
});

test("a page's other spellings and old address are sent to it with a 301", async ({ request }) => {
  const { path } = await publishEveryBlockPage(request);
  for (const other of [path.toUpperCase(), `${path}-old`]) {
    const response = await request.get(other, { maxRedirects: 0 });
    expect(response.status(), other).toBe(301);
    expect(new URL(response.headers().location!, siteConfig.siteUrl).pathname, other).toBe(path);
  }
});

test("an address no page has still answers today's not-found page with status 404", async ({ page }) => {
  const response = await page.goto(`/no-page-here-${crypto.randomBytes(4).toString("hex")}`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("404");
  await expect(page.getByText("Oops! Page not found")).toBeVisible();
  await expect(page.getByRole("link", { name: "Return to Home" })).toHaveAttribute("href", "/");
  await expect(page).toHaveTitle(`Page not found | ${siteConfig.siteName}`);
});

async function sendMessage(page: Page, name: string) {
  await page.getByLabel("Your name *").fill(name);
  await page.getByLabel("Your email *").fill("lena@example.com");
  await page.getByLabel("Message *").fill("We saw the spring webinar page and would like a demo.");
  await page.getByRole("button", { name: "Send message" }).click();
}

async function landingPathOf(request: APIRequestContext, name: string): Promise<string> {
  const token = await apiToken(request);
  const answer = await request.get(`/api/admin/contact/messages?q=${encodeURIComponent(name)}`, { headers: { authorization: `Bearer ${token}` } });
  const { messages } = (await answer.json()) as ContactMessagePage;
  expect(messages).toHaveLength(1);
  return messages[0]!.landing_path;
}

// Without JavaScript the form page's address (its Referer) counts as the landing page only when a
// campaign link brought the visitor (decision 142), as it does for a landing page.
test("a message sent from a page's contact form is credited to that page, with JavaScript and without (from a campaign link)", async ({ browser, request }) => {
  const { path } = await publishEveryBlockPage(request);
  // Each browser is its own client for the contact limit (TRUST_PROXY trusts loopback), in a range no other spec uses.
  for (const [javaScriptEnabled, client] of [
    [true, "192.0.2.171"],
    [false, "192.0.2.172"],
  ] as const) {
    const context = await browser.newContext({ javaScriptEnabled, userAgent: CHROME, extraHTTPHeaders: { "x-forwarded-for": client } });
    const page = await context.newPage();
    const name = unique(javaScriptEnabled ? "Scripted Sara" : "Noscript Nils");
    try {
      await page.goto(javaScriptEnabled ? path : `${path}?utm_source=newsletter&utm_medium=email&utm_campaign=spring`);
      if (javaScriptEnabled) await expect(page.locator("form[novalidate]")).toBeAttached();
      await sendMessage(page, name);
      if (!javaScriptEnabled) await expect(page).toHaveURL(/\/contact\?sent=1$/);
      await expect(page.getByText("Message sent!").first()).toBeVisible();
    } finally {
      await context.close();
    }
    expect(await landingPathOf(request, name), javaScriptEnabled ? "with JavaScript" : "without").toBe(path);
  }
});

test("a page scheduled at an address whose 404 is kept appears at its time", async ({ request }) => {
  const path = `/launch-day-${crypto.randomBytes(4).toString("hex")}`;
  const publishAt = new Date(Date.now() + 4_000).toISOString();
  await seedPages(sharedDataDir(), [{ path, title: "Launch day", blocks: [everyBlock()[0]!], publishAt }]);
  expect((await request.get(path)).status()).toBe(404);
  expect((await request.get(path)).status()).toBe(404);
  await expect.poll(async () => (await request.get(path)).status(), { timeout: 15_000, intervals: [1_000] }).toBe(200);
});
