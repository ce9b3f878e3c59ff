import { slugify } from "../../domain/slug";
import { apiToken, unique } from "./admin-session";
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
  await expect(page.locator("template[data-page-modules]")).toHaveCount(0);
  const scripts = await page.evaluate(() => performance.getEntriesByType("resource").map((entry) => entry.name));
  expect(scripts.filter((name) => /\/assets\/.+\.js$/.test(name)).length).toBeGreaterThan(3);
});

test("an article heading named like the page's module template cannot stop its JavaScript", async ({ page, request }) => {
  const token = await apiToken(request);
  const slug = slugify(unique("Gadget heading"));
  const created = await request.post("/api/admin/posts", {
    headers: { authorization: `Bearer ${token}` },
    data: { slug, title: "Modules and anchors", content: "<h2>Page modules</h2><p>Text.</p><h2>Main</h2><p>More.</p>", published: true },
  });
  expect(created.status()).toBe(201);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/blog/${slug}`);
  await expect(page.getByRole("heading", { name: "Page modules" })).toHaveAttribute("id", "page-modules-2");
  await expect(page.getByRole("heading", { name: "Main", exact: true })).toHaveAttribute("id", "main-2");
  // Hydrated: the menu button works only once the route modules have loaded and run.
  await page.getByRole("button", { name: "Open menu" }).click();
  await expect(page.getByRole("banner").getByRole("link", { name: "Request demo" })).toBeVisible();
  await expect(page.locator("template[data-page-modules]")).toHaveCount(0);
});
