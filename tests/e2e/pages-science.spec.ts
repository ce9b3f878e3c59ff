import { fetchServerPage } from "../helpers/server-html";
import { expect, test } from "./fixtures";

const levels = ["Reaction", "Learning", "Behavior", "Results"];

test("/science is titled About, with the learning science and the four Kirkpatrick levels", async ({ page }) => {
  await page.goto("/science");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("About");
  await expect(page.getByRole("region", { name: "Why conversation beats the click-through course" })).toContainText(
    "Retrieval practice",
  );

  const kirkpatrick = page.getByRole("region", { name: "The Kirkpatrick model, four levels deep" });
  await expect(kirkpatrick.getByRole("heading", { level: 3 })).toHaveText(levels);
  const items = kirkpatrick.getByRole("listitem");
  await expect(items).toHaveCount(4);
  for (const index of [0, 1, 2, 3]) {
    await expect(items.nth(index).getByRole("term")).toHaveText(["Traditional training", "With Dialogic"]);
  }
  await expect(kirkpatrick).toContainText("Dialogic makes the Kirkpatrick model actionable.");
});

test("the call to action opens the demo page in a new tab and links to how it works", async ({ page }) => {
  await page.goto("/science");
  const cta = page.getByRole("region", { name: "Put the science to work on your training" });
  const demo = cta.getByRole("link", { name: "Request demo" });
  await expect(demo).toHaveAttribute("href", /^https?:\/\/.+/);
  await expect(demo).toHaveAttribute("target", "_blank");
  await expect(demo).toHaveAttribute("rel", "noopener noreferrer");
  await cta.getByRole("link", { name: "See how it works" }).click();
  await expect(page).toHaveURL(/\/how-it-works$/);
});

test("/science content is in the server HTML", async ({ request }) => {
  const { text } = await fetchServerPage(request, "/science");
  for (const level of levels) expect(text).toContain(level);
  expect(text).toContain("Dialogic makes the Kirkpatrick model actionable.");
  expect(text).toContain("90% of training is forgotten within a month");
});
