import type { Page } from "@playwright/test";
import { storeImage } from "../../server/media/media.server";
import { axeViolations } from "../helpers/axe";
import { samplePhoto } from "../helpers/sample-images";
import { signIn, unique } from "./admin-session";
import { dashboardTotal as total } from "./analytics-dashboard";
import { sharedDataDir, withDatabase } from "./blog-data";
import { expect, test } from "./fixtures";

// Issue 33: a landing page for a campaign, built in the editor by the marketing manager, sends its
// leads to the team, credited to the page in analytics.
test.use({ bypassCSP: true, reducedMotion: "reduce" });

/** Headless Chromium calls itself HeadlessChrome, which isbot takes for a bot: look like a person's browser. */
const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36";

async function addBlock(page: Page, label: string) {
  await page.getByRole("button", { name: "Add block" }).click();
  await page.getByRole("list", { name: "Block library" }).getByRole("button", { name: new RegExp(`^${label}`) }).click();
}

test("a landing page built from a hero, a quote, a logo strip, a FAQ and a contact form, published, sends a lead credited to it in analytics, and is copied for the next campaign", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const logo = await withDatabase(sharedDataDir(), async (db) => storeImage(db, await samplePhoto(400, 200, "png")));
  if (!logo.ok) throw new Error("the logo was not stored");
  await signIn(page);
  const address = `/campaign-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const headline = unique("Coaching that sticks");

  await page.goto("/admin/pages/new");
  await page.getByLabel("Page title (admin)").fill(`Campaign ${address}`);
  await page.getByLabel("Address", { exact: true }).fill(address);
  await addBlock(page, "Hero");
  await page.getByRole("region", { name: "Block 1: Hero" }).getByLabel("Title", { exact: true }).fill(headline);
  await addBlock(page, "Quote");
  const quote = page.getByRole("region", { name: "Block 2: Quote" });
  await quote.getByLabel("Quote", { exact: true }).fill("Our new sellers were ready a month sooner.");
  await quote.getByLabel("Name", { exact: true }).fill("Maria Jensen");
  await addBlock(page, "Logo strip");
  const logos = page.getByRole("region", { name: "Block 3: Logo strip" });
  await logos.getByRole("textbox", { name: "Image address" }).fill(logo.url);
  await logos.getByRole("textbox", { name: "Alternative text" }).fill("Northwind");
  await addBlock(page, "FAQ");
  const faq = page.getByRole("region", { name: "Block 4: FAQ" });
  await faq.getByLabel("Question", { exact: true }).fill("How long is the pilot?");
  await faq.getByRole("textbox", { name: "Answer", exact: true }).fill("Four weeks, with one team.");
  await addBlock(page, "Contact form");
  await page.getByRole("region", { name: "Block 5: Contact form" }).getByLabel("Title", { exact: true }).fill("Talk to us");
  const preview = page.getByRole("region", { name: "Preview", exact: true }).frameLocator("iframe");
  await expect(preview.getByText("Our new sellers were ready a month sooner.")).toBeVisible();
  await expect(preview.getByRole("heading", { name: "Talk to us" })).toBeVisible();
  expect(await axeViolations(page), "the editor").toEqual([]);
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(page.getByText("Page published")).toBeVisible();

  // A visitor from the campaign reads the page and sends the form on it.
  const context = await browser.newContext({ userAgent: CHROME, extraHTTPHeaders: { "x-forwarded-for": "192.0.2.181" } });
  const visitor = await context.newPage();
  const name = unique("Landing Lena");
  try {
    await visitor.goto(`${address}?utm_source=linkedin&utm_medium=social&utm_campaign=pilot`);
    await expect(visitor.getByRole("heading", { level: 1, name: headline })).toBeVisible();
    await expect(visitor.getByRole("img", { name: "Northwind" })).toBeVisible();
    await expect(visitor.locator("form[novalidate]")).toBeAttached();
    await visitor.getByLabel("Your name *").fill(name);
    await visitor.getByLabel("Your email *").fill("lena@example.com");
    await visitor.getByLabel("Message *").fill("We saw the pilot page and would like to talk.");
    await visitor.getByRole("button", { name: "Send message" }).click();
    await expect(visitor.getByText("Message sent!").first()).toBeVisible();
  } finally {
    await context.close();
  }

  // The dashboard, narrowed to the page: its visitor and its lead (views are written in batches).
  await expect(async () => {
    await page.goto(`/admin/analytics?days=7&path=${encodeURIComponent(address)}`);
    await expect(page.getByText("Loading analytics...")).toBeHidden();
    await expect(total(page, "Leads")).toHaveText("1", { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await expect(total(page, "Visitors")).toHaveText("1");
  await expect(page.getByRole("region", { name: "Campaigns" }).getByRole("rowheader")).toHaveText(["pilot"]);

  // The next campaign starts as a copy of this one: every block, at an address of its own.
  await page.goto("/admin/pages");
  await page.getByRole("table").getByRole("link", { name: `Campaign ${address}`, exact: true }).click();
  await page.getByRole("link", { name: "Make a copy" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "New page" })).toBeVisible();
  await expect(page.getByLabel("Page title (admin)")).toHaveValue(`Copy of Campaign ${address}`);
  await expect(page.getByLabel("Address", { exact: true })).toHaveValue("");
  await expect(page.getByRole("region", { name: "Block 1: Hero" }).getByLabel("Title", { exact: true })).toHaveValue(headline);
  await expect(page.getByRole("region", { name: "Block 5: Contact form" })).toBeVisible();
  await page.getByLabel("Address", { exact: true }).fill(`${address}-autumn`);
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByText("Page created as a draft")).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/pages\/edit\/[^/]+$/);
  await expect(page.getByLabel("Address", { exact: true })).toHaveValue(`${address}-autumn`);
});
