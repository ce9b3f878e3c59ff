import type { Locator, Page } from "@playwright/test";

/** The number shown under a total's label on the analytics dashboard (its change against the period before comes after it). */
export function dashboardTotal(page: Page, label: string): Locator {
  return page
    .getByRole("region", { name: "Totals" })
    .locator("div")
    .filter({ has: page.getByRole("term").filter({ hasText: new RegExp(`^${label}$`) }) })
    .getByRole("definition")
    .first();
}
