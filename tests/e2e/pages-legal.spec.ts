import { fetchServerPage } from "../helpers/server-html";
import { siteConfig } from "../helpers/site-config";
import { expect, test } from "./fixtures";

test("the privacy policy is effective March 13, 2025 and covers the named sections", async ({ page }) => {
  await page.goto("/privacy");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Privacy Policy");
  await expect(page.getByText("Effective date: March 13, 2025")).toBeVisible();
  const headings = page.getByRole("main").getByRole("heading", { level: 2 });
  for (const name of [
    "Information we collect",
    "Organizational and employee data",
    "Confidentiality",
    "Use of data",
    "Deidentified data",
    "Contact us",
  ]) {
    await expect(headings.filter({ hasText: name })).toHaveCount(1);
  }
  const contact = page.getByRole("region", { name: /Contact us/ });
  await expect(contact.getByRole("link", { name: siteConfig.supportEmail })).toHaveAttribute(
    "href",
    `mailto:${siteConfig.supportEmail}`,
  );
  await expect(contact).toContainText(siteConfig.postalAddress);
});

test("the terms of use are effective March 13, 2025 and state the age, cap, law and arbitration", async ({ page }) => {
  await page.goto("/terms");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Terms of Use");
  await expect(page.getByText("Effective date: March 13, 2025")).toBeVisible();
  const headings = page.getByRole("main").getByRole("heading", { level: 2 });
  for (const name of [
    "Definitions",
    "Acceptance of these Terms",
    "License and termination",
    "Accounts",
    "Compliance",
    "Minimum age",
    "Corporate authority",
    "Machine learning",
    "Warranty disclaimer",
    "Limitation of liability",
    "Governing law",
    "Arbitration, jury trial waiver and class action waiver",
    "Contact details",
  ]) {
    await expect(headings.filter({ hasText: name })).toHaveCount(1);
  }
  await expect(page.getByRole("region", { name: /Minimum age/ })).toContainText("at least 18 years old");
  await expect(page.getByRole("region", { name: /Machine learning/ })).toContainText(
    "Organizational Data is not used to train machine-learning models",
  );
  await expect(page.getByRole("region", { name: /Limitation of liability/ })).toContainText("($100)");
  await expect(page.getByRole("region", { name: /Governing law/ })).toContainText("the laws of the State of Ohio");
  const arbitration = page.getByRole("region", { name: /Arbitration/ });
  await expect(arbitration).toContainText("binding individual arbitration");
  await expect(arbitration).toContainText("waive any right to a trial by jury");
  await expect(arbitration).toContainText("Class action waiver");

  const contact = page.getByRole("region", { name: /Contact details/ });
  await expect(contact.getByRole("link", { name: siteConfig.supportEmail })).toBeVisible();
  await expect(contact.getByRole("link", { name: siteConfig.supportPhone })).toHaveAttribute("href", /^tel:\+?\d+$/);
  await expect(contact).toContainText(siteConfig.postalAddress);
});

test("the table of contents jumps to a section", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/terms");
  await page.getByRole("navigation", { name: "On this page" }).getByRole("link", { name: "12. Governing law" }).click();
  await expect(page).toHaveURL(/#governing-law$/);
  await expect(page.getByRole("heading", { name: "12. Governing law" })).toBeInViewport();
});

test("both policies are in the server HTML with their dates and figures", async ({ request }) => {
  const privacy = await fetchServerPage(request, "/privacy");
  expect(privacy.text).toContain("Effective date: March 13, 2025");
  expect(privacy.text).toContain("Deidentified data");
  expect(privacy.text).toContain(siteConfig.postalAddress);

  const terms = await fetchServerPage(request, "/terms");
  expect(terms.text).toContain("Effective date: March 13, 2025");
  for (const figure of ["at least 18 years old", "($100)", "State of Ohio", "trial by jury", "Class action waiver"]) {
    expect(terms.text).toContain(figure);
  }
});
