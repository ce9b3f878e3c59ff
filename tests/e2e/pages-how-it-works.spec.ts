import { fetchServerPage } from "../helpers/server-html";
import { waitForHydration } from "../helpers/hydration";
import { expect, test } from "./fixtures";

const steps = ["Upload your content", "AI creates the program", "Employees learn through conversation"];

test("on desktop a click makes a step active and shows its illustration and details", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/how-it-works");
  const tabs = page.getByRole("tablist", { name: "Steps" }).getByRole("tab");
  await expect(tabs).toHaveCount(3);
  await expect(tabs).toHaveText(steps.map((step) => new RegExp(step)));
  await expect(tabs.nth(0)).toHaveAttribute("aria-selected", "true");
  const panel = page.getByRole("tabpanel");
  await expect(panel).toHaveCount(1);
  await expect(panel).toContainText("Step 1 / 3");
  await expect(panel).toContainText("Upload PDF, Word, PowerPoint");
  await expect(panel.locator("svg").first()).toBeVisible();

  await waitForHydration(tabs.nth(1));
  await page.getByRole("tab", { name: "AI creates the program" }).click();
  await expect(tabs.nth(1)).toHaveAttribute("aria-selected", "true");
  await expect(tabs.nth(0)).toHaveAttribute("aria-selected", "false");
  await expect(panel).toContainText("Step 2 / 3");
  await expect(panel).toContainText("traced back to the passage");
  await expect(panel).not.toContainText("Upload PDF, Word, PowerPoint");

  // The accordion is for small screens only.
  await expect(page.getByRole("button", { name: "Upload your content" })).toBeHidden();
});

test("on desktop the steps can be chosen with the keyboard", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/how-it-works");
  const tabs = page.getByRole("tablist", { name: "Steps" }).getByRole("tab");
  await waitForHydration(tabs.nth(0));
  await tabs.nth(0).focus();
  await page.keyboard.press("ArrowDown");
  await expect(tabs.nth(1)).toBeFocused();
  await expect(tabs.nth(1)).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("End");
  await expect(tabs.nth(2)).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("tabpanel")).toContainText("Step 3 / 3");
  await page.keyboard.press("ArrowDown");
  await expect(tabs.nth(0)).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("ArrowUp");
  await expect(tabs.nth(2)).toBeFocused();
  await page.keyboard.press("Home");
  await expect(tabs.nth(0)).toHaveAttribute("aria-selected", "true");
});

test("on mobile the steps are an accordion with one step open at a time", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/how-it-works");
  await expect(page.getByRole("tablist")).toBeHidden();
  const accordion = page.getByRole("list", { name: "Steps" });
  const buttons = accordion.getByRole("button");
  await expect(buttons).toHaveCount(3);
  await expect(buttons).toHaveText(steps.map((step) => new RegExp(step)));
  await expect(buttons.nth(0)).toHaveAttribute("aria-expanded", "true");
  await expect(accordion.getByText("Upload PDF, Word, PowerPoint")).toBeVisible();

  await waitForHydration(buttons.nth(2));
  await buttons.nth(2).click();
  await expect(buttons.nth(2)).toHaveAttribute("aria-expanded", "true");
  await expect(buttons.nth(0)).toHaveAttribute("aria-expanded", "false");
  await expect(accordion.getByText("Upload PDF, Word, PowerPoint")).toBeHidden();
  await expect(accordion.getByText("The coach asks people to explain")).toBeVisible();

  await buttons.nth(2).click();
  for (const index of [0, 1, 2]) await expect(buttons.nth(index)).toHaveAttribute("aria-expanded", "false");

  await buttons.nth(1).focus();
  await page.keyboard.press("Enter");
  await expect(buttons.nth(1)).toHaveAttribute("aria-expanded", "true");
  await expect(accordion.getByText("Trainers review, edit and approve")).toBeVisible();
});

test("all three steps are in the server HTML", async ({ request }) => {
  const { text } = await fetchServerPage(request, "/how-it-works");
  for (const step of steps) expect(text).toContain(step);
  expect(text).toContain("Upload PDF, Word, PowerPoint and text files");
  expect(text).toContain("Every objective and question is traced back to the passage it came from");
  expect(text).toContain("The coach asks people to explain, apply and decide");
});
