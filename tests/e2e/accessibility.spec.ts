import { ADMIN_TOKEN_STORAGE_KEY } from "../../domain/auth";
import { axeViolations } from "../helpers/axe";
import { waitForHydration } from "../helpers/hydration";
import { expect, test } from "./fixtures";

const paths = [
  "/",
  "/solutions",
  "/how-it-works",
  "/features",
  "/science",
  "/about",
  "/support",
  "/security",
  "/privacy",
  "/terms",
  "/contact",
  "/security/submit",
  "/blog",
  "/admin/login",
  "/no-such-page",
];

const viewports = [
  { name: "desktop", width: 1280, height: 800 },
  { name: "mobile", width: 390, height: 844 },
] as const;

// The not-found page answers 404, which the browser logs.
test.use({ allowedConsoleErrors: [/status of 404/] });
// Reduced motion keeps every section shown (no reveal transition), so axe checks the whole page.
// axe-core is injected as an inline script, which the site's CSP rightly refuses: these tests
// bypass the CSP (security-headers.spec.ts checks it).
test.use({ reducedMotion: "reduce", bypassCSP: true });

for (const viewport of viewports) {
  test.describe(`at ${viewport.name} width`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    for (const path of paths) {
      test(`${path} has no axe violations`, async ({ page }) => {
        await page.goto(path);
        expect(await axeViolations(page)).toEqual([]);
      });
    }
  });
}

test("the open mobile menu of the shared layout has no axe violations", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/");
  const menu = page.getByRole("button", { name: "Open menu" });
  await waitForHydration(menu);
  await menu.click();
  await expect(page.getByRole("link", { name: "Request demo" }).first()).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
});

test("open disclosures have no axe violations", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/support");
  await page.getByText("How does Dialogic measure understanding?").click();
  expect(await axeViolations(page)).toEqual([]);

  await page.goto("/how-it-works");
  const step = page.getByRole("button", { name: "Employees learn through conversation" });
  await waitForHydration(step);
  await step.click();
  await expect(step).toHaveAttribute("aria-expanded", "true");
  expect(await axeViolations(page)).toEqual([]);
});

test("an article, the admin list, the editor and the inboxes have no axe violations", async ({ page, request }) => {
  const login = await request.post("/api/admin/login", { data: { password: process.env.E2E_ADMIN_PASSWORD } });
  const { token } = (await login.json()) as { token: string };
  const slug = `axe-article-${Date.now().toString(36)}`;
  const created = await request.post("/api/admin/posts", {
    headers: { authorization: `Bearer ${token}` },
    data: {
      title: "An article for the accessibility check",
      slug,
      excerpt: "Checked by axe.",
      content: "<h2>Heading</h2><p>Text with <a href=\"https://example.com\">a link</a>.</p><blockquote>Quote</blockquote>",
      published: true,
    },
  });
  expect(created.status()).toBe(201);

  for (const viewport of viewports) {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await page.goto(`/blog/${slug}`);
    expect(await axeViolations(page), `article at ${viewport.name} width`).toEqual([]);
  }

  await page.goto("/privacy");
  await page.evaluate(({ key, value }) => window.localStorage.setItem(key, value), {
    key: ADMIN_TOKEN_STORAGE_KEY,
    value: token,
  });
  await page.goto("/admin/blog");
  await expect(page.getByRole("heading", { name: "Blog Admin" })).toBeVisible();
  expect(await axeViolations(page), "admin list").toEqual([]);
  await page.goto("/admin/blog/new");
  await expect(page.locator(".ql-editor")).toBeVisible();
  expect(await axeViolations(page), "editor").toEqual([]);
  for (const inbox of ["/admin/messages", "/admin/reports"]) {
    await page.goto(inbox);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByText("Checking authentication...")).toBeHidden();
    expect(await axeViolations(page), inbox).toEqual([]);
  }
});

test.describe("the forms' feedback states", () => {
  // One pattern: a list of two would be read as a value and its options.
  test.use({ allowedConsoleErrors: [/status of (401|404)/] });

  for (const viewport of viewports) {
    test(`the report form's error summary and counter have no axe violations at ${viewport.name} width`, async ({ page }) => {
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      await page.goto("/security/submit");
      const submit = page.getByRole("button", { name: "Submit Vulnerability Report" });
      await expect(submit).toBeEnabled();
      await page.getByLabel("Detailed Description", { exact: true }).fill("Short description");
      await submit.click();
      await expect(page.getByRole("region", { name: "11 fields need your attention" })).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
    });
  }

  test("the admin login's refused password has no axe violations", async ({ page }) => {
    await page.goto("/admin/login");
    const password = page.getByLabel("Password", { exact: true });
    await waitForHydration(password);
    await password.fill("not the password");
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(password).toHaveAttribute("aria-invalid", "true");
    expect(await axeViolations(page)).toEqual([]);
  });

  test("the contact form's confirmation has no axe violations", async ({ page }) => {
    await page.setExtraHTTPHeaders({ "x-forwarded-for": "203.0.113.42" });
    await page.goto("/contact");
    await expect(page.locator("form[novalidate]")).toBeAttached();
    await page.getByLabel("Your name *").fill("Axe Checker");
    await page.getByLabel("Your email *").fill("axe@example.com");
    await page.getByLabel("Message *").fill("Checking the confirmation state.");
    await page.getByRole("button", { name: "Send message" }).click();
    await expect(page.getByRole("status").filter({ hasText: "We have your message" })).toBeFocused();
    expect(await axeViolations(page)).toEqual([]);
  });
});
