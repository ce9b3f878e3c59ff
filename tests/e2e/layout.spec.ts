import { expect, test } from "./fixtures";

test("the top bar links to the main pages and to the external sign-in", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/features");
  const nav = page.getByRole("navigation", { name: "Primary" }).first();
  await expect(nav.getByRole("link")).toHaveText(["How it works", "Features", "About", "Blog"]);
  await expect(nav.getByRole("link", { name: "About" })).toHaveAttribute("href", "/science");
  await expect(page.getByRole("link", { name: "Sign in" }).first()).toHaveAttribute(
    "href",
    /^https?:\/\//,
  );

  await nav.getByRole("link", { name: "Blog" }).click();
  await expect(page).toHaveURL(/\/blog$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("AI training insights");
});

test("the site's links move within the app, mark the current page, and leave modified clicks to the browser", async ({ page, context }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/features");
  const nav = page.getByRole("navigation", { name: "Primary" }).first();
  await expect(nav.getByRole("link", { name: "Features" })).toHaveAttribute("aria-current", "page");
  // Before hydration the links are ordinary links. The menu button (hidden at this width) is
  // enabled by the render after hydration, when the links' listener is already in place.
  await expect(page.getByRole("button", { name: "Open menu", includeHidden: true })).toBeEnabled();
  // Set on this document: still there after a move within the app, gone after a page load.
  await page.evaluate(() => Object.assign(window, { samePage: true }));

  await nav.getByRole("link", { name: "Blog" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("AI training insights");
  await expect(nav.getByRole("link", { name: "Blog" })).toHaveAttribute("aria-current", "page");
  await expect(nav.getByRole("link", { name: "Features" })).not.toHaveAttribute("aria-current", "page");
  await page.getByRole("contentinfo").getByRole("link", { name: "Privacy Policy" }).click();
  await expect(page).toHaveURL(/\/privacy$/);
  expect(await page.evaluate(() => "samePage" in window)).toBe(true);

  // A click with Ctrl (or Cmd) opens the page in a new tab, as any link does.
  const opened = context.waitForEvent("page");
  await nav.getByRole("link", { name: "How it works" }).click({ modifiers: ["ControlOrMeta"] });
  await (await opened).waitForLoadState();
  await expect(page).toHaveURL(/\/privacy$/);
});

test("the top bar changes style after 20 px of scroll", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 600 });
  await page.goto("/privacy");
  const header = page.locator("body > header");
  await expect(header).toHaveAttribute("data-scrolled", "false");
  await page.mouse.wheel(0, 400);
  await expect(header).toHaveAttribute("data-scrolled", "true");
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(header).toHaveAttribute("data-scrolled", "false");
});

test("the logo scrolls to the top on the home page and goes home elsewhere", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 600 });
  await page.goto("/");
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  await page.getByRole("link", { name: "Dialogic home" }).click();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

  await page.goto("/terms");
  await page.getByRole("link", { name: "Dialogic home" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("a new page starts at the top", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 600 });
  await page.goto("/privacy");
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.getByRole("contentinfo").getByRole("link", { name: "Terms of Use" }).click();
  await expect(page).toHaveURL(/\/terms$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test("on mobile the menu opens with the links and a Request demo button in a new tab", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/");
  // The page itself has Request demo buttons too; this test is about the top bar's.
  const topBar = page.getByRole("banner");
  const menuButton = page.getByRole("button", { name: "Open menu" });
  await expect(menuButton).toHaveAttribute("aria-expanded", "false");
  await expect(topBar.getByRole("link", { name: "Request demo" })).toBeHidden();

  await menuButton.click();
  await expect(page.getByRole("button", { name: "Close menu" })).toHaveAttribute("aria-expanded", "true");
  const demo = topBar.getByRole("link", { name: "Request demo" });
  await expect(demo).toBeVisible();
  await expect(demo).toHaveAttribute("target", "_blank");
  await expect(demo).toHaveAttribute("rel", /noopener/);

  await topBar.getByRole("link", { name: "How it works" }).click();
  await expect(page).toHaveURL(/\/how-it-works$/);
  await expect(topBar.getByRole("link", { name: "Request demo" })).toBeHidden();
});

test("the footer links to the policies, support and contact pages", async ({ page }) => {
  await page.goto("/");
  const footer = page.getByRole("contentinfo");
  const expected = [
    ["Privacy Policy", "/privacy"],
    ["Terms of Use", "/terms"],
    ["Security", "/security"],
    ["Support", "/support"],
    ["Contact", "/contact"],
  ] as const;
  for (const [name, href] of expected) {
    await expect(footer.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
  }
  await footer.getByRole("link", { name: "Support", exact: true }).click();
  await expect(page).toHaveURL(/\/support$/);
});

test.describe("the not-found page", () => {
  // The browser logs the document's 404 status itself.
  test.use({ allowedConsoleErrors: [/status of 404/] });

  test("an unknown path answers 404 with the not-found page", async ({ page }) => {
    const response = await page.goto("/this/does/not/exist");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "404" })).toBeVisible();
    await expect(page.getByText("Oops! Page not found")).toBeVisible();
    await page.getByRole("link", { name: "Return to Home" }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});

test("every route of the route table answers with its heading in the server HTML", async ({ request }) => {
  const routes: [string, string][] = [
    ["/", "Turn your documents into conversations that teach"],
    ["/solutions", "Solutions"],
    ["/how-it-works", "How it works"],
    ["/features", "Features"],
    ["/science", "About"],
    ["/about", "About us"],
    ["/contact", "Contact us"],
    ["/support", "Support"],
    ["/security", "Responsible Disclosure Policy"],
    ["/security/submit", "Submit Vulnerability Report"],
    ["/blog", "AI training insights"],
    ["/admin/login", "Blog Admin Login"],
    ["/privacy", "Privacy Policy"],
    ["/terms", "Terms of Use"],
  ];
  for (const [path, heading] of routes) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    const html = await response.text();
    expect(html, path).toMatch(new RegExp(`<h1[^>]*>${escapeRegExp(heading)}`));
    expect(html, path).toContain(`<link rel="canonical" href="`);
  }
});

function escapeRegExp(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
