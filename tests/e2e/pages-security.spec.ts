import { fetchServerPage } from "../helpers/server-html";
import { expect, test } from "./fixtures";

function longDate(date: Date) {
  return new Intl.DateTimeFormat("en-US", { dateStyle: "long" }).format(date);
}

test("the disclosure policy shows today's date, the fix target, the exclusions and the safe harbor", async ({ page }) => {
  const before = longDate(new Date());
  await page.goto("/security");
  const after = longDate(new Date());
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Responsible Disclosure Policy");
  await expect(page.getByText(new RegExp(`^Effective date: (${before}|${after})$`))).toBeVisible();

  const main = page.getByRole("main");
  await expect(main).toContainText("We aim to resolve critical issues within ten business days");

  const exclusions = page.getByRole("region", { name: "Out of scope" }).getByRole("listitem");
  await expect(exclusions).toHaveText([
    /^Denial-of-service \(DoS\)/,
    /^Spamming/,
    /^Social engineering/,
    /^Physical attacks/,
    /^Reports about the marketing site only/,
    /^Theoretical reports/,
  ]);

  const safeHarbor = page.getByRole("region", { name: "Safe harbor" });
  await expect(safeHarbor).toContainText("good-faith");
  await expect(safeHarbor).toContainText("we will not pursue or support legal action against you");
});

test("'Submit a Vulnerability Report' leads to the report form", async ({ page }) => {
  await page.goto("/security");
  const buttons = page.getByRole("link", { name: "Submit a Vulnerability Report" });
  await expect(buttons.first()).toHaveAttribute("href", "/security/submit");
  await buttons.first().click();
  await expect(page).toHaveURL(/\/security\/submit$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Submit Vulnerability Report");
});

test("the policy, with today's date, is in the server HTML", async ({ request }) => {
  const before = longDate(new Date());
  const { text } = await fetchServerPage(request, "/security");
  const after = longDate(new Date());
  expect(text).toMatch(new RegExp(`Effective date: (${before}|${after})`));
  expect(text).toContain("ten business days");
  expect(text).toContain("Submit a Vulnerability Report");
  for (const exclusion of ["Denial-of-service (DoS)", "Spamming", "Social engineering", "Physical attacks", "Reports about the marketing site only", "Theoretical reports"]) {
    expect(text).toContain(exclusion);
  }
});
