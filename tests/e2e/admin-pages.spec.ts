import type { Page } from "@playwright/test";
import { axeViolations } from "../helpers/axe";
import { signIn } from "./admin-session";
import { expect, test } from "./fixtures";

test.use({ bypassCSP: true, reducedMotion: "reduce" });

/** An address no other test (or earlier run against the same server) takes. */
function freshAddress(): string {
  return `/landing-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

async function addBlock(page: Page, label: string) {
  await page.getByRole("button", { name: "Add block" }).click();
  await page.getByRole("list", { name: "Block library" }).getByRole("button", { name: new RegExp(`^${label}`) }).click();
}

test("a page made in the editor: a hero and a FAQ, the preview as she types, a move by keyboard, published at its address", async ({ page }) => {
  // Many steps and three axe runs: over 30 s on a busy machine.
  test.slow();
  const token = await signIn(page);
  const address = freshAddress();
  const heroTitle = `Spring webinar ${address.slice(9)}`;

  await page.goto("/admin/pages");
  await expect(page.getByRole("heading", { level: 1, name: "Pages" })).toBeVisible();
  await expect(page.getByText("Loading pages...")).toBeHidden();
  expect(await axeViolations(page), "the list of pages").toEqual([]);
  await page.getByRole("link", { name: "New page" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "New page" })).toBeVisible();

  await page.getByLabel("Page title (admin)").fill(`Landing ${address}`);
  await page.getByLabel("Address", { exact: true }).fill(address);
  await addBlock(page, "Hero");
  const hero = page.getByRole("region", { name: "Block 1: Hero" });
  await expect(hero.getByRole("heading", { name: "Block 1: Hero" })).toBeFocused();
  const preview = page.getByRole("region", { name: "Preview", exact: true }).frameLocator("iframe");
  // Letter by letter: the preview follows each keystroke.
  await hero.getByLabel("Title", { exact: true }).pressSequentially(heroTitle.slice(0, 6));
  await expect(preview.getByText(heroTitle.slice(0, 6), { exact: true })).toBeVisible();
  await hero.getByLabel("Title", { exact: true }).fill(heroTitle);
  await expect(preview.getByText(heroTitle, { exact: true })).toBeVisible();

  await addBlock(page, "FAQ");
  const faq = page.getByRole("region", { name: "Block 2: FAQ" });
  await faq.getByLabel("Question", { exact: true }).fill("Who is the webinar for?");
  await faq.getByRole("textbox", { name: "Answer", exact: true }).fill("Sales and support teams.");
  await expect(preview.getByText("Who is the webinar for?")).toBeVisible();

  // The phone width: the preview in a 390 px frame.
  await page.getByRole("button", { name: "Phone" }).click();
  await expect(page.getByRole("button", { name: "Phone" })).toHaveAttribute("aria-pressed", "true");
  const frame = await page.getByTitle("The page as visitors will see it").boundingBox();
  expect(Math.round(frame?.width ?? 0)).toBe(390);
  expect(await axeViolations(page), "the editor").toEqual([]);

  // The FAQ goes up by keyboard; the focus stays with the block, and the move is announced.
  await faq.getByRole("button", { name: /^Move up/ }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("region", { name: "Block 1: FAQ" })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "FAQ moved to position 1 of 2." })).toBeAttached();
  await expect(page.getByRole("region", { name: "Block 1: FAQ" }).getByRole("button", { name: /^Move down/ })).toBeFocused();
  // And down again: the hero opens the page.
  await page.keyboard.press("Enter");
  await expect(page.getByRole("region", { name: "Block 1: Hero" })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "FAQ moved to position 2 of 2." })).toBeAttached();

  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(page.getByText("Page published")).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/pages\/edit\/[^/]+$/);
  await expect(page.getByText("Published: everyone can see it.")).toBeVisible();
  const id = decodeURIComponent(new URL(page.url()).pathname.split("/").pop() ?? "");
  const stored = await page.request.get(`/api/admin/pages/${encodeURIComponent(id)}`, { headers: { authorization: `Bearer ${token}` } });
  expect(await stored.json()).toMatchObject({ path: address, status: "published", blocks: [{ type: "hero", title: heroTitle }, { type: "faq" }] });
  expect(await axeViolations(page), "the editor of a published page").toEqual([]);

  await page.goto(address);
  await expect(page.getByRole("heading", { level: 1, name: heroTitle })).toBeVisible();
  await expect(page.getByText("Who is the webinar for?")).toBeVisible();

  // Back in the list: the page, its status and who can see it.
  await page.goto("/admin/pages");
  const row = page.getByRole("row").filter({ hasText: address });
  await expect(row.getByRole("link", { name: `Landing ${address}` })).toHaveAttribute("href", `/admin/pages/edit/${encodeURIComponent(id)}`);
  await expect(row.getByRole("link", { name: `${address} (open the live page)` })).toHaveAttribute("href", address);
  await expect(row).toContainText("Published");
  await expect(row).toContainText("Everyone");
});

test("the list reads as cards on a phone, without sideways scrolling", async ({ page }) => {
  const token = await signIn(page);
  const address = freshAddress();
  const created = await page.request.post("/api/admin/pages", {
    headers: { authorization: `Bearer ${token}` },
    data: { path: address, title: `Draft ${address}`, blocks: [{ id: "hero1", type: "hero", title: "A draft" }] },
  });
  expect(created.status()).toBe(201);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/admin/pages");
  const row = page.getByRole("row").filter({ hasText: address });
  await expect(row).toContainText("Draft");
  await expect(row).toContainText("Only you");
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
  expect(await axeViolations(page)).toEqual([]);
});

test("problems show beside the block and field they name, and nothing is sent until they are fixed", async ({ page }) => {
  await signIn(page);
  await page.goto("/admin/pages/new");
  await page.getByLabel("Page title (admin)").fill("A page with a problem");
  await page.getByLabel("Address", { exact: true }).fill(freshAddress());
  await addBlock(page, "FAQ");
  const requests: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname === "/api/admin/pages") requests.push(request.url());
  });
  await page.getByRole("button", { name: "Save draft" }).click();
  const faq = page.getByRole("region", { name: "Block 1: FAQ" });
  const question = faq.getByLabel("Question", { exact: true });
  await expect(question).toHaveAttribute("aria-invalid", "true");
  await expect(question).toHaveAccessibleDescription("Required");
  await expect(question).toBeFocused();
  await expect(faq.getByText("1 problem in this block")).toBeVisible();
  expect(requests).toEqual([]);

  await question.fill("Is there a recording?");
  await expect(question).not.toHaveAttribute("aria-invalid", "true");
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByText("Page created as a draft")).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/pages\/edit\//);
  await expect(page.getByText("Draft: only you can see it.")).toBeVisible();

  // Preview opens the draft in a new tab, through a preview link.
  const popup = page.waitForEvent("popup");
  await page.getByRole("button", { name: "Preview", exact: true }).click();
  const preview = await popup;
  await preview.waitForURL(/\/preview\//);
  await expect(preview.getByText("Is there a recording?")).toBeVisible();
  await preview.close();

  // Delete asks first, then goes back to the list.
  page.once("dialog", (dialog) => void dialog.accept());
  await page.getByRole("button", { name: "Delete", exact: true }).click();
  await expect(page.getByText("Page deleted")).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/pages$/);
});

test.describe("the server's refusals", () => {
  // The refused request itself is logged by the browser.
  test.use({ allowedConsoleErrors: [/status of 409/] });

  test("an address another page has is refused by the server, and the refusal shows beside the address", async ({ page }) => {
    const token = await signIn(page);
    const address = freshAddress();
    const created = await page.request.post("/api/admin/pages", {
      headers: { authorization: `Bearer ${token}` },
      data: { path: address, title: `First at ${address}`, blocks: [] },
    });
    expect(created.status()).toBe(201);
    await page.goto("/admin/pages/new");
    await page.getByLabel("Page title (admin)").fill("The second page");
    const field = page.getByLabel("Address", { exact: true });
    await field.fill(address);
    await page.getByRole("button", { name: "Save draft" }).click();
    await expect(field).toHaveAttribute("aria-invalid", "true");
    await expect(field).toHaveAccessibleDescription(/Another page already uses this address/);
    await expect(page).toHaveURL(/\/admin\/pages\/new$/);
    // Changing the address clears the server's word on it.
    await field.fill(`${address}-two`);
    await expect(field).not.toHaveAttribute("aria-invalid", "true");
  });
});

test("blocks are duplicated, hidden from the page and removed with an Undo", async ({ page }) => {
  await signIn(page);
  await page.goto("/admin/pages/new");
  await addBlock(page, "Call to action");
  const cta = page.getByRole("region", { name: "Block 1: Call to action" });
  await cta.getByLabel("Title", { exact: true }).fill("Book a demo today");
  const preview = page.getByRole("region", { name: "Preview", exact: true }).frameLocator("iframe");
  await expect(preview.getByText("Book a demo today")).toBeVisible();

  await cta.getByRole("button", { name: /^Duplicate/ }).click();
  await expect(page.getByRole("region", { name: "Block 2: Call to action" }).getByLabel("Title", { exact: true })).toHaveValue("Book a demo today");
  await expect(preview.getByText("Book a demo today")).toHaveCount(2);

  await page.getByRole("region", { name: "Block 2: Call to action" }).getByRole("button", { name: /^Hide/ }).click();
  await expect(preview.getByText("Book a demo today")).toHaveCount(1);
  await expect(page.getByRole("status").filter({ hasText: "Call to action hidden from the page." })).toBeAttached();

  await cta.getByRole("button", { name: "Remove Block 1: Call to action" }).click();
  await expect(page.getByRole("region", { name: /^Block \d: Call to action/ })).toHaveCount(1);
  await page.getByRole("button", { name: "Undo" }).click();
  await expect(page.getByRole("region", { name: "Block 1: Call to action" }).getByLabel("Title", { exact: true })).toHaveValue("Book a demo today");
  await expect(page.getByRole("region", { name: /^Block \d: Call to action/ })).toHaveCount(2);
  await expect(page.getByRole("status").filter({ hasText: "Call to action put back." })).toBeAttached();
});

test("the editor fits a phone: no sideways scrolling, the preview scaled into the screen", async ({ page }) => {
  await signIn(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/admin/pages/new");
  await addBlock(page, "Comparison table");
  await expect(page.getByRole("region", { name: "Block 1: Comparison table" })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
  const frame = await page.getByTitle("The page as visitors will see it").boundingBox();
  expect(frame?.width ?? 0).toBeLessThanOrEqual(390);
});
