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
import { dashboardTotal as total } from "./analytics-dashboard";
import { expect, test } from "./fixtures";

test.use({ bypassCSP: true, reducedMotion: "reduce" });

/** A browser's user agent (headless Chromium's own is a bot's, and bots are not counted). */
const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36";
const IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1";

/** Addresses of this run's own, so its visitors are new whatever ran before against the server. */
const range = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
let addressesTaken = 0;

/**
 * The next `count` addresses of the range, never handed out before in this run: a visitor is its
 * address and user agent, so a test reusing another's address would meet that visitor again,
 * credited to the other test's source.
 */
function freshAddresses(count: number): string[] {
  const first = addressesTaken;
  addressesTaken += count;
  if (addressesTaken > 250) throw new Error("the test range has no addresses left; give the file another range");
  return Array.from({ length: count }, (_, index) => `${range}.${first + index}`);
}

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
  const addresses = freshAddresses(visitors);
  for (let visitor = 0; visitor < visitors; visitor += 1) {
    for (let time = 0; time < times; time += 1) {
      const landing = visitor === 0 && time === 0;
      const response = await request.get(landing ? `${path}?utm_source=newsletter&utm_medium=email&utm_campaign=${campaign}` : path, {
        headers: {
          "x-forwarded-for": addresses[visitor]!,
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
    .toMatchObject({ path, views: visitors * times, visitors, leads: 0, demo_clicks: 0 });
  return path;
}

/** The cells of a table's row, its header first, as text. */
async function rowTexts(table: Locator, name: string): Promise<string[]> {
  const row = table.getByRole("row").filter({ has: table.page().getByRole("rowheader", { name, exact: true }) });
  await expect(row).toHaveCount(1);
  return row.locator("th, td").allInnerTexts();
}

/** A top page's row as read: its title (when it has one) and its address (decision 225). */
function pageName(row: AnalyticsReport["pages"][number]): string {
  return row.title ? `${row.title} ${row.path}` : row.path;
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, " ").trim();
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
    .toMatchObject({ path, views: 12, visitors: 3, leads: 1, demo_clicks: 1 });
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
    expect(shown.map(oneLine)).toEqual(after.pages.map(pageName));
    for (const row of after.pages.slice(0, 5)) {
      expect((await rowTexts(pages, pageName(row))).map(oneLine)).toEqual([pageName(row), ...[row.views, row.visitors, row.leads, row.demo_clicks].map(formatNumber)]);
    }
    const articles = page.getByRole("region", { name: "Top articles" });
    // Only real posts, by title.
    expect(await articles.getByRole("rowheader").allInnerTexts()).toEqual(after.pages.filter((row) => row.post_id).map((row) => row.title));

    const referrers = page.getByRole("region", { name: "Referrers" });
    expect(await referrers.getByRole("rowheader").allInnerTexts()).toEqual(after.sources.map((row) => row.host || "Direct"));
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
  expect((await rowTexts(page.getByRole("region", { name: "Top pages" }), `Counted ${campaign} ${path}`)).map(oneLine)).toEqual([`Counted ${campaign} ${path}`, "12", "3", "1", "1"]);
  expect(await rowTexts(page.getByRole("region", { name: "Top articles" }), `Counted ${campaign}`)).toEqual([`Counted ${campaign}`, "12", "3", "1", "1"]);
  expect(await rowTexts(page.getByRole("region", { name: "Referrers" }), `${campaign}.example.org`)).toEqual([`${campaign}.example.org`, "1", "1"]);
  const campaigns = page.getByRole("region", { name: "Campaigns" });
  const row = campaigns.getByRole("row").filter({ hasText: campaign });
  await expect(row.locator("th, td")).toHaveText([campaign, "newsletter", "email", "1", "1", "1"]);
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

  test("keeps what was picked and shows the API's message next to the field", async ({ page, request }) => {
    const token = await apiToken(request);
    // A day that does not exist cannot be picked in a date input (decision 225): the API still refuses it by name.
    const impossible = await request.get("/api/admin/analytics?from=2020-02-30&to=2020-03-10", { headers: { authorization: `Bearer ${token}` } });
    expect(impossible.status()).toBe(400);
    expect(Object.keys(((await impossible.json()) as { fields: object }).fields)).toEqual(["from"]);
    await signIn(page);
    await open(page, "/admin/analytics?days=7");
    const from = page.getByRole("textbox", { name: "From" });
    const to = page.getByRole("textbox", { name: "To" });
    await expect(from).toHaveAttribute("type", "date");
    // A period longer than the API covers.
    await from.fill("2020-01-01");
    await to.fill("2021-03-10");
    await page.getByRole("button", { name: "Show" }).click();
    await expect(page).toHaveURL(/from=2020-01-01&to=2021-03-10/);
    const refused = await request.get("/api/admin/analytics?from=2020-01-01&to=2021-03-10", { headers: { authorization: `Bearer ${token}` } });
    expect(refused.status()).toBe(400);
    const { error } = (await refused.json()) as { error: string };
    await expect(to).toHaveAccessibleDescription(new RegExp(error.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")));
    await expect(to).toHaveAttribute("aria-invalid", "true");
    await expect(from).toHaveValue("2020-01-01");
    await expect(to).toHaveValue("2021-03-10");
    // The last good figures stay, said to be those of the period before.
    await expect(page.getByRole("region", { name: "Totals" })).toBeVisible();
    await expect(page.getByText("The figures below are still those of the last period shown.")).toBeVisible();
    expect(await axeViolations(page), "refused period").toEqual([]);

    // From after to: named at From as well.
    await from.fill("2021-03-11");
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

test.describe("filters and comparisons", () => {
  test.use({ allowedConsoleErrors: [/status of 400/] });

  test("a known mix of two sources and two campaigns: tiles, a source row that filters every table and tile, a reversed range kept inline, leads visible at 390 px", async ({ page, request }) => {
    test.setTimeout(90_000);
    const token = await apiToken(request);
    const run = Date.now().toString(36);
    const [post] = await seedPosts(sharedDataDir(), [{ title: `Mixed ${run}`, slug: uniqueSlug("mix"), content: "<p>Read me.</p>" }]);
    const path = `/blog/${post!.slug}`;
    const first = `first-${run}.example.org`;
    const second = `second-${run}.example.org`;
    const addresses = freshAddresses(3);
    // Two visitors from the first source and campaign (3 views in all), one from the second (1 view).
    const visits = [
      { visitor: 0, host: first, campaign: `alpha${run}`, views: 2 },
      { visitor: 1, host: first, campaign: `alpha${run}`, views: 1 },
      { visitor: 2, host: second, campaign: `beta${run}`, views: 1 },
    ];
    for (const { visitor, host, campaign, views } of visits) {
      for (let view = 0; view < views; view += 1) {
        const landing = view === 0;
        const response = await request.get(landing ? `${path}?utm_source=${host}&utm_medium=social&utm_campaign=${campaign}` : path, {
          headers: { "x-forwarded-for": addresses[visitor]!, "user-agent": CHROME, ...(landing ? { referer: `https://${host}/post` } : {}) },
        });
        expect(response.status()).toBe(200);
      }
    }
    // Two leads from the first source, one from the second.
    for (const [index, { host, campaign }] of [visits[0]!, visits[1]!, visits[2]!].entries()) {
      const lead = await request.post("/api/contact", {
        headers: { "x-forwarded-for": addresses[index]!, "user-agent": CHROME },
        data: { name: "Lead", email: `lead${index}@example.com`, message: "Tell me more.", landing_path: path, referrer_host: host, utm_source: host, utm_medium: "social", utm_campaign: campaign },
      });
      expect(lead.status()).toBe(201);
    }
    const firstOnly = `days=7&source=${encodeURIComponent(first)}`;
    const secondCampaign = `days=7&campaign=${encodeURIComponent(`${second}\nsocial\nbeta${run}`)}`;
    // The four views may land in two batches (ANALYTICS_FLUSH_MS): wait for both sources.
    await expect
      .poll(async () => [(await report(request, token, firstOnly)).views, (await report(request, token, secondCampaign)).views], { timeout: 15_000 })
      .toEqual([3, 1]);
    const filtered = await report(request, token, firstOnly);
    expect(filtered).toMatchObject({ views: 3, visitors: 2, leads: 2, demo_clicks: 0 });
    expect(filtered.sources).toEqual([{ host: first, visitors: 2, leads: 2 }]);
    expect(filtered.campaigns.map((row) => [row.campaign, row.visitors, row.leads])).toEqual([[`alpha${run}`, 2, 2]]);
    expect(filtered.previous).toMatchObject({ views: 0, visitors: 0, leads: 0 });
    const second_ = await report(request, token, secondCampaign);
    expect(second_).toMatchObject({ views: 1, visitors: 1, leads: 1 });

    await signIn(page);
    await open(page, "/admin/analytics?days=7");
    await expect(page.getByText("A lead is credited to the landing page, source and campaign of the visit that sent it.")).toBeVisible();
    const all = await report(request, token);
    await expect(total(page, "Visitors")).toHaveText(formatNumber(all.visitors));
    // Clicking the first source's row filters the whole screen, and the address carries it.
    await page.getByRole("region", { name: "Referrers" }).getByRole("link", { name: first, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`source=${first.replace(/\./g, "\\.")}`));
    await expect(page.getByRole("button", { name: `Remove filter: Source ${first}` })).toBeVisible();
    await expect(total(page, "Views")).toHaveText("3");
    await expect(total(page, "Visitors")).toHaveText("2");
    await expect(total(page, "Leads")).toHaveText("2");
    await expect(total(page, "Conversion rate")).toHaveText("100%");
    const viewsTile = page.getByRole("region", { name: "Totals" }).locator("div").filter({ has: page.getByRole("term").filter({ hasText: /^Views$/ }) });
    await expect(viewsTile.getByRole("definition").nth(1)).toHaveText("New against the previous period");
    await expect(page.getByRole("region", { name: "Referrers" }).getByRole("rowheader")).toHaveText([first]);
    expect((await rowTexts(page.getByRole("region", { name: "Top pages" }), `Mixed ${run} ${path}`)).map(oneLine)).toEqual([`Mixed ${run} ${path}`, "3", "2", "2", "0"]);
    expect(await rowTexts(page.getByRole("region", { name: "Top articles" }), `Mixed ${run}`)).toEqual([`Mixed ${run}`, "3", "2", "2", "0"]);
    await expect(page.getByRole("region", { name: "Campaigns" }).getByRole("rowheader")).toHaveText([`alpha${run}`]);
    // The chart reads out a day's figures on focus and with the arrow keys, and on hover.
    const chart = page.getByRole("group", { name: /Chart of visitors and views/ });
    await chart.focus();
    await page.keyboard.press("End");
    await expect(page.getByText(/: 3 views, 2 visitors$/)).toBeVisible();
    await page.keyboard.press("ArrowLeft");
    await expect(page.getByText(/: 0 views, 0 visitors$/)).toBeVisible();
    const area = (await chart.boundingBox())!;
    await page.mouse.move(area.x + area.width - 20, area.y + area.height / 2);
    await expect(page.getByText(/: 3 views, 2 visitors$/)).toBeVisible();
    expect(await axeViolations(page), "filtered").toEqual([]);

    // A reversed range: the message beside the field, the figures stay.
    await page.getByRole("textbox", { name: "From" }).fill("2026-11-20");
    await page.getByRole("textbox", { name: "To" }).fill("2026-11-10");
    await page.getByRole("button", { name: "Show" }).click();
    await expect(page.getByRole("textbox", { name: "From" })).toHaveAccessibleDescription(/from must not be after to/);
    await expect(total(page, "Views")).toHaveText("3");
    expect(await axeViolations(page), "reversed range").toEqual([]);

    // At 390 px: the tiles stack, and each source's leads are on screen without sideways scrolling.
    await page.setViewportSize({ width: 390, height: 844 });
    await open(page, `/admin/analytics?days=7&source=${encodeURIComponent(first)}`);
    await page.getByRole("button", { name: `Remove filter: Source ${first}` }).click();
    await expect(page).toHaveURL(/\/admin\/analytics\?days=7$/);
    const referrers = page.getByRole("region", { name: "Referrers" });
    await expect(referrers.getByRole("rowheader").first()).toBeVisible();
    for (const region of ["Referrers", "Top pages", "Top articles", "Campaigns"]) {
      const table = page.getByRole("region", { name: region });
      expect(await table.evaluate((element) => element.scrollWidth - element.clientWidth), `${region} scrolls sideways`).toBeLessThanOrEqual(0);
      const leadsColumn = await table.getByRole("columnheader", { name: "Leads" }).boundingBox();
      expect(leadsColumn, `${region}: the leads column`).not.toBeNull();
      expect(leadsColumn!.x + leadsColumn!.width, `${region}: leads on screen`).toBeLessThanOrEqual(390);
    }
    const tiles = await page.getByRole("region", { name: "Totals" }).getByRole("term").all();
    const [one, two] = await Promise.all(tiles.slice(0, 2).map((tile) => tile.boundingBox()));
    expect(two!.y, "tiles stacked").toBeGreaterThan(one!.y);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    expect(await axeViolations(page), "390 px").toEqual([]);

    // The post's own figures in its editor, as the API answers them.
    await page.setViewportSize({ width: 1280, height: 900 });
    const stats = await request.get(`/api/admin/posts/${post!.id}/stats`, { headers: { authorization: `Bearer ${token}` } });
    expect(await stats.json()).toMatchObject({ views: 4, visitors: 3, leads: 3, demo_clicks: 0, previous: { views: 0, leads: 0 } });
    await page.goto(`/admin/blog/edit/${post!.id}`);
    const panel = page.getByRole("region", { name: "Performance" });
    await expect(panel.getByText("Loading this post's figures...")).toBeHidden();
    const figure = (label: string) => panel.locator("div").filter({ has: page.getByRole("term").filter({ hasText: new RegExp(`^${label}$`) }) }).getByRole("definition").first();
    await expect(figure("Views")).toHaveText("4");
    await expect(figure("Visitors")).toHaveText("3");
    await expect(figure("Leads")).toHaveText("3");
    await expect(panel.getByText(first, { exact: true })).toBeVisible();
    await expect(panel.getByText(`${second} / social / beta${run}`)).toBeVisible();
    expect(await axeViolations(page), "editor panel").toEqual([]);
  });
});
