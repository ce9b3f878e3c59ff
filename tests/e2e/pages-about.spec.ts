import { fetchServerPage } from "../helpers/server-html";
import { expect, test } from "./fixtures";

test("/about tells the mission, the approach and who we serve", async ({ page }) => {
  await page.goto("/about");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("About us");
  await expect(page.getByRole("heading", { level: 2 })).toContainText([
    "Make workplace learning something people keep",
    "Principles we build on",
    "Built with the people who own training",
    "Commitments we hold ourselves to",
  ]);
  const audience = page.getByRole("region", { name: "Built with the people who own training" });
  await expect(audience.getByRole("heading", { level: 3 })).toHaveText(["L&D leaders", "Compliance officers", "Sales managers"]);
  await page.getByRole("link", { name: "Responsible Disclosure Policy" }).click();
  await expect(page).toHaveURL(/\/security$/);
});

test("/about content is in the server HTML", async ({ request }) => {
  const { text } = await fetchServerPage(request, "/about");
  expect(text).toContain("Make workplace learning something people keep");
  expect(text).toContain("Measure understanding, not attendance");
});
