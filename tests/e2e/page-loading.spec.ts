import { expect, test } from "./fixtures";

type Probe = { modulesAtFirstFrame?: number };

test("a cached page is drawn before it asks for its JavaScript, then hydrates", async ({ page }) => {
  // Counted in the first frame's callbacks, just before the browser draws the page.
  await page.addInitScript(() => {
    requestAnimationFrame(() => {
      (window as Probe).modulesAtFirstFrame = document.querySelectorAll('link[rel="modulepreload"], script[type="module"]:not([async])').length;
    });
  });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/");

  // The menu button is disabled until React has hydrated the page; the click waits for it.
  await page.getByRole("button", { name: "Open menu" }).click();
  await expect(page.getByRole("banner").getByRole("link", { name: "Request demo" })).toBeVisible();

  expect(await page.evaluate(() => (window as Probe).modulesAtFirstFrame)).toBe(0);
  await expect(page.locator("template#page-modules")).toHaveCount(0);
  const scripts = await page.evaluate(() => performance.getEntriesByType("resource").map((entry) => entry.name));
  expect(scripts.filter((name) => /\/assets\/.+\.js$/.test(name)).length).toBeGreaterThan(3);
});
