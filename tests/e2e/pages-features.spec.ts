import { fetchServerPage } from "../helpers/server-html";
import { expect, test } from "./fixtures";

const features = [
  "Conversations in text or voice",
  "Grounded in your content",
  "Programs built for you",
  "Understanding analytics",
  "Adaptive practice",
  "Enterprise-ready controls",
];

test("/features shows 6 feature cards and the use-case section", async ({ page }) => {
  await page.goto("/features");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Features");
  const cards = page.getByRole("region", { name: "What Dialogic does" });
  await expect(cards.getByRole("heading", { level: 3 })).toHaveText(features);

  const useCases = page.getByRole("region", { name: "One platform, every kind of training" });
  await expect(useCases.getByRole("heading", { level: 3 })).toHaveCount(4);
  await useCases.getByRole("link", { name: "Learn more about sales and product training" }).click();
  await expect(page).toHaveURL(/\/solutions#sales$/);
});

test("/features content is in the server HTML", async ({ request }) => {
  const { text } = await fetchServerPage(request, "/features");
  for (const feature of features) expect(text).toContain(feature);
  expect(text).toContain("One platform, every kind of training");
});
