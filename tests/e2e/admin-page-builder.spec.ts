import type { Locator, Page } from "@playwright/test";
import { axeViolations } from "../helpers/axe";
import { signIn } from "./admin-session";
import { expect, test } from "./fixtures";

test.use({ bypassCSP: true, reducedMotion: "reduce" });

/** An address no other test (or earlier run against the same server) takes. */
function freshAddress(prefix = "builder"): string {
  return `/${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

async function addBlock(page: Page, label: string) {
  await page.getByRole("button", { name: "Add block" }).click();
  await page.getByRole("list", { name: "Block library" }).getByRole("button", { name: new RegExp(`^${label}`) }).click();
}

/** The rich text's headings, list items and links, in order, as the reader meets them. */
function richTextShape(body: Locator) {
  return body.evaluate((element) =>
    [...element.querySelectorAll("h2, ul > li, a")].map((node) => `${node.tagName.toLowerCase()}:${node.textContent?.trim()}${node.getAttribute("href") ? ` -> ${node.getAttribute("href")}` : ""}`),
  );
}

async function createPublishedPage(page: Page, token: string, path: string, title: string): Promise<string> {
  const headers = { authorization: `Bearer ${token}` };
  const blocks = [{ id: "hero", type: "hero", title }];
  const created = await page.request.post("/api/admin/pages", { headers, data: { path, title, blocks } });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  expect((await page.request.post(`/api/admin/pages/${id}/publish`, { headers, data: {} })).status()).toBe(200);
  return id;
}

test("a rich text block written with the toolbar (a heading, a list, a link) reads the same in the preview and on the live page", async ({ page }) => {
  test.slow();
  await signIn(page);
  const address = freshAddress();
  await page.goto("/admin/pages/new");
  await page.getByLabel("Page title (admin)").fill(`Rich text ${address}`);
  await page.getByLabel("Address", { exact: true }).fill(address);
  await addBlock(page, "Rich text");
  const block = page.getByRole("region", { name: "Block 1: Rich text" });
  const editor = block.getByRole("textbox", { name: "Content", exact: true });
  await editor.click();

  await block.locator(".ql-header .ql-picker-label").click();
  await block.locator('.ql-header .ql-picker-item[data-value="2"]').click();
  await page.keyboard.type("Agenda for the day");
  await page.keyboard.press("Enter");
  await block.getByRole("button", { name: "Bulleted list" }).click();
  await page.keyboard.type("Welcome");
  await page.keyboard.press("Enter");
  await page.keyboard.type("Main session");
  await page.keyboard.press("Enter");
  await page.keyboard.press("Enter");
  await page.keyboard.type("Read how it works");
  await page.keyboard.press("Shift+Home");
  await block.getByRole("button", { name: "Link", exact: true }).click();
  const linkField = block.locator(".ql-tooltip.ql-editing input[type=text]");
  await linkField.fill("/how-it-works");
  await linkField.press("Enter");
  await expect(editor.getByRole("link", { name: "Read how it works" })).toBeVisible();

  const expected = ["h2:Agenda for the day", "li:Welcome", "li:Main session", "a:Read how it works -> /how-it-works"];
  const preview = page.getByRole("region", { name: "Preview", exact: true }).frameLocator("iframe").locator(".article-body");
  await expect.poll(() => richTextShape(preview)).toEqual(expected);

  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(page.getByText("Page published")).toBeVisible();
  // The history names who saved each revision.
  await expect(page.getByRole("region", { name: "Revision history" }).getByRole("listitem").first()).toContainText("by Owner");
  await page.goto(address);
  expect(await richTextShape(page.locator("main .article-body"))).toEqual(expected);
});

test("Add block puts the new block after the block being edited, or at the place chosen", async ({ page }) => {
  test.slow();
  await signIn(page);
  await page.goto("/admin/pages/new");
  await addBlock(page, "Hero");
  await addBlock(page, "Quote");
  await addBlock(page, "Call to action");
  await expect(page.getByRole("region", { name: "Block 3: Call to action" })).toBeVisible();

  // Editing the hero's title, then adding: the new block comes second.
  await page.getByRole("region", { name: "Block 1: Hero" }).getByLabel("Title", { exact: true }).fill("Spring webinar");
  await page.getByRole("button", { name: "Add block" }).click();
  await expect(page.getByLabel("Place the new block")).toHaveValue("1");
  await page.getByRole("list", { name: "Block library" }).getByRole("button", { name: /^Statistic/ }).click();
  await expect(page.getByRole("region", { name: "Block 2: Statistic" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Block 3: Quote" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Block 2: Statistic" }).getByRole("heading", { name: "Block 2: Statistic" })).toBeFocused();
  await expect(page.getByRole("status").filter({ hasText: "Statistic added at position 2." })).toBeAttached();

  // A place chosen: the start of the page.
  await page.getByRole("button", { name: "Add block" }).click();
  await page.getByLabel("Place the new block").selectOption({ label: "At the start of the page" });
  await page.getByRole("list", { name: "Block library" }).getByRole("button", { name: /^Image/ }).click();
  await expect(page.getByRole("region", { name: "Block 1: Image" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Block 2: Hero" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Block 5: Call to action" })).toBeVisible();
});

test("a new page from the webinar template: its blocks and placeholders, replaced and published", async ({ page }) => {
  test.slow();
  await signIn(page);
  const address = freshAddress("webinar");
  await page.goto("/admin/pages/new");
  await page.getByRole("navigation", { name: "Start from" }).getByRole("link", { name: /^Webinar/ }).click();
  await expect(page).toHaveURL(/\?template=webinar$/);
  await expect(page.getByRole("link", { name: /^Webinar/ })).toHaveAttribute("aria-current", "page");
  await expect(page.getByLabel("Page title (admin)")).toHaveValue("[Webinar title]");
  for (const [position, label] of ["Hero", "Feature cards", "Rich text", "Quote", "FAQ", "Call to action"].entries()) {
    await expect(page.getByRole("region", { name: `Block ${position + 1}: ${label}` })).toBeVisible();
  }
  const preview = page.getByRole("region", { name: "Preview", exact: true }).frameLocator("iframe");
  await expect(preview.getByRole("heading", { name: "What you will learn" })).toBeVisible();
  await expect(preview.getByText("[Questions and answers]")).toBeVisible();

  await page.getByLabel("Page title (admin)").fill("Spring webinar");
  await page.getByLabel("Address", { exact: true }).fill(address);
  await page.getByRole("region", { name: "Block 1: Hero" }).getByLabel("Title", { exact: true }).fill("Coaching that sticks: a spring webinar");
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(page.getByText("Page published")).toBeVisible();

  await page.goto(address);
  await expect(page.getByRole("heading", { level: 1, name: "Coaching that sticks: a spring webinar" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Agenda" })).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: "[Main session]" })).toBeVisible();
});

test("deleting a page may send its address to another page: the old address answers 301, its query string kept", async ({ page }) => {
  const token = await signIn(page);
  const gone = freshAddress("old-offer");
  const kept = freshAddress("new-offer");
  const goneId = await createPublishedPage(page, token, gone, "Old offer");
  await createPublishedPage(page, token, kept, "New offer");

  await page.goto(`/admin/pages/edit/${goneId}`);
  const redirect = page.getByLabel(`If deleted, send ${gone} to`);
  await expect(redirect.locator("option", { hasText: kept })).toBeAttached();
  await redirect.selectOption({ label: `${kept} (New offer)` });
  let question = "";
  page.once("dialog", (dialog) => {
    question = dialog.message();
    void dialog.accept();
  });
  await page.getByRole("button", { name: "Delete", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/pages$/);
  expect(question).toBe(`Delete "Old offer"? Visitors to ${gone} will be sent to ${kept}. This cannot be undone.`);

  const answer = await page.request.get(`${gone}?utm_source=newsletter&utm_campaign=spring`, { maxRedirects: 0 });
  expect(answer.status()).toBe(301);
  expect(answer.headers().location).toBe(`${kept}?utm_source=newsletter&utm_campaign=spring`);
});

test("the page editor at 390 px: axe clean, no sideways scroll; a preview warning names the block and field and jumps to it; a live page's move is explained", async ({ page }) => {
  test.slow();
  const token = await signIn(page);
  const address = freshAddress("narrow");
  const id = await createPublishedPage(page, token, address, "Narrow page");
  await page.setViewportSize({ width: 390, height: 844 });

  await page.goto("/admin/pages/new?template=case_study");
  await expect(page.getByRole("region", { name: "Block 3: Rich text" }).getByRole("textbox", { name: "Content", exact: true })).toBeVisible();
  // Leaving the hero's title empty: the preview says which block and field, and jumps there.
  const heroTitle = page.getByRole("region", { name: "Block 1: Hero" }).getByLabel("Title", { exact: true });
  await heroTitle.fill("");
  const warning = page.getByText("Block 1: Hero is left out of the preview: Title: Required");
  await expect(warning).toBeVisible();
  await page.getByRole("button", { name: /^Go to the field: Block 1: Hero/ }).click();
  await expect(heroTitle).toBeFocused();
  await expect(page.getByRole("region", { name: "Block 1: Hero" }).getByText("Required", { exact: true })).toBeVisible();
  expect(await axeViolations(page), "the editor from a template at 390 px").toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

  await page.goto(`/admin/pages/edit/${id}`);
  const path = page.getByLabel("Address", { exact: true });
  await expect(path).toHaveValue(address);
  await path.fill(`${address}-moved`);
  await expect(page.getByText(`This page is live: once you publish, ${address} will redirect to the new address.`)).toBeVisible();
  expect(await axeViolations(page), "the editor of a live page at 390 px").toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
});
