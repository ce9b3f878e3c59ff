import type { APIRequestContext, Page } from "@playwright/test";
import type { AnalyticsReport } from "../../domain/analytics";
import type { ContactMessage, ContactMessagePage } from "../../domain/contact";
import { VISIT_SOURCE_KEY } from "../../app/lib/browser/visit-source";
import { apiToken, unique } from "./admin-session";
import { uniqueSlug } from "./blog-data";
import { ADMIN_TOKEN_STORAGE_KEY } from "../../domain/auth";
import { expect, test } from "./fixtures";

/** Headless Chromium calls itself HeadlessChrome, which isbot takes for a bot: look like a person's browser. */
const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36";

/** The scheduling page "Request demo" opens (DEMO_URL's default), answered here instead of the network. */
const DEMO_PAGES = "https://app.dialogic.localhost/**";

/** Each test is its own client for the contact limit (TRUST_PROXY trusts loopback in playwright.config.ts), in a range no other spec uses. */
function asClient(address: string) {
  return { "x-forwarded-for": address };
}

async function publishArticle(request: APIRequestContext, token: string): Promise<string> {
  const slug = uniqueSlug("launch-notes");
  const created = await request.post("/api/admin/posts", {
    headers: { authorization: `Bearer ${token}` },
    data: { title: "Launch notes", slug, excerpt: "What is new.", content: "<p>Everything that is new.</p>", published: true },
  });
  expect(created.status()).toBe(201);
  return slug;
}

async function findMessage(request: APIRequestContext, token: string, name: string): Promise<ContactMessage> {
  const answer = await request.get(`/api/admin/contact/messages?q=${encodeURIComponent(name)}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(answer.status()).toBe(200);
  const { messages } = (await answer.json()) as ContactMessagePage;
  expect(messages).toHaveLength(1);
  return messages[0]!;
}

/** The newsletter / launch campaign's leads and demo clicks today, as the analytics API counts them. */
async function campaignConversions(request: APIRequestContext, token: string): Promise<{ leads: number; demo_clicks: number }> {
  const answer = await request.get("/api/admin/analytics?days=1", { headers: { authorization: `Bearer ${token}` } });
  expect(answer.status()).toBe(200);
  const { campaigns } = (await answer.json()) as AnalyticsReport;
  const row = campaigns.find((each) => each.source === "newsletter" && each.medium === "" && each.campaign === "launch");
  return { leads: row?.leads ?? 0, demo_clicks: row?.demo_clicks ?? 0 };
}

async function sendMessage(page: Page, name: string) {
  await page.getByLabel("Your name *").fill(name);
  await page.getByLabel("Your email *").fill("lena@example.com");
  await page.getByLabel("Message *").fill("We would like a demo for our sales team.");
  await page.getByRole("button", { name: "Send message" }).click();
}

test.use({ userAgent: CHROME });

test("a lead from a campaign link to an article keeps the article and the campaign, and its demo click counts for them", async ({
  page,
  context,
  request,
}) => {
  const token = await apiToken(request);
  const slug = await publishArticle(request, token);
  const name = unique("Campaign Lena");
  // The campaign's leads and clicks so far today (other runs of this test on the same server).
  const before = await campaignConversions(request, token);
  await page.setExtraHTTPHeaders(asClient("192.0.2.161"));
  // A phone, whose menu holds the "Request demo" button.
  await page.setViewportSize({ width: 390, height: 844 });

  await page.goto(`/blog/${slug}?utm_source=newsletter&utm_campaign=launch`);
  await expect(page.getByRole("heading", { level: 1, name: "Launch notes" })).toBeVisible();
  // Recorded once the page has hydrated.
  await expect.poll(() => page.evaluate((key) => window.sessionStorage.getItem(key), VISIT_SOURCE_KEY)).not.toBeNull();

  await page.getByRole("contentinfo").getByRole("link", { name: "Contact", exact: true }).click();
  await expect(page).toHaveURL(/\/contact$/);
  await expect(page.locator("form[novalidate]")).toBeAttached();
  await sendMessage(page, name);
  await expect(page.getByText("Message sent!")).toBeVisible();

  // "Request demo" opens the scheduling page in a new tab; the click is counted on the way.
  await context.route(DEMO_PAGES, (route) => route.fulfill({ contentType: "text/html", body: "<title>Demo</title><p>Pick a time</p>" }));
  await page.getByRole("button", { name: "Open menu" }).click();
  const demo = page.getByRole("link", { name: "Request demo" });
  await expect(demo).toHaveAttribute("target", "_blank");
  const opened = page.waitForEvent("popup");
  await demo.click();
  const popup = await opened;
  await expect(popup).toHaveURL("https://app.dialogic.localhost/demo");
  await popup.close();

  const message = await findMessage(request, token, name);
  expect(message).toMatchObject({
    landing_path: `/blog/${slug}`,
    referrer_host: "",
    utm_source: "newsletter",
    utm_medium: "",
    utm_campaign: "launch",
  });
  await page.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [ADMIN_TOKEN_STORAGE_KEY, token] as const);
  await page.goto(`/admin/messages?q=${encodeURIComponent(name)}`);
  const card = page.getByRole("article", { name: `Message from ${name}` });
  await expect(card).toContainText(`Source: /blog/${slug} · newsletter / launch`);

  // The dashboard: the article's one view, one visitor, one lead and one demo click, and one more
  // lead and demo click for the campaign (counts are written within a fifth of a second).
  const article = `/blog/${slug}`;
  await expect(async () => {
    await page.goto("/admin/analytics?days=1");
    await expect(page.getByText("Loading analytics...")).toBeHidden();
    const pages = page.getByRole("region", { name: "Top pages" });
    // The article's row: its title with its address (decision 225).
    const row = pages.getByRole("row").filter({ has: page.getByRole("rowheader", { name: `Launch notes ${article}`, exact: true }) });
    await expect(row.locator("th, td")).toHaveText([`Launch notes${article}`, "1", "1", "1", "1"], { timeout: 1_000 });
    const campaign = page
      .getByRole("region", { name: "Campaigns" })
      .getByRole("row")
      .filter({ has: page.getByRole("rowheader", { name: "launch", exact: true }) })
      .filter({ hasText: "newsletter" })
      .filter({ hasNotText: "email" });
    await expect(campaign.locator("td").nth(-2)).toHaveText(String(before.leads + 1), { timeout: 1_000 });
    await expect(campaign.locator("td").nth(-1)).toHaveText(String(before.demo_clicks + 1), { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
});

test("without JavaScript the form post records its source from the form page's address", async ({ browser, request }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, userAgent: CHROME, extraHTTPHeaders: asClient("192.0.2.162") });
  const page = await context.newPage();
  const name = unique("Noscript Nils");
  try {
    await page.goto("/contact?utm_source=newsletter&utm_medium=email&utm_campaign=launch");
    await sendMessage(page, name);
    await expect(page).toHaveURL(/\/contact\?sent=1$/);
    await expect(page.getByRole("status")).toContainText("Message sent!");
  } finally {
    await context.close();
  }
  const token = await apiToken(request);
  expect(await findMessage(request, token, name)).toMatchObject({
    landing_path: "/contact",
    referrer_host: "",
    utm_source: "newsletter",
    utm_medium: "email",
    utm_campaign: "launch",
  });
});

test("a direct visit's message shows its landing page and 'direct' in the inbox", async ({ page, request }) => {
  const token = await apiToken(request);
  const name = unique("Direct Dora");
  await page.setExtraHTTPHeaders(asClient("192.0.2.163"));
  await page.goto("/about");
  await expect.poll(() => page.evaluate((key) => window.sessionStorage.getItem(key), VISIT_SOURCE_KEY)).not.toBeNull();
  await page.getByRole("contentinfo").getByRole("link", { name: "Contact", exact: true }).click();
  await expect(page.locator("form[novalidate]")).toBeAttached();
  await sendMessage(page, name);
  await expect(page.getByText("Message sent!")).toBeVisible();
  expect(await findMessage(request, token, name)).toMatchObject({ landing_path: "/about", referrer_host: "", utm_source: "" });

  await page.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [ADMIN_TOKEN_STORAGE_KEY, token] as const);
  await page.goto(`/admin/messages?q=${encodeURIComponent(name)}`);
  await expect(page.getByRole("article", { name: `Message from ${name}` })).toContainText("Source: /about · direct");
});

test("a browser whose session storage refuses writes sends its message all the same, with no source", async ({ page, request }) => {
  const token = await apiToken(request);
  const name = unique("Private Pia");
  await page.setExtraHTTPHeaders(asClient("192.0.2.164"));
  // As private modes long did: every write throws. Nothing is recorded and nothing breaks.
  await page.addInitScript(() => {
    Storage.prototype.setItem = () => {
      throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
    };
  });
  await page.goto("/contact?utm_source=ads");
  await expect(page.locator("form[novalidate]")).toBeAttached();
  await sendMessage(page, name);
  await expect(page.getByText("Message sent!")).toBeVisible();
  expect(await findMessage(request, token, name)).toMatchObject({ landing_path: "", utm_source: "" });
});
