import type { APIRequestContext, Page } from "@playwright/test";
import { VISIT_SOURCE_KEY } from "../../app/lib/browser/visit-source";
import type { AnalyticsReport } from "../../domain/analytics";
import { axeViolations } from "../helpers/axe";
import { apiToken, signIn, unique } from "./admin-session";
import { seedPosts, sharedDataDir, uniqueSlug } from "./blog-data";
import { expect, test } from "./fixtures";
import { seedPages } from "./page-data";

// Axe is injected as an inline script, which the CSP refuses (security-headers.spec.ts checks it).
test.use({ bypassCSP: true, reducedMotion: "reduce" });

/** A browser's user agent (headless Chromium's own is a bot's, and bots are not counted). */
const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36";
/** This file's own client addresses (TRUST_PROXY trusts loopback), so its visitors are new to the day. */
const range = `172.${16 + Math.floor(Math.random() * 16)}.${Math.floor(Math.random() * 250)}`;
let taken = 0;
const freshAddress = () => `${range}.${++taken}`;

async function report(request: APIRequestContext, token: string, query: string): Promise<AnalyticsReport> {
  const response = await request.get(`/api/admin/analytics?${query}`, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status()).toBe(200);
  return (await response.json()) as AnalyticsReport;
}

async function open(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole("heading", { level: 1, name: "Analytics" })).toBeVisible();
  await expect(page.getByText("Loading analytics...")).toBeHidden();
}

test("two filters show as two chips at once; removing one keeps the other; axe clean, nothing scrolls sideways at 390 px", async ({ page, request }) => {
  test.setTimeout(90_000);
  const token = await apiToken(request);
  const run = Date.now().toString(36);
  const [post] = await seedPosts(sharedDataDir(), [{ title: `Chipped ${run}`, slug: uniqueSlug("chips"), content: "<p>Read me.</p>" }]);
  const path = `/blog/${post!.slug}`;
  const host = `chips-${run}.example.org`;
  const response = await request.get(`${path}?utm_source=${host}&utm_medium=social&utm_campaign=chips${run}`, {
    headers: { "x-forwarded-for": freshAddress(), "user-agent": CHROME, referer: `https://${host}/post` },
  });
  expect(response.status()).toBe(200);
  await expect.poll(async () => (await report(request, token, `days=7&source=${host}`)).views, { timeout: 15_000 }).toBe(1);

  await signIn(page);
  await open(page, "/admin/analytics?days=7");
  // A source, then a page: the second click adds to the first.
  await page.getByRole("region", { name: "Referrers" }).getByRole("link", { name: host, exact: true }).click();
  await expect(page.getByRole("button", { name: `Remove filter: Source ${host}` })).toBeVisible();
  await page.getByRole("region", { name: "Top pages" }).getByRole("link", { name: path, exact: true }).click();
  const chips = page.getByRole("list", { name: "Filters" });
  await expect(chips.getByRole("button")).toHaveCount(2);
  await expect(chips.getByRole("button", { name: `Remove filter: Source ${host}` })).toBeVisible();
  await expect(chips.getByRole("button", { name: `Remove filter: Page ${path}` })).toBeVisible();
  expect(new URL(page.url()).searchParams.get("source")).toBe(host);
  expect(new URL(page.url()).searchParams.get("path")).toBe(path);
  await expect(page.getByRole("region", { name: "Top pages" }).getByRole("rowheader")).toHaveText([`Chipped ${run}${path}`]);
  await expect(page.getByRole("region", { name: "Referrers" }).getByRole("rowheader")).toHaveText([host]);

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(chips.getByRole("button")).toHaveCount(2);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  expect(await axeViolations(page), "two filters at 390 px").toEqual([]);

  // Removing the source keeps the page.
  await chips.getByRole("button", { name: `Remove filter: Source ${host}` }).click();
  await expect(chips.getByRole("button")).toHaveCount(1);
  await expect(chips.getByRole("button", { name: `Remove filter: Page ${path}` })).toBeVisible();
  expect(new URL(page.url()).searchParams.has("source")).toBe(false);
  expect(new URL(page.url()).searchParams.get("path")).toBe(path);
  await expect(page.getByRole("textbox", { name: "From" })).toHaveAttribute("type", "date");
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  expect(await axeViolations(page), "one filter at 390 px").toEqual([]);
});

test.describe("a visitor's browser", () => {
  const address = freshAddress();
  test.use({ userAgent: CHROME, extraHTTPHeaders: { "x-forwarded-for": address } });

  test("a UTM visit to a moved page's old address lands on its new one with the query; a lead on the contact form credits the campaign on the dashboard", async ({ page, request }) => {
    test.setTimeout(90_000);
    const run = Date.now().toString(36);
    const path = `/offer-${run}`;
    await seedPages(sharedDataDir(), [{ path, title: `Offer ${run}`, blocks: [{ id: "text-1", type: "rich_text", hidden: false, title: "", html: "<p>Our offer.</p>" }], oldPaths: [`${path}-old`] }]);
    const query = `utm_source=mail${run}&utm_medium=email&utm_campaign=offer${run}`;
    const moved = await request.get(`${path}-old?${query}`, { maxRedirects: 0 });
    expect(moved.status()).toBe(301);
    expect(moved.headers().location).toMatch(new RegExp(`${path}\\?${query}$`));

    await page.goto(`${path}-old?${query}`);
    await expect(page).toHaveURL(new RegExp(`${path}\\?${query}$`));
    // The landing page records the visit's source once hydrated.
    await expect.poll(() => page.evaluate((key) => window.sessionStorage.getItem(key), VISIT_SOURCE_KEY)).toContain(`offer${run}`);
    await page.goto("/contact");
    // The form carries the visit's source once it is hydrated (without JavaScript it has only the form page's address).
    await expect(page.locator("form[novalidate]")).toBeAttached();
    const name = unique("Offer lead");
    await page.getByLabel("Your name *").fill(name);
    await page.getByLabel("Your email *").fill("lead@example.com");
    await page.getByLabel("Message *").fill("We would like the offer for our sales team.");
    await page.getByRole("button", { name: "Send message" }).click();
    await expect(page.getByText("Message sent!")).toBeVisible();

    const token = await signIn(page);
    await expect
      .poll(async () => (await report(request, token, "days=1")).campaigns.find((row) => row.campaign === `offer${run}`), { timeout: 15_000 })
      .toMatchObject({ source: `mail${run}`, medium: "email", visitors: 1, leads: 1 });
    await open(page, "/admin/analytics?days=1");
    const row = page.getByRole("region", { name: "Campaigns" }).getByRole("row").filter({ hasText: `offer${run}` });
    await expect(row.locator("th, td")).toHaveText([`offer${run}`, `mail${run}`, "email", "1", "1", "0"]);
    // No referrer, but a utm_source: the visit and its lead count under that source, not "Direct".
    const source = page.getByRole("region", { name: "Referrers" }).getByRole("row").filter({ has: page.getByRole("rowheader", { name: `mail${run}`, exact: true }) });
    await expect(source.locator("th, td")).toHaveText([`mail${run}`, "1", "1"]);
    // The page's title names its row, with its new address.
    await expect(page.getByRole("region", { name: "Top pages" }).getByRole("rowheader", { name: `Offer ${run} ${path}`, exact: true })).toBeVisible();
  });
});

test("a page's editor shows its performance panel: its views, visitors, sources and leads", async ({ page, request }) => {
  test.setTimeout(60_000);
  const token = await apiToken(request);
  const run = Date.now().toString(36);
  const path = `/panel-${run}`;
  await seedPages(sharedDataDir(), [{ path, title: `Panel ${run}`, blocks: [{ id: "text-1", type: "rich_text", hidden: false, title: "", html: "<p>Figures.</p>" }] }]);
  const host = `panel-${run}.example.org`;
  const view = await request.get(path, { headers: { "x-forwarded-for": freshAddress(), "user-agent": CHROME, referer: `https://${host}/` } });
  expect(view.status()).toBe(200);
  const pages = (await (await request.get("/api/admin/pages", { headers: { authorization: `Bearer ${token}` } })).json()) as { id: string; path: string }[];
  const id = pages.find((each) => each.path === path)!.id;
  const stats = async () => (await (await request.get(`/api/admin/pages/${id}/stats`, { headers: { authorization: `Bearer ${token}` } })).json()) as { views: number };
  await expect.poll(async () => (await stats()).views, { timeout: 15_000 }).toBe(1);

  await signIn(page);
  await page.goto(`/admin/pages/edit/${id}`);
  const panel = page.getByRole("region", { name: "Performance" });
  await expect(panel.getByText("Loading this page's figures...")).toBeHidden();
  const figure = (label: string) => panel.locator("div").filter({ has: page.getByRole("term").filter({ hasText: new RegExp(`^${label}$`) }) }).getByRole("definition").first();
  await expect(figure("Views")).toHaveText("1");
  await expect(figure("Visitors")).toHaveText("1");
  await expect(figure("Leads")).toHaveText("0");
  await expect(panel.getByText(host, { exact: true })).toBeVisible();
  await expect(panel.getByRole("link", { name: "Open in Analytics" })).toHaveAttribute("href", `/admin/analytics?days=30&path=${encodeURIComponent(path)}`);
  expect(await axeViolations(page), "page editor with its panel").toEqual([]);
});
