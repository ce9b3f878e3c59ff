import type { Page } from "@playwright/test";
import { axeViolations } from "../helpers/axe";
import { apiToken, signIn, unique } from "./admin-session";
import { seedPosts, testWithOwnServer as test } from "./blog-data";
import { expect } from "./fixtures";

// Issue 44: the header's and footer's links are edited by the team. Each test has a server of its
// own: the shared server's header must keep the specification's links for every other test.
test.use({ bypassCSP: true, reducedMotion: "reduce" });

const PHONE = { width: 390, height: 844 };

async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

const headerLinks = (page: Page) => page.getByRole("banner").getByRole("navigation", { name: "Primary" }).first().getByRole("link");

test("a new landing page goes into the header menu from its editor and the public header shows it at once, on desktop and in the mobile menu", async ({ page, ownServer }) => {
  test.setTimeout(120_000);
  const { url } = ownServer;
  const token = await apiToken(page.request, { url, password: ownServer.adminPassword });
  const title = unique("Spring pilot").slice(0, 30);
  const address = `/spring-${Date.now().toString(36)}`;
  const created = await page.request.post(`${url}/api/admin/pages`, {
    headers: { authorization: `Bearer ${token}` },
    data: { path: address, title, blocks: [{ id: "intro", type: "rich_text", html: "<p>The spring pilot.</p>" }] },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const published = await page.request.post(`${url}/api/admin/pages/${id}/publish`, { headers: { authorization: `Bearer ${token}` }, data: {} });
  expect(published.status()).toBe(200);

  // The public header before: the specification's links (and the page kept in the cache).
  await page.goto(`${url}/`);
  await expect(headerLinks(page)).toHaveText(["How it works", "Features", "About", "Blog"]);

  await signIn(page, { url, password: ownServer.adminPassword });
  await page.goto(`${url}/admin/pages/edit/${id}`);
  await page.getByRole("button", { name: "Add to the header menu" }).click();
  await expect(page.getByText("Added to the header menu, and published.")).toBeVisible();
  await page.getByRole("button", { name: "Add to the header menu" }).click();
  await expect(page.getByText("This page is already in the header menu.")).toBeVisible();

  await page.goto(`${url}/`);
  await expect(headerLinks(page)).toHaveText(["How it works", "Features", "About", "Blog", title]);
  await expect(headerLinks(page).last()).toHaveAttribute("href", address);
  await expect(page.getByRole("contentinfo").getByRole("link", { name: "Privacy Policy" })).toBeVisible();

  await page.setViewportSize(PHONE);
  await page.goto(`${url}/features`);
  await page.getByRole("button", { name: "Open menu" }).click();
  const mobileLink = page.getByRole("banner").getByRole("link", { name: title });
  await expect(mobileLink).toBeVisible();
  await mobileLink.click();
  await expect(page).toHaveURL(`${url}${address}`);
  await expect(page.getByText("The spring pilot.")).toBeVisible();
});

test("the menus screen reorders by keyboard with a live preview, refuses a bad address keeping what was typed, publishes on save; axe clean, no sideways scroll at 390 px", async ({ page, ownServer }) => {
  test.setTimeout(120_000);
  const { url } = ownServer;
  await seedPosts(ownServer.dataDir, [{ title: "Onboarding notes", slug: "onboarding-notes", content: "<p>Notes.</p>", category: "Field Notes" }]);
  await signIn(page, { url, password: ownServer.adminPassword });
  await page.goto(`${url}/admin/navigation`);
  await expect(page.getByRole("heading", { level: 1, name: "Menus" })).toBeVisible();
  // The address field suggests the site's pages, the blog, its posts and their categories.
  for (const href of ["/about", "/blog", "/blog/onboarding-notes", "/blog/category/field-notes"]) await expect(page.locator(`datalist#menu-addresses option[value='${href}']`)).toHaveCount(1);
  await expect(page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Menus" })).toHaveAttribute("aria-current", "page");
  const preview = page.getByRole("list", { name: "Header as it will show" }).getByRole("listitem");
  await expect(preview).toHaveText(["How it works", "Features", "About", "Blog"]);

  // "How it works" moves down twice by keyboard; the focus stays with it.
  const firstDown = page.getByRole("group", { name: "Header link 1" }).getByRole("button", { name: "Move down" });
  await firstDown.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("group", { name: "Header link 2" }).getByLabel("Label")).toHaveValue("How it works");
  await expect(page.getByRole("group", { name: "Header link 2" }).getByRole("button", { name: "Move down" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByText("How it works moved to position 3 of 4.")).toBeVisible();
  await page.keyboard.press("Shift+Tab");
  await expect(page.getByRole("group", { name: "Header link 3" }).getByRole("button", { name: "Move up" })).toBeFocused();
  await expect(preview).toHaveText(["Features", "About", "How it works", "Blog"]);

  // A new footer link with an unsafe address is refused, named, and kept as typed.
  await page.getByRole("button", { name: "Add a link to the footer menu" }).click();
  const added = page.getByRole("group", { name: "Footer link 6" });
  await expect(added.getByLabel("Label")).toBeFocused();
  await page.keyboard.type("Status");
  await added.getByLabel("Address").fill("javascript:alert(1)");
  await expect(page.getByRole("list", { name: "Footer as it will show" }).getByRole("listitem").last()).toHaveText("Status");
  await page.getByRole("button", { name: "Save and publish" }).click();
  await expect(page.getByRole("alert")).toContainText('Footer link 6 ("Status"): address: This kind of address is not allowed');
  await expect(added.getByText("This kind of address is not allowed", { exact: false })).toBeVisible();
  await expect(added.getByLabel("Address")).toHaveValue("javascript:alert(1)");
  await added.getByLabel("Address").fill("https://status.example.com");

  expect(await axeViolations(page), "the menus screen").toEqual([]);
  await page.getByRole("button", { name: "Save and publish" }).click();
  await expect(page.getByText("Menus saved and published")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Earlier versions" })).toBeVisible();
  await expect(page.getByRole("button", { name: /^Restore the version of/ })).toHaveCount(0);

  await page.setViewportSize(PHONE);
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  expect(await axeViolations(page), "the menus screen at 390 px").toEqual([]);

  const visitor = await page.context().newPage();
  await visitor.goto(`${url}/`);
  await expect(headerLinks(visitor)).toHaveText(["Features", "About", "How it works", "Blog"]);
  await expect(visitor.getByRole("contentinfo").getByRole("link", { name: "Status" })).toHaveAttribute("href", "https://status.example.com");
  await visitor.close();
});
