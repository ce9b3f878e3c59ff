import type { APIRequestContext } from "@playwright/test";
import { axeViolations } from "../helpers/axe";
import { signIn } from "./admin-session";
import { expect, test } from "./fixtures";

test.use({ bypassCSP: true, reducedMotion: "reduce" });

/** A published page with a hero, made through the API; its id and address. */
async function publishedPage(request: APIRequestContext, token: string, heroTitle: string) {
  const address = `/launch-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const headers = { authorization: `Bearer ${token}` };
  const created = await request.post("/api/admin/pages", { headers, data: { path: address, title: `Launch ${address}`, blocks: [{ id: "hero", type: "hero", title: heroTitle }] } });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  expect((await request.post(`/api/admin/pages/${id}/publish`, { headers, data: {} })).status()).toBe(200);
  return { id, address };
}

test("a marketing manager autosaves, compares an earlier revision and restores it; the live page changes only when she publishes", async ({ page }) => {
  // Waits for an autosave and runs axe twice: over 30 s on a busy machine.
  test.slow();
  const token = await signIn(page);
  const suffix = Math.random().toString(36).slice(2, 8);
  const [first, second, third] = [`Launch day ${suffix}`, `Launch week ${suffix}`, `Launch month ${suffix}`];
  const { id, address } = await publishedPage(page.request, token, first);

  await page.goto(`/admin/pages/edit/${id}`);
  const hero = page.getByRole("region", { name: "Block 1: Hero" });
  const heroTitle = hero.getByLabel("Title", { exact: true });
  await expect(heroTitle).toHaveValue(first);

  // A save by hand, then typing left to the autosave: both are drafts, the live page keeps its title.
  await heroTitle.fill(second);
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByText("Draft saved; the live page is unchanged")).toBeVisible();
  await heroTitle.fill(third);
  const actions = page.getByRole("region", { name: "Page actions" });
  await expect(actions.getByRole("status").filter({ hasText: "Draft saved; the published version is unchanged" })).toBeVisible({ timeout: 15_000 });

  // The history, newest first: the autosave, the save, the publish and the first save.
  const history = page.getByRole("region", { name: "Revision history" });
  const revisions = history.getByRole("listitem");
  await expect(revisions).toHaveCount(4);
  await expect(revisions.nth(0)).toContainText("Autosave");
  await expect(revisions.nth(2)).toContainText("Published");

  // Compare the saved draft with the editor's text: the hero's title changed, word by word.
  await revisions.nth(1).getByRole("button", { name: /^Compare/ }).click();
  const comparison = page.getByRole("region", { name: /^Changes from the revision of/ });
  await expect(comparison).toContainText("Hero (1)");
  await expect(comparison.locator("del")).toHaveText("week");
  await expect(comparison.locator("ins")).toHaveText("month");
  expect(await axeViolations(page), "the editor with a comparison open").toEqual([]);

  // Restore it by keyboard: it becomes the draft and fills the editor; the site still shows the first title.
  await revisions.nth(1).getByRole("button", { name: /^Restore/ }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByText(/^Revision from .+ restored as the draft\. Publish to put it on the site\.$/).first()).toBeVisible();
  await expect(heroTitle).toHaveValue(second);
  await expect(comparison).toBeHidden();
  const live = await page.request.get(address);
  expect(await live.text()).toContain(first);

  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(page.getByText("Page published")).toBeVisible();
  await page.goto(address);
  await expect(page.getByRole("heading", { level: 1, name: second })).toBeVisible();
});

test("the history is usable on a phone: no sideways scrolling, its buttons within reach", async ({ page }) => {
  const token = await signIn(page);
  const { id } = await publishedPage(page.request, token, `Phone launch ${Math.random().toString(36).slice(2, 8)}`);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/admin/pages/edit/${id}`);
  const history = page.getByRole("region", { name: "Revision history" });
  await expect(history.getByRole("listitem")).toHaveCount(2);
  await history.getByRole("button", { name: /^Compare/ }).first().click();
  await expect(page.getByRole("region", { name: /^Changes from the revision of/ })).toContainText("No differences in the text.");
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
  const restore = await history.getByRole("button", { name: /^Restore/ }).first().boundingBox();
  expect((restore?.x ?? 0) + (restore?.width ?? 0)).toBeLessThanOrEqual(390);
  expect(restore?.height ?? 0).toBeGreaterThanOrEqual(24);
  expect(await axeViolations(page), "the history on a phone").toEqual([]);
});

test("a page's preview link is made, listed and revoked in its editor, and then opens nothing", async ({ page, browser }) => {
  const token = await signIn(page);
  const { id } = await publishedPage(page.request, token, "Preview links of a page");
  await page.goto(`/admin/pages/edit/${id}`);
  const links = page.getByRole("region", { name: "Preview links" });
  await expect(links.getByText("Anyone with a link can see this page as it will look")).toBeVisible();
  await links.getByRole("button", { name: "Create preview link" }).click();
  const address = await links.getByRole("textbox").inputValue();
  expect(address).toMatch(/\/preview\/[\w-]{43}$/);
  const visitor = await (await browser.newContext()).newPage();
  expect((await visitor.goto(address))?.status()).toBe(200);

  await links.getByRole("button", { name: /^Revoke/ }).click();
  await expect(links.getByRole("button", { name: /^Revoke/ })).toHaveCount(0);
  expect((await visitor.goto(address))?.status()).toBe(404);
  expect(await axeViolations(page), "page editor with its links").toEqual([]);
});
