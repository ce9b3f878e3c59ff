import { fetchServerPage } from "../helpers/server-html";
import { expect, test } from "./fixtures";

const useCases = ["Onboarding and upskilling", "Compliance", "Sales and product training", "Customer training"];

test("/solutions has a section for each named use case and more use cases", async ({ page }) => {
  await page.goto("/solutions");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Solutions");
  for (const name of useCases) {
    const section = page.getByRole("region", { name });
    await expect(section.getByRole("listitem").first()).toBeVisible();
    await expect(section.getByText("What it sounds like")).toBeVisible();
  }
  const more = page.getByRole("region", { name: "More use cases" });
  await expect(more.getByRole("heading", { level: 3 })).toHaveCount(6);
});

test("the use-case links at the top jump to their sections", async ({ page }) => {
  await page.goto("/solutions");
  await page.getByRole("navigation", { name: "Use cases on this page" }).getByRole("link", { name: "Customer training" }).click();
  await expect(page).toHaveURL(/#customer$/);
  await expect(page.getByRole("heading", { level: 2, name: "Customer training" })).toBeInViewport();
});

test("/solutions content is in the server HTML", async ({ request }) => {
  const { text } = await fetchServerPage(request, "/solutions");
  for (const name of [...useCases, "More use cases", "Leadership development"]) expect(text).toContain(name);
});
