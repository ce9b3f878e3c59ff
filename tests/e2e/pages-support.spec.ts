import { supportCopy } from "../../domain/site-copy/support";
import { fetchServerPage } from "../helpers/server-html";
import { siteConfig } from "../helpers/site-config";
import { expect, test } from "./fixtures";

test("/support has the support email link and 9 questions, one open at a time, collapsible", async ({ page }) => {
  await page.goto("/support");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Support");
  const email = page.getByRole("link", { name: siteConfig.supportEmail });
  await expect(email).toHaveAttribute("href", `mailto:${siteConfig.supportEmail}`);

  const faq = page.getByRole("region", { name: "Frequently asked questions" });
  const entries = faq.locator("details");
  await expect(entries).toHaveCount(9);
  await expect(faq.locator("details[open]")).toHaveCount(0);

  const first = faq.getByText("What kinds of content can we turn into training?");
  const firstAnswer = faq.getByText("You can upload PDF, Word, PowerPoint and plain-text files.");
  const sixth = faq.getByText("Is our organizational data used to train AI models?");
  const sixthAnswer = faq.getByText("They are never used to train machine-learning models");
  await expect(firstAnswer).toBeHidden();

  await first.click();
  await expect(firstAnswer).toBeVisible();
  await expect(faq.locator("details[open]")).toHaveCount(1);

  await sixth.click();
  await expect(sixthAnswer).toBeVisible();
  await expect(firstAnswer).toBeHidden();
  await expect(faq.locator("details[open]")).toHaveCount(1);

  await sixth.click();
  await expect(sixthAnswer).toBeHidden();
  await expect(faq.locator("details[open]")).toHaveCount(0);
});

test("a question opens from the keyboard and its answer can link onwards", async ({ page }) => {
  await page.goto("/support");
  const faq = page.getByRole("region", { name: "Frequently asked questions" });
  await faq.getByText("How do I report a security vulnerability?").focus();
  await page.keyboard.press("Enter");
  await faq.getByRole("link", { name: "Read the Responsible Disclosure Policy" }).click();
  await expect(page).toHaveURL(/\/security$/);
});

test("/support content and all 9 questions are in the server HTML", async ({ request }) => {
  const { text } = await fetchServerPage(request, "/support");
  expect(text).toContain(siteConfig.supportEmail);
  expect(supportCopy.faq.items).toHaveLength(9);
  for (const { question } of supportCopy.faq.items) expect(text).toContain(question);
});
