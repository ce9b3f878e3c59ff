import { readFile } from "node:fs/promises";
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { vitalRating, WEB_VITAL_NAMES, WEB_VITALS, type AnalyticsReport } from "../../domain/analytics";
import { ADMIN_TOKEN_STORAGE_KEY } from "../../domain/auth";
import { formatNumber } from "../../app/lib/admin/period";
import { axeViolations } from "../helpers/axe";
import { tabThrough } from "../helpers/focus-and-targets";
import { apiToken, signIn } from "./admin-session";
import { createVitalsCollector } from "../../server/analytics/web-vitals.server";
import { createLogger } from "../../server/logger.server";
import { seedPosts, sharedDataDir, uniqueSlug, withDatabase } from "./blog-data";
import { expect, test } from "./fixtures";

test.use({ bypassCSP: true, reducedMotion: "reduce" });

/** A browser's user agent (headless Chromium's own is a bot's, and bots are not counted). */
const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36";
const IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1";

/** Addresses of this run's own, so its visitors are new whatever ran before against the server. */
const range = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

async function report(request: APIRequestContext, token: string, query = "days=7"): Promise<AnalyticsReport> {
  const response = await request.get(`/api/admin/analytics?${query}`, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status()).toBe(200);
  return (await response.json()) as AnalyticsReport;
}

/**
 * Loads an article as `visitors` people, `times` each, the first of them from a newsletter
 * campaign and another site; answers when the API counts every one of those views.
 */
async function visitArticle(request: APIRequestContext, token: string, { visitors, times, campaign }: { visitors: number; times: number; campaign: string }) {
  const [post] = await seedPosts(sharedDataDir(), [{ title: `Counted ${campaign}`, slug: uniqueSlug("analytics"), content: "<p>Read me.</p>" }]);
  const path = `/blog/${post!.slug}`;
  const client = Math.floor(Math.random() * 200);
  for (let visitor = 0; visitor < visitors; visitor += 1) {
    for (let time = 0; time < times; time += 1) {
      const landing = visitor === 0 && time === 0;
      const response = await request.get(landing ? `${path}?utm_source=newsletter&utm_medium=email&utm_campaign=${campaign}` : path, {
        headers: {
          "x-forwarded-for": `${range}.${client + visitor}`,
          "user-agent": visitor % 2 === 0 ? CHROME : IPHONE,
          ...(landing ? { referer: `https://${campaign}.example.org/issue` } : {}),
        },
      });
      expect(response.status()).toBe(200);
    }
  }
  // Counts are written in batches (ANALYTICS_FLUSH_MS): wait for this one.
  await expect
    .poll(async () => (await report(request, token)).pages.find((page) => page.path === path), { timeout: 15_000 })
    .toEqual({ path, views: visitors * times, visitors, leads: 0, demo_clicks: 0 });
  return path;
}

/** The number shown under a total's label. */
function total(page: Page, label: string): Locator {
  return page
    .getByRole("region", { name: "Totals" })
    .locator("div")
    .filter({ has: page.getByRole("term").filter({ hasText: new RegExp(`^${label}$`) }) })
    .getByRole("definition");
}

/** The cells of a table's row, its header first, as text. */
async function rowTexts(table: Locator, name: string): Promise<string[]> {
  const row = table.getByRole("row").filter({ has: table.page().getByRole("rowheader", { name, exact: true }) });
  await expect(row).toHaveCount(1);
  return row.locator("th, td").allInnerTexts();
}

async function open(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole("heading", { level: 1, name: "Analytics" })).toBeVisible();
  await expect(page.getByText("Loading analytics...")).toBeHidden();
}

test("the dashboard shows exactly the API's totals and rows for real page loads, a lead and a demo click", async ({ page, request }) => {
  test.setTimeout(60_000);
  const token = await apiToken(request);
  const campaign = `launch${Date.now().toString(36)}`;
  const path = await visitArticle(request, token, { visitors: 3, times: 4, campaign });
  // The campaign's visitor sends a message and clicks "Request demo", both carrying the visit's source.
  const source = { landing_path: path, referrer_host: `${campaign}.example.org`, utm_source: "newsletter", utm_medium: "email", utm_campaign: campaign };
  const lead = await request.post("/api/contact", {
    headers: { "x-forwarded-for": `${range}.251`, "user-agent": CHROME },
    data: { name: "Lead Lena", email: "lena@example.com", message: `Tell me more about ${campaign}.`, ...source },
  });
  expect(lead.status()).toBe(201);
  const click = await request.post("/api/analytics/demo-click", {
    headers: { "x-forwarded-for": `${range}.251`, "user-agent": CHROME, "content-type": "text/plain" },
    data: JSON.stringify(source),
  });
  expect(click.status()).toBe(204);
  await expect
    .poll(async () => (await report(request, token)).pages.find((page) => page.path === path), { timeout: 15_000 })
    .toEqual({ path, views: 12, visitors: 3, leads: 1, demo_clicks: 1 });
  // One page view's speed, written as the page-speed collector writes a beacon's (TTFB left out: a metric without samples).
  await withDatabase(sharedDataDir(), async (db) => {
    const collector = createVitalsCollector(db, { flushMs: 60_000, logger: createLogger("silent") });
    collector.add(path, { LCP: 3100, INP: 120, CLS: 0.31 });
    await collector.close();
  });
  await expect.poll(async () => (await report(request, token)).vitals.find((row) => row.path === path)?.samples, { timeout: 15_000 }).toBe(1);

  await signIn(page);
  // Other tests may count views meanwhile: compare with an answer that held before and after the page's.
  await expect(async () => {
    const before = await report(request, token);
    await open(page, "/admin/analytics?days=7");
    const after = await report(request, token);
    expect(after).toEqual(before);
    await expect(total(page, "Views")).toHaveText(formatNumber(after.views));
    await expect(total(page, "Visitors")).toHaveText(formatNumber(after.visitors));
    await expect(total(page, "Leads")).toHaveText(formatNumber(after.leads));
    await expect(total(page, "Demo clicks")).toHaveText(formatNumber(after.demo_clicks));

    const pages = page.getByRole("region", { name: "Top pages" });
    const shown = await pages.getByRole("rowheader").allInnerTexts();
    expect(shown).toEqual(after.pages.map((row) => row.path));
    for (const row of after.pages.slice(0, 5)) {
      expect(await rowTexts(pages, row.path)).toEqual([row.path, ...[row.views, row.visitors, row.leads, row.demo_clicks].map(formatNumber)]);
    }
    const articles = page.getByRole("region", { name: "Top articles" });
    expect(await articles.getByRole("rowheader").allInnerTexts()).toEqual(after.pages.filter((row) => row.path.startsWith("/blog/")).map((row) => row.path));

    const referrers = page.getByRole("region", { name: "Referrers" });
    expect(await referrers.getByRole("rowheader").allInnerTexts()).toEqual(after.referrers.map((row) => row.host || "Direct"));
    const devices = page.getByRole("region", { name: "Devices" });
    for (const row of after.devices) {
      expect(await rowTexts(devices, row.device[0]!.toUpperCase() + row.device.slice(1))).toEqual([expect.any(String), formatNumber(row.visitors)]);
    }
    const speed = page.getByRole("region", { name: "Page speed" });
    for (const row of after.vitals.slice(0, 5)) {
      const cells = await rowTexts(speed, row.path);
      expect(cells.slice(0, 2)).toEqual([row.path, formatNumber(row.samples)]);
      WEB_VITAL_NAMES.forEach((metric, index) => {
        const value = row[`${metric.toLowerCase() as "lcp" | "inp" | "cls" | "ttfb"}_p75`];
        const cell = cells[2 + index]!.replace(/\s+/g, " ");
        if (value === null) return expect(cell).toContain("No samples");
        const rating = { good: "Good", "needs improvement": "Needs improvement", poor: "Poor" }[vitalRating(metric, value)];
        expect(cell).toBe(`${formatNumber(value)}${WEB_VITALS[metric].unit ? ` ${WEB_VITALS[metric].unit}` : ""} ${rating}`);
      });
    }
    // The chart's numbers, as a table.
    await page.getByText("Visitors and views per day as a table").click();
    const days = page.getByRole("region", { name: "Visitors and views per day as a table" });
    for (const day of after.series) {
      expect(await rowTexts(days, day.day)).toEqual([day.day, formatNumber(day.views), formatNumber(day.visitors)]);
    }
  }).toPass({ timeout: 30_000 });

  // This test's own article, referrer and campaign.
  expect(await rowTexts(page.getByRole("region", { name: "Top pages" }), path)).toEqual([path, "12", "3", "1", "1"]);
  expect(await rowTexts(page.getByRole("region", { name: "Top articles" }), path)).toEqual([path, "12", "3", "1", "1"]);
  expect(await rowTexts(page.getByRole("region", { name: "Referrers" }), `${campaign}.example.org`)).toEqual([`${campaign}.example.org`, "1"]);
  const campaigns = page.getByRole("region", { name: "Campaigns" });
  const row = campaigns.getByRole("row").filter({ hasText: campaign });
  await expect(row.locator("th, td")).toHaveText(["newsletter", "email", campaign, "1", "1", "1"]);
  await expect(page.getByRole("img", { name: "Visitors and views per day" })).toBeVisible();
  const speed = (await rowTexts(page.getByRole("region", { name: "Page speed" }), path)).map((cell) => cell.replace(/\s+/g, " "));
  expect(speed.slice(0, 2)).toEqual([path, "1"]);
  expect(speed[2]).toMatch(/ ms Needs improvement$/);
  expect(speed[3]).toMatch(/ ms Good$/);
  expect(speed[4]).toMatch(/ Poor$/);
  expect(speed[5]).toContain("No samples");
});

test("the period is in the address: 7, 30 or 90 days, or from and to; a refused period is named at its field", async ({ page }) => {
  await signIn(page);
  await open(page, "/admin/analytics");
  const periods = page.getByRole("navigation", { name: "Period" });
  await expect(periods.getByRole("link", { name: "Last 30 days" })).toHaveAttribute("aria-current", "page");

  await periods.getByRole("link", { name: "Last 7 days" }).click();
  await expect(page).toHaveURL(/\/admin\/analytics\?days=7$/);
  await expect(periods.getByRole("link", { name: "Last 7 days" })).toHaveAttribute("aria-current", "page");
  await page.getByText("Visitors and views per day as a table").click();
  await expect(page.getByRole("region", { name: "Visitors and views per day as a table" }).getByRole("row")).toHaveCount(1 + 7);

  // By keyboard: the 90 days link.
  await periods.getByRole("link", { name: "Last 90 days" }).focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\?days=90$/);
  await page.getByText("Visitors and views per day as a table").click();
  await expect(page.getByRole("region", { name: "Visitors and views per day as a table" }).getByRole("row")).toHaveCount(1 + 90);

  // A month long past: other numbers, and the empty states in words.
  await page.getByRole("textbox", { name: "From" }).fill("2020-01-01");
  await page.getByRole("textbox", { name: "To" }).fill("2020-01-31");
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(/\/admin\/analytics\?from=2020-01-01&to=2020-01-31$/);
  await expect(page.getByText("January 1, 2020 to January 31, 2020 (UTC)")).toBeVisible();
  await expect(total(page, "Views")).toHaveText("0");
  await expect(total(page, "Visitors")).toHaveText("0");
  await expect(page.getByText("No views in this period.")).toBeVisible();
  await expect(page.getByText("No page speed samples in this period.")).toBeVisible();
  await expect(periods.getByRole("link", { name: "Last 30 days" })).not.toHaveAttribute("aria-current", "page");
  expect(await axeViolations(page), "empty period").toEqual([]);

  // Back returns to the period before.
  await page.goBack();
  await expect(page).toHaveURL(/\?days=90$/);
  await expect(page.getByRole("textbox", { name: "From" })).toHaveValue("");
});

test.describe("a refused period", () => {
  test.use({ allowedConsoleErrors: [/status of 400/] });

  test("keeps what was typed and shows the API's message next to the field", async ({ page, request }) => {
    const token = await apiToken(request);
    await signIn(page);
    await open(page, "/admin/analytics?days=7");
    const from = page.getByRole("textbox", { name: "From" });
    await from.fill("2020-02-30");
    await page.getByRole("textbox", { name: "To" }).fill("2020-03-10");
    await page.getByRole("button", { name: "Show" }).click();
    await expect(page).toHaveURL(/from=2020-02-30&to=2020-03-10/);
    const refused = await request.get("/api/admin/analytics?from=2020-02-30&to=2020-03-10", { headers: { authorization: `Bearer ${token}` } });
    expect(refused.status()).toBe(400);
    const { error } = (await refused.json()) as { error: string };
    await expect(from).toHaveAccessibleDescription(new RegExp(error.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")));
    await expect(from).toHaveAttribute("aria-invalid", "true");
    await expect(from).toHaveValue("2020-02-30");
    await expect(page.getByRole("textbox", { name: "To" })).toHaveValue("2020-03-10");
    await expect(page.getByRole("region", { name: "Totals" })).toHaveCount(0);
    expect(await axeViolations(page), "refused period").toEqual([]);

    // From after to: named at From as well.
    await from.fill("2020-03-11");
    await page.getByRole("button", { name: "Show" }).click();
    await expect(from).toHaveAccessibleDescription(/from must not be after to/);

    // A number of days out of bounds in the address: named by the period links.
    await open(page, "/admin/analytics?days=999");
    await expect(page.getByRole("navigation", { name: "Period" }).getByRole("alert")).toHaveText(/days must be a whole number/);
  });
});

test("each table downloads as a CSV file named after it and its period, with its header row", async ({ page, request }) => {
  const token = await apiToken(request);
  await signIn(page);
  await open(page, "/admin/analytics?days=30");
  const { from, to } = await report(request, token, "days=30");
  for (const [section, table, header] of [
    ["Top pages", "pages", "path,views,visitors,leads,demo_clicks"],
    ["Referrers", "referrers", "host,visitors"],
    ["Campaigns", "campaigns", "source,medium,campaign,visitors,leads,demo_clicks"],
    ["Page speed", "vitals", "path,samples,lcp_p75,inp_p75,cls_p75,ttfb_p75"],
  ] as const) {
    const downloading = page.waitForEvent("download");
    await page.getByRole("button", { name: `Download CSV of ${section.toLowerCase()}` }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`analytics-${table}-${from}-to-${to}.csv`);
    const text = await readFile(await download.path(), "utf8");
    expect(text.split("\r\n")[0]).toBe(header);
    // The same bytes as the API's, fetched with the token.
    const direct = await request.get(`/api/admin/analytics.csv?days=30&table=${table}`, { headers: { authorization: `Bearer ${token}` } });
    expect(direct.headers()["content-type"]).toMatch(/^text\/csv/);
    expect(text.split("\r\n")[0]).toBe((await direct.text()).split("\r\n")[0]);
  }
});

for (const viewport of [
  { name: "desktop", width: 1280, height: 800 },
  { name: "mobile", width: 390, height: 844 },
] as const) {
  test(`at ${viewport.name} width: no sideways scroll of the page, tables scroll in their own region, a visible focus on every stop, no axe violations`, async ({ page, request }) => {
    const token = await apiToken(request);
    await visitArticle(request, token, { visitors: 1, times: 1, campaign: `width${Date.now().toString(36)}` });
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await signIn(page);
    await open(page, "/admin/analytics?days=7");
    await expect(page.getByRole("region", { name: "Top pages" })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, "sideways scroll").toBeLessThanOrEqual(0);
    for (const region of await page.getByRole("region").all()) {
      const box = await region.boundingBox();
      if (box) expect(box.x + box.width, "a region inside the page").toBeLessThanOrEqual(viewport.width);
    }
    const focus = await tabThrough(page);
    expect(focus.stops.length, "focus stops").toBeGreaterThan(10);
    expect(focus.problems).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByText("Visitors and views per day as a table").click();
    expect(await axeViolations(page), "with the day table open").toEqual([]);
  });
}

test("the admin bar leads to the analytics; without a valid token the page sends the visitor to the login", async ({ page }) => {
  await signIn(page);
  await page.goto("/admin/messages");
  const nav = page.getByRole("navigation", { name: "Admin" });
  await nav.getByRole("link", { name: "Analytics" }).click();
  await expect(page).toHaveURL(/\/admin\/analytics$/);
  await expect(page.getByRole("heading", { level: 1, name: "Analytics" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Analytics" })).toHaveAttribute("aria-current", "page");

  await page.evaluate((key) => window.localStorage.setItem(key, "not-a-token"), ADMIN_TOKEN_STORAGE_KEY);
  await page.goto("/admin/analytics?days=7");
  await expect(page).toHaveURL(/\/admin\/login$/);
  expect(await page.evaluate((key) => window.localStorage.getItem(key), ADMIN_TOKEN_STORAGE_KEY)).toBeNull();

  await page.goto("/admin/analytics");
  await expect(page).toHaveURL(/\/admin\/login$/);
});

test.describe("a session that ends while the dashboard is open", () => {
  test.use({ allowedConsoleErrors: [/status of 401/] });

  test("sends the visitor to the login at the next call, like the other admin pages", async ({ page, request }) => {
    const token = await signIn(page);
    await open(page, "/admin/analytics?days=7");
    const logout = await request.post("/api/admin/logout", { headers: { authorization: `Bearer ${token}` } });
    expect(logout.status()).toBe(204);
    await page.getByRole("navigation", { name: "Period" }).getByRole("link", { name: "Last 30 days" }).click();
    await expect(page).toHaveURL(/\/admin\/login$/);
    await expect(page.getByText("Authentication required")).toBeVisible();
  });
});
