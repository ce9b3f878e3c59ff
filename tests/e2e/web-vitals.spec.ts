import type { APIRequestContext, Page } from "@playwright/test";
import type { AnalyticsReport } from "../../domain/analytics";
import { PAGE_SPEED_MARK, WEB_VITALS_ENDPOINT } from "../../domain/web-vitals";
import { CHROMIUM_PATH, chromiumArgs } from "../helpers/chromium";
import { apiToken } from "./admin-session";
import { seedPosts, sharedDataDir, uniqueSlug } from "./blog-data";
import { expect, test } from "./fixtures";

// isbot counts headless Chromium ("HeadlessChrome") as a bot: these visitors name a normal Chrome.
// The context's user agent is not enough: a beacon sent while a page unloads goes with the
// browser's own, so the browser is started with this one.
const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
test.use({
  userAgent: CHROME,
  launchOptions: { executablePath: CHROMIUM_PATH, args: [...chromiumArgs, `--user-agent=${CHROME}`] },
});

type Vitals = AnalyticsReport["vitals"];

/** The page-speed table of the last week, as the dashboard reads it. */
async function reportedVitals(request: APIRequestContext, token: string): Promise<Vitals> {
  const response = await request.get("/api/admin/analytics?days=7", { headers: { authorization: `Bearer ${token}` } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as AnalyticsReport).vitals;
}

/** Waits until the page's reporter listens (it loads after hydration), so leaving the page sends its beacon. */
async function reporterListening(page: Page): Promise<void> {
  await expect.poll(() => page.evaluate((mark) => performance.getEntriesByName(mark).length, PAGE_SPEED_MARK)).toBe(1);
}

/** Waits for the frame after an interaction: the browser times the interaction when it paints. */
async function nextPaint(page: Page): Promise<void> {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

/** A client of its own for the rate limit (the test server trusts X-Forwarded-For from loopback). */
function clientAddress(): string {
  return `198.51.100.${1 + Math.floor(Math.random() * 250)}`;
}

test("real page loads report their page speed once each, for the page they landed on", async ({ page }) => {
  const [article] = await seedPosts(sharedDataDir(), [
    { title: "Measured article", slug: uniqueSlug("measured"), content: "<p>A paragraph to read and click.</p>" },
  ]);
  const articlePath = `/blog/${article!.slug}`;
  const token = await apiToken(page.request);

  await page.goto(articlePath);
  await reporterListening(page);
  // An interaction, for INP; then a hard navigation away hides the article, which sends its beacon.
  await page.getByText("A paragraph to read and click.").click();
  await nextPaint(page);
  await page.goto("/about");
  await reporterListening(page);
  await page.getByRole("heading", { level: 1 }).click();
  await page.goto("/privacy");

  // Written by the server's next flush (ANALYTICS_FLUSH_MS, at most 5 s); each page view once.
  const reported = (vitals: Vitals) => [articlePath, "/about"].map((path) => vitals.find((row) => row.path === path));
  await expect
    .poll(async () => reported(await reportedVitals(page.request, token)).every(Boolean), { timeout: 20_000 })
    .toBe(true);
  const [measured, about] = reported(await reportedVitals(page.request, token));
  expect(measured).toMatchObject({ samples: 1, ttfb_p75: expect.any(Number), inp_p75: expect.any(Number) });
  expect(measured!.lcp_p75).toBeGreaterThan(0);
  expect(measured!.cls_p75).toBeGreaterThanOrEqual(0);
  expect(about!.samples).toBeGreaterThanOrEqual(1);
});

test("hostile beacons are refused with 4xx, bots are ignored, a flood is cut off; none of it is stored", async ({ page }) => {
  const [draft, botRead, witness] = await seedPosts(sharedDataDir(), [
    { title: "Unpublished", slug: uniqueSlug("unpublished"), published: false },
    { title: "Read by a bot", slug: uniqueSlug("bot-read") },
    { title: "Witness", slug: uniqueSlug("witness") },
  ]);
  const send = (data: string, { address = clientAddress(), userAgent = CHROME } = {}) =>
    page.request.post(WEB_VITALS_ENDPOINT, {
      data,
      headers: { "content-type": "text/plain;charset=UTF-8", "x-forwarded-for": address, "user-agent": userAgent },
      failOnStatusCode: false,
    });
  const refusedPaths = ["/admin/blog", "/no/such/page", `/blog/${draft!.slug}`, "/preview/abc"];

  expect((await send(JSON.stringify({ path: "/", lcp: 1, pad: "x".repeat(4000) }))).status()).toBe(413);
  expect((await send("{not json")).status()).toBe(400);
  expect((await send(JSON.stringify({ path: "/", lcp: -5 }))).status()).toBe(400);
  expect((await send(JSON.stringify({ path: "/", ttfb: 1e9 }))).status()).toBe(400);
  for (const path of refusedPaths) {
    const response = await send(JSON.stringify({ path, ttfb: 100 }));
    expect(response.status(), path).toBe(400);
    expect(await response.json()).toMatchObject({ fields: { path: "path is not a public page of this site." } });
  }
  const bot = await send(JSON.stringify({ path: `/blog/${botRead!.slug}`, ttfb: 100 }), {
    userAgent: "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
  });
  expect(bot.status()).toBe(204);

  // Every attempt counts against the client's limit, refused ones too: a flood from one address ends in 429.
  const address = clientAddress();
  const flood = await Promise.all(Array.from({ length: 40 }, () => send(JSON.stringify({ path: "/no/such/page", ttfb: 1 }), { address })));
  const statuses = flood.map((response) => response.status());
  expect(statuses.every((status) => status === 400 || status === 429)).toBe(true);
  expect(statuses).toContain(429);

  // A good beacon after all of them: once it is in the report, so would anything they had slipped in.
  const witnessPath = `/blog/${witness!.slug}`;
  const token = await apiToken(page.request);
  expect((await send(JSON.stringify({ path: witnessPath, ttfb: 100 }))).status()).toBe(204);
  await expect
    .poll(async () => (await reportedVitals(page.request, token)).find((row) => row.path === witnessPath), { timeout: 20_000 })
    .toMatchObject({ samples: 1 });
  const paths = (await reportedVitals(page.request, token)).map((row) => row.path);
  for (const path of [...refusedPaths, `/blog/${botRead!.slug}`]) expect(paths).not.toContain(path);
});
