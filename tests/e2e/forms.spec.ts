import { readFileSync } from "node:fs";
import path from "node:path";
import type { Browser, Page } from "@playwright/test";
// @ts-expect-error: a plain ES module of the build scripts, without types (as scripts/bench.ts reads it).
import { pageWeights } from "../../scripts/page-weight.mjs";
import { axeViolations } from "../helpers/axe";
import { startBuiltServer } from "../helpers/built-server";
import { apiToken, signIn, unique } from "./admin-session";
import { expect, test } from "./fixtures";

// Issue 44: a form the team builds in the admin, placed on a landing page, sent with and without
// JavaScript, lands in the inbox named by its form with its campaign.
test.use({ bypassCSP: true, reducedMotion: "reduce" });

/** Headless Chromium calls itself HeadlessChrome, which isbot takes for a bot: look like a person's browser. */
const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36";
const THANKS = "Thank you! Your seat is saved: the link comes by email.";
const CAMPAIGN = "utm_source=webinar-news&utm_campaign=q1-webinar";

async function overflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

/** Builds the webinar form in the admin's builder, at a phone's width. */
async function buildWebinarForm(page: Page, name: string) {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/admin/forms");
  await page.getByRole("button", { name: "New form" }).click();
  await page.getByLabel("Form name").fill(name);
  const field = (number: number) => page.getByRole("group", { name: `Field ${number}` });
  const fields: [string, string][] = [["Name", "Text"], ["Work email", "Email"], ["Company", "Text"], ["Temporary", "Text"], ["I agree that you keep my details to run the webinar", "Consent checkbox (links to /privacy)"]];
  for (const [index, [label, type]] of fields.entries()) {
    if (index > 0) await page.getByRole("button", { name: "Add field" }).click();
    await field(index + 1).getByLabel("Label").fill(label);
    await field(index + 1).getByLabel("Type").selectOption({ label: type });
    await field(index + 1).getByLabel("Required").check();
  }
  await expect(field(2).getByLabel("Name (in the CSV and the API)")).toHaveValue("work_email");
  // Reordered and removed: the consent box moves above the temporary field, which then goes.
  await page.getByRole("button", { name: "Move I agree that you keep my details to run the webinar up" }).click();
  await expect(field(4).getByLabel("Label")).toHaveValue("I agree that you keep my details to run the webinar");
  await page.getByRole("button", { name: "Remove Temporary" }).click();
  await expect(page.getByRole("group", { name: /^Field \d$/ })).toHaveCount(4);
  await page.getByLabel("Button label").fill("Register");
  await page.getByLabel("Thank-you text").fill(THANKS);
  expect(await axeViolations(page), "the form builder").toEqual([]);
  expect(await overflow(page), "the form builder scrolls sideways at 390 px").toBeLessThanOrEqual(0);
  await page.getByRole("button", { name: "Save form" }).click();
  await expect(page.getByText("Form saved")).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: name })).toBeVisible();
}

/** A landing page with a hero and the form, made in the page editor and published. */
async function placeOnLandingPage(page: Page, address: string, formName: string) {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/admin/pages/new");
  await page.getByLabel("Page title (admin)").fill(`Webinar ${address}`);
  await page.getByLabel("Address", { exact: true }).fill(address);
  for (const label of ["Hero", "Form"]) {
    await page.getByRole("button", { name: "Add block" }).click();
    await page.getByRole("list", { name: "Block library" }).getByRole("button", { name: new RegExp(`^${label}`) }).click();
  }
  await page.getByRole("region", { name: "Block 1: Hero" }).getByLabel("Title", { exact: true }).fill("Onboarding in weeks: a live webinar");
  await page.getByRole("region", { name: "Block 2: Form" }).getByLabel("Form", { exact: true }).selectOption({ label: formName });
  // The editor's live preview draws the form as the page will.
  const preview = page.getByRole("region", { name: "Preview", exact: true }).frameLocator("iframe");
  await expect(preview.getByLabel("Work email (required)")).toBeVisible();
  await expect(preview.getByRole("button", { name: "Register" })).toBeVisible();
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(page.getByText("Page published")).toBeVisible();
}

/** A visitor registers; the first try leaves Company out, which is named while the rest stays typed. */
async function register(browser: Browser, address: string, person: string, javaScript: boolean, client: string, baseURL?: string) {
  const context = await browser.newContext({ javaScriptEnabled: javaScript, userAgent: CHROME, extraHTTPHeaders: { "x-forwarded-for": client }, ...(baseURL ? { baseURL } : {}) });
  const visitor = await context.newPage();
  try {
    await visitor.goto(`${address}?${CAMPAIGN}`);
    if (javaScript) await expect(visitor.locator("form[novalidate] input[name=utm_source][value=webinar-news]")).toBeAttached();
    await visitor.getByLabel("Name (required)").fill(person);
    await visitor.getByLabel("Work email (required)").fill("lena@example.com");
    await visitor.getByLabel("I agree that you keep my details to run the webinar (required)").check();
    await expect(visitor.locator("form").getByRole("link", { name: "Privacy Policy" })).toHaveAttribute("href", "/privacy");
    await visitor.getByRole("button", { name: "Register" }).click();
    await expect(visitor.getByText("Company is required")).toBeVisible();
    await expect(visitor.getByLabel("Name (required)")).toHaveValue(person);
    await expect(visitor.getByLabel("Work email (required)")).toHaveValue("lena@example.com");
    await expect(visitor.getByLabel("I agree that you keep my details to run the webinar (required)")).toBeChecked();
    await visitor.getByLabel("Company (required)").fill("Northwind");
    await visitor.getByRole("button", { name: "Register" }).click();
    await expect(visitor.getByText(THANKS)).toBeVisible();
  } finally {
    await context.close();
  }
}

test("a webinar form built in the admin and placed on a landing page registers visitors with and without JavaScript, into the inbox by its name and campaign", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const formName = unique("Webinar registration");
  const address = `/webinar-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  await signIn(page);
  await buildWebinarForm(page, formName);
  await placeOnLandingPage(page, address, formName);

  const withoutScript = unique("NoScript Lena");
  const withScript = unique("Script Lena");
  await register(browser, address, withoutScript, false, "192.0.2.221");
  await register(browser, address, withScript, true, "192.0.2.222");

  for (const person of [withoutScript, withScript]) {
    await page.goto(`/admin/messages?q=${encodeURIComponent(person)}`);
    const card = page.getByRole("article", { name: `Message from ${person}` });
    await expect(card.getByText(`Form: ${formName}`)).toBeVisible();
    await expect(card.getByText(`Source: ${address} · webinar-news / q1-webinar`)).toBeVisible();
    await expect(card.getByText("Company: Northwind")).toBeVisible();
  }
  await page.goto("/admin/forms");
  await page.getByRole("link", { name: "Submissions (2)" }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Submissions of “${formName}”` })).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: withScript })).toBeVisible();
});

test("the landing page with a form is axe clean, fits 390 px, and its form adds nothing to the page's JavaScript budget", async ({ page, browser }) => {
  test.setTimeout(90_000);
  const formName = unique("Webinar for the budget");
  const address = `/webinar-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  await signIn(page);
  await buildWebinarForm(page, formName);
  await placeOnLandingPage(page, address, formName);

  const context = await browser.newContext({ userAgent: CHROME, viewport: { width: 390, height: 844 }, bypassCSP: true, reducedMotion: "reduce" });
  const visitor = await context.newPage();
  const scripts = new Set<string>();
  visitor.on("response", (response) => {
    if (response.request().resourceType() === "script") scripts.add(new URL(response.url()).pathname);
  });
  try {
    await visitor.goto(address, { waitUntil: "networkidle" });
    await expect(visitor.locator("form[novalidate] input[name=_form]")).toBeAttached();
    await expect(visitor.getByRole("button", { name: "Register" })).toBeVisible();
    expect(await axeViolations(visitor), "the landing page with its form").toEqual([]);
    expect(await overflow(visitor), "the landing page scrolls sideways at 390 px").toBeLessThanOrEqual(0);
    // The page's own JavaScript is the build's budget (scripts/check-budget.mjs): the form adds
    // nothing to it. Its code comes after the page is interactive, as its own small chunks.
    const route = (pageWeights() as { id: string; scripts: string[]; js: number }[]).find((each) => each.id === "routes/not-found")!;
    expect(route.js).toBeLessThanOrEqual(125_000);
    const later = [...scripts].filter((each) => !route.scripts.includes(each));
    expect(later.some((each) => each.includes("public-form"))).toBe(true);
    const gzip = (each: string) => readFileSync(path.join("build/client", `${each}.gz`)).byteLength;
    expect(later.reduce((sum, each) => sum + gzip(each), 0), `the form's code: ${later.join(", ")}`).toBeLessThanOrEqual(8_000);
  } finally {
    await context.close();
  }
});

/** The marketer adds the form block to a page of the specification in its editor and publishes. */
async function placeOnSpecificationPage(page: Page, serverUrl: string, title: string, formName: string) {
  await page.goto(`${serverUrl}/admin/pages`);
  await page.getByRole("table").getByRole("link", { name: title, exact: true }).click();
  await expect(page.getByLabel("Page title (admin)")).toHaveValue(title);
  await page.getByRole("button", { name: "Add block" }).click();
  await page.getByRole("list", { name: "Block library" }).getByRole("button", { name: /^Form/ }).click();
  await page.getByRole("region", { name: /^Block \d+: Form$/ }).getByLabel("Form", { exact: true }).selectOption({ label: formName });
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(page.getByText("Page published")).toBeVisible();
}

test("a form placed on pages of the specification (/about, and /contact beside its own form) registers visitors with and without JavaScript", async ({ page, browser, request }) => {
  test.setTimeout(150_000);
  // On a server of its own: the shared server's pages are read by the specification's tests.
  const server = await startBuiltServer({ env: { TRUST_PROXY: "loopback" } });
  try {
    const admin = { url: server.url, password: server.adminPassword };
    const authorization = `Bearer ${await apiToken(request, admin)}`;
    const formName = "Webinar on the pages of the specification";
    const created = await request.post(`${server.url}/api/admin/forms`, {
      headers: { authorization },
      data: {
        name: formName,
        fields: [
          { name: "name", label: "Name", type: "text", required: true },
          { name: "work_email", label: "Work email", type: "email", required: true },
          { name: "company", label: "Company", type: "text", required: true },
          { name: "consent", label: "I agree that you keep my details to run the webinar", type: "consent", required: true },
        ],
        submit_label: "Register",
        success_message: THANKS,
      },
    });
    expect(created.status()).toBe(201);
    const formId = ((await created.json()) as { id: string }).id;

    await signIn(page, admin);
    for (const [title, address] of [["About us", "/about"], ["Contact", "/contact"]] as const) {
      await placeOnSpecificationPage(page, server.url, title, formName);
      await expect(async () => {
        expect(await (await request.get(`${server.url}${address}`)).text()).toContain(`value="${formId}"`);
      }).toPass({ timeout: 5_000 });
    }
    const people = [
      ["/about", "NoScript Ada", false],
      ["/about", "Script Ada", true],
      ["/contact", "NoScript Grace", false],
    ] as const;
    for (const [index, [address, person, javaScript]] of people.entries()) {
      await register(browser, address, person, javaScript, `192.0.2.${231 + index}`, server.url);
    }
    const submissions = JSON.stringify(await (await request.get(`${server.url}/api/admin/forms/${formId}/submissions`, { headers: { authorization } })).json());
    for (const [, person] of people) expect(submissions).toContain(person);
    // The contact page's own form still sends a message without JavaScript.
    const contact = await browser.newContext({ javaScriptEnabled: false, baseURL: server.url });
    const visitor = await contact.newPage();
    await visitor.goto("/contact");
    await visitor.getByLabel("Your name *").fill("Grace Hopper");
    await visitor.getByLabel("Your email *").fill("grace@example.com");
    await visitor.getByLabel("Message *").fill("Please call me back.");
    await visitor.getByRole("button", { name: "Send message" }).click();
    await expect(visitor).toHaveURL(/\/contact\?sent=1$/);
    await contact.close();
  } finally {
    await server.stop();
  }
});

test.describe("deleting forms", () => {
  // The refused delete is a 409 the page expects and says in words.
  test.use({ allowedConsoleErrors: [/status of 409/] });

  test("a form no page shows is deleted after a confirmation; one a page shows is refused, naming the page", async ({ page, request }) => {
    const authorization = `Bearer ${await apiToken(request)}`;
    const define = (name: string) => ({ name, fields: [{ name: "email", label: "Email", type: "email", required: true }], submit_label: "Send", success_message: "Thanks." });
    const [unused, placed] = [unique("Old test form"), unique("Form in use")];
    const ids: string[] = [];
    for (const name of [unused, placed]) {
      const created = await request.post("/api/admin/forms", { headers: { authorization }, data: define(name) });
      expect(created.status()).toBe(201);
      ids.push(((await created.json()) as { id: string }).id);
    }
    const address = `/form-in-use-${Date.now().toString(36)}`;
    const blocks = [{ id: "f1", type: "form", form_id: ids[1], title: "", lead: "" }];
    expect((await request.post("/api/admin/pages", { headers: { authorization }, data: { path: address, title: placed, blocks } })).status()).toBe(201);

    await signIn(page);
    await page.goto("/admin/forms");
    page.once("dialog", (dialog) => void dialog.accept());
    await page.getByRole("button", { name: `Delete ${unused}` }).click();
    await expect(page.getByRole("status").filter({ hasText: `Form “${unused}” deleted` })).toBeVisible();
    await expect(page.getByRole("listitem").filter({ hasText: unused })).toHaveCount(0);

    page.once("dialog", (dialog) => void dialog.accept());
    await page.getByRole("button", { name: `Delete ${placed}` }).click();
    await expect(page.getByText("The form was not deleted")).toBeVisible();
    await expect(page.getByText(`This form is on the page ${address}: remove its block there first`)).toBeVisible();
    await expect(page.getByRole("listitem").filter({ hasText: placed })).toBeVisible();
  });
});
