import { fetchServerPage } from "../helpers/server-html";
import { expect, test } from "./fixtures";

test("the home page has the hero, the problem section with the 90% claim, and a call to action", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Turn your documents into conversations that teach");

  const hero = page.locator("main section").first();
  const demo = hero.getByRole("link", { name: "Request demo" });
  await expect(demo).toHaveAttribute("href", /^https?:\/\//);
  await expect(demo).toHaveAttribute("target", "_blank");
  await expect(demo).toHaveAttribute("rel", "noopener noreferrer");

  const problem = page.getByRole("region", { name: "Most training is forgotten before it is ever used" });
  await expect(problem).toContainText("90% of training is forgotten within a month.");
  await expect(problem.getByRole("img", { name: /recall over 30 days/ })).toBeVisible();

  const contact = page.locator("#contact");
  await expect(contact.getByRole("heading", { level: 2 })).toHaveText("Let's talk about your training");
  await contact.getByRole("link", { name: "Contact us" }).click();
  await expect(page).toHaveURL(/\/contact$/);
});

test("the blog's /#contact link lands on the home page's call to action", async ({ page }) => {
  await page.goto("/#contact");
  await expect(page.locator("#contact")).toBeInViewport();
});

test("the hero's second button and the use-case cards lead to their pages", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/");
  await page.locator("main section").first().getByRole("link", { name: "See how it works" }).click();
  await expect(page).toHaveURL(/\/how-it-works$/);

  await page.goto("/");
  const useCases = page.getByRole("region", { name: "Built for the teams that carry the training load" });
  await expect(useCases.getByRole("heading", { level: 3 })).toHaveText([
    "Onboarding and upskilling",
    "Compliance",
    "Sales and product training",
    "Customer training",
  ]);
  await useCases.getByRole("link", { name: "Learn more about compliance" }).click();
  await expect(page).toHaveURL(/\/solutions#compliance$/);
  await expect(page.getByRole("heading", { level: 2, name: "Compliance" })).toBeInViewport();
});

test("the home page's content is in the server HTML", async ({ request }) => {
  const { text } = await fetchServerPage(request, "/");
  expect(text).toContain("Turn your documents into conversations that teach");
  expect(text).toContain("90% of training is forgotten within a month.");
  expect(text).toContain("Let's talk about your training");
});
