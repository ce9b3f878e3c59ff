import { axeViolations } from "../helpers/axe";
import { waitForHydration } from "../helpers/hydration";
import { expect, test } from "./fixtures";

const paths = [
  "/",
  "/solutions",
  "/how-it-works",
  "/features",
  "/science",
  "/about",
  "/support",
  "/security",
  "/privacy",
  "/terms",
];

const viewports = [
  { name: "desktop", width: 1280, height: 800 },
  { name: "mobile", width: 390, height: 844 },
] as const;

// Reduced motion keeps every section shown (no reveal transition), so axe checks the whole page.
// axe-core is injected as an inline script, which the site's CSP rightly refuses: these tests
// bypass the CSP (security-headers.spec.ts checks it).
test.use({ reducedMotion: "reduce", bypassCSP: true });

for (const viewport of viewports) {
  test.describe(`at ${viewport.name} width`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    for (const path of paths) {
      test(`${path} has no axe violations`, async ({ page }) => {
        await page.goto(path);
        expect(await axeViolations(page)).toEqual([]);
      });
    }
  });
}

test("the open mobile menu of the shared layout has no axe violations", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/");
  const menu = page.getByRole("button", { name: "Open menu" });
  await waitForHydration(menu);
  await menu.click();
  await expect(page.getByRole("link", { name: "Request demo" }).first()).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
});

test("open disclosures have no axe violations", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/support");
  await page.getByText("How does Dialogic measure understanding?").click();
  expect(await axeViolations(page)).toEqual([]);

  await page.goto("/how-it-works");
  const step = page.getByRole("button", { name: "Employees learn through conversation" });
  await waitForHydration(step);
  await step.click();
  await expect(step).toHaveAttribute("aria-expanded", "true");
  expect(await axeViolations(page)).toEqual([]);
});
