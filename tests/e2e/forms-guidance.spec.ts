import type { Page } from "@playwright/test";
import { waitForHydration } from "../helpers/hydration";
import { expect, test } from "./fixtures";

const REPORT_LABELS = {
  reporter_name: "Full Name",
  reporter_email: "Email Address",
  company: "Company (Optional)",
  asset_affected: "Asset Affected",
  vulnerability_title: "Vulnerability Title",
  vrt_category: "VRT Category",
  vrt_subcategory: "VRT Subcategory",
  weakness_type: "Weakness Type",
  severity: "Severity",
  description: "Detailed Description",
  reproduction_steps: "Steps to Reproduce",
  impact: "Impact",
} as const;
type ReportField = keyof typeof REPORT_LABELS;
const REQUIRED = (Object.keys(REPORT_LABELS) as ReportField[]).filter((name) => name !== "company");

async function openReportForm(page: Page) {
  await page.goto("/security/submit");
  await expect(page.getByRole("button", { name: "Submit Vulnerability Report" })).toBeEnabled();
}

/** The visible toasts (Sonner keeps one at a time). */
function toasts(page: Page) {
  return page.locator("[data-sonner-toast]");
}

test.describe("the report form", () => {
  test("marks every required field, visibly and with aria-required, and the company as optional", async ({ page }) => {
    await openReportForm(page);
    await expect(page.getByText("Fields marked * are required.")).toBeVisible();
    for (const name of REQUIRED) {
      const field = page.getByLabel(REPORT_LABELS[name], { exact: true });
      await expect(field, name).toHaveAttribute("aria-required", "true");
      await expect(page.locator(`label[for="${name}"]`), name).toHaveText(REPORT_LABELS[name]);
      await expect(page.locator(`label[for="${name}"] + [data-required-mark]`), name).toHaveText("*");
    }
    await expect(page.getByLabel("Company (Optional)", { exact: true })).not.toHaveAttribute("aria-required", "true");
    await expect(page.locator('label[for="company"] + [data-required-mark]')).toHaveCount(0);
  });

  test("an empty submit lists every missing field at the top, each a link that focuses its field", async ({ page }) => {
    await openReportForm(page);
    await page.getByRole("button", { name: "Submit Vulnerability Report" }).click();

    const summary = page.getByRole("region", { name: /need your attention$/ });
    await expect(summary).toHaveAccessibleName("11 fields need your attention");
    const links = summary.getByRole("link");
    await expect(links).toHaveCount(REQUIRED.length);
    for (const [index, name] of REQUIRED.entries()) {
      await expect(links.nth(index)).toHaveAttribute("href", `#${name}`);
      await expect(links.nth(index)).toHaveText(`${REPORT_LABELS[name]} (missing)`);
    }
    // The summary stands above the first field of the form.
    const summaryBox = await summary.boundingBox();
    const firstField = await page.getByLabel("Full Name", { exact: true }).boundingBox();
    expect(summaryBox!.y).toBeLessThan(firstField!.y);

    await summary.getByRole("link", { name: "Severity (missing)" }).click();
    await expect(page.getByLabel("Severity", { exact: true })).toBeFocused();
    await summary.getByRole("link", { name: "Impact (missing)" }).click();
    await expect(page.getByLabel("Impact", { exact: true })).toBeFocused();

    // Fixed fields leave the summary; a short description says how short.
    await page.getByLabel("Severity", { exact: true }).selectOption("Low");
    await page.getByLabel("Detailed Description", { exact: true }).fill("Too short to be useful.");
    await expect(summary).toHaveAccessibleName("10 fields need your attention");
    await expect(summary.getByRole("link", { name: "Severity (missing)" })).toHaveCount(0);
    await expect(summary.getByRole("link", { name: "Detailed Description (23 of 50 characters)" })).toBeVisible();
  });

  test("the description counts its characters as one types", async ({ page }) => {
    await openReportForm(page);
    const description = page.getByLabel("Detailed Description", { exact: true });
    await expect(page.getByText("0 / 50 characters minimum")).toBeVisible();
    await description.pressSequentially("Twelve chars");
    await expect(page.getByText("12 / 50 characters minimum")).toBeVisible();
    await expect(description).toHaveAccessibleDescription("12 / 50 characters minimum");
    await description.fill("x".repeat(57));
    // Past the minimum, the count alone (issue 34).
    await expect(page.getByText("57 characters", { exact: true })).toBeVisible();
  });

  test("letters typed while the form's checks load all stay in the field", async ({ page }) => {
    // Three fresh pages typed key by key: on a busy two-core machine this takes longer than most tests.
    test.slow();
    await openReportForm(page);
    const description = page.getByLabel("Detailed Description", { exact: true });
    const text = "Typed before the checks load.";
    for (let attempt = 0; attempt < 3; attempt += 1) {
      // A fresh page each time: the checks load on the form's first use, while these keys arrive.
      if (attempt > 0) await openReportForm(page);
      await description.pressSequentially(text);
      await expect(description).toHaveValue(text);
    }
  });

  for (const width of [1280, 390]) {
    test(`every placeholder fits its field at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 844 });
      await openReportForm(page);
      const overflowing = await page.locator("input[placeholder]").evaluateAll((inputs) =>
        (inputs as HTMLInputElement[]).flatMap((input) => {
          const style = getComputedStyle(input);
          const context = document.createElement("canvas").getContext("2d")!;
          context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
          const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
          const needed = context.measureText(input.placeholder).width;
          return needed > room ? [`${input.name}: ${Math.round(needed)} px in ${Math.round(room)} px`] : [];
        }),
      );
      expect(overflowing).toEqual([]);
    });
  }

  test.describe("on a touch screen", () => {
    test.use({ hasTouch: true, isMobile: true, viewport: { width: 390, height: 844 } });

    test("the picker says 'Choose files' instead of drag and drop", async ({ page }) => {
      await openReportForm(page);
      await expect(page.getByText("Choose files from your device")).toBeVisible();
      await expect(page.getByText("Drag and drop files here")).toBeHidden();
    });
  });

  test("with a mouse the picker offers drag and drop", async ({ page }) => {
    await openReportForm(page);
    await expect(page.getByText("Drag and drop files here")).toBeVisible();
    await expect(page.getByText("Choose files from your device")).toBeHidden();
  });
});

test.describe("the admin login", () => {
  test.use({ allowedConsoleErrors: [/status of 401/] });

  test("a wrong password marks the field, says why next to it, and focuses it again", async ({ page }) => {
    await page.goto("/admin/login");
    const password = page.getByLabel("Password", { exact: true });
    await waitForHydration(password);
    await expect(password).not.toHaveAttribute("aria-invalid", "true");
    await password.fill("not the password");
    await page.getByRole("button", { name: "Sign In", exact: true }).click();

    await expect(toasts(page).filter({ hasText: "Invalid credentials" })).toContainText("Error");
    await expect(password).toHaveAttribute("aria-invalid", "true");
    await expect(password).toHaveAccessibleDescription("Invalid credentials");
    await expect(password).toBeFocused();

    // Typing again clears the mark.
    await password.press("x");
    await expect(password).not.toHaveAttribute("aria-invalid", "true");
  });
});

test.describe("the contact form", () => {
  test("after sending, a lasting confirmation replaces the stale toast and takes the focus", async ({ page }) => {
    await page.setExtraHTTPHeaders({ "x-forwarded-for": "203.0.113.41" });
    await page.goto("/contact");
    await expect(page.locator("form[novalidate]")).toBeAttached();

    await page.getByRole("button", { name: "Send message" }).click();
    await expect(toasts(page)).toHaveCount(1);
    await expect(toasts(page)).toContainText("Missing fields");

    await page.getByLabel("Your name *").fill("Ada Lovelace");
    await page.getByLabel("Your email *").fill("ada@example.com");
    await page.getByLabel("Message *").fill("Please tell me more about compliance training.");
    await page.getByRole("button", { name: "Send message" }).click();

    const confirmation = page.getByRole("status").filter({ hasText: "We have your message" });
    await expect(confirmation).toBeVisible();
    await expect(confirmation).toContainText("We will answer at ada@example.com, usually within one business day.");
    await expect(confirmation).toBeFocused();
    // One toast: the new one replaced 'Missing fields'.
    await expect(toasts(page)).toHaveCount(1);
    await expect(toasts(page)).toContainText("Message sent!");
    await expect(page.getByText("Missing fields")).toHaveCount(0);
    // The confirmation stays where the form is, above the emptied form.
    const confirmationBox = await confirmation.boundingBox();
    const nameBox = await page.getByLabel("Your name *").boundingBox();
    expect(confirmationBox!.y).toBeLessThan(nameBox!.y);
    await expect(page.getByLabel("Your name *")).toHaveValue("");
  });
});

for (const viewport of [
  { width: 1280, height: 800, button: "Sign in" },
  { width: 390, height: 844, button: "Open menu" },
]) {
  test(`a toast leaves the top bar's ${viewport.button} button free at ${viewport.width} px`, async ({ page }) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await page.goto("/contact");
    await expect(page.locator("form[novalidate]")).toBeAttached();
    await page.getByRole("button", { name: "Send message" }).click();
    const toast = toasts(page).first();
    await expect(toast).toBeVisible();
    const headerButton = page.getByRole("banner").getByRole(viewport.button === "Sign in" ? "link" : "button", { name: viewport.button });
    const b = (await headerButton.boundingBox())!;
    // Once the toast has slid into place.
    await expect
      .poll(async () => {
        const a = (await toast.boundingBox())!;
        return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
      })
      .toBe(false);
    expect((await toast.boundingBox())!.y).toBeGreaterThanOrEqual(b.y + b.height);
  });
}
