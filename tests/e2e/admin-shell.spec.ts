import { ADMIN_TOKEN_STORAGE_KEY } from "../../domain/auth";
import { axeViolations } from "../helpers/axe";
import { tabThrough } from "../helpers/focus-and-targets";
import { validReportFields } from "../helpers/sample-files";
import { expect, test } from "./fixtures";
import type { APIRequestContext, Page } from "@playwright/test";
import { apiToken } from "./admin-session";
import { testWithOwnServer } from "./blog-data";

const viewports = [
  { name: "desktop", width: 1280, height: 800 },
  { name: "mobile", width: 390, height: 844 },
] as const;

const adminPages = [
  { path: "/admin/blog", heading: "Blog Admin" },
  { path: "/admin/blog/new", heading: "Create Post" },
  { path: "/admin/messages", heading: "Contact messages" },
  { path: "/admin/reports", heading: "Vulnerability Reports" },
] as const;

test.use({ bypassCSP: true, reducedMotion: "reduce" });

// Sixty messages that only this file writes, found again by their marker.
// Each worker loads this file and makes its own data: the marker must differ between workers started in the same millisecond.
const marker = `inbox${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
let token = "";
// A post and a report of this file's own, for the editor and the triage screen.
const extraPages: { path: string; heading: string }[] = [];

// With fully parallel tests a worker may run these hooks again for a later test of this file:
// the data is made once per worker (a second post with the same slug would be refused).
test.beforeAll(async ({ request }) => {
  if (token) return;
  const login = await request.post("/api/admin/login", { data: { password: process.env.E2E_ADMIN_PASSWORD } });
  token = ((await login.json()) as { token: string }).token;
  await sendSixtyMessages(request);
});

test.beforeAll(async ({ request }) => {
  if (extraPages.length > 0) return;
  const created = await request.post("/api/admin/posts", {
    headers: { authorization: `Bearer ${token}` },
    data: { title: `A post for the admin shell ${marker}`, slug: `admin-shell-${marker}`, content: "<p>Body.</p>" },
  });
  expect(created.status()).toBe(201);
  const post = (await created.json()) as { id: string };
  const report = await request.post("/api/security/reports", {
    headers: { "x-forwarded-for": `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.9` },
    multipart: validReportFields({ vulnerability_title: `Shell ${marker}`, severity: "High" }),
  });
  expect(report.status()).toBe(201);
  const { id } = (await report.json()) as { id: string };
  extraPages.push({ path: `/admin/blog/edit/${post.id}`, heading: "Edit Post" }, { path: `/admin/reports/${id}`, heading: `Shell ${marker}` });
});

/** Sixty contact messages carrying the marker, sent one after another so that Sender 59 is the newest. */
async function sendSixtyMessages(request: APIRequestContext, serverUrl = "") {
  // Five messages per client address is the contact limit: twelve addresses of their own.
  const range = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
  for (let number = 0; number < 60; number += 1) {
    const client = Math.floor(number / 5);
    const sent = await request.post(`${serverUrl}/api/contact`, {
      headers: { "x-forwarded-for": `${range}.${client + 1}` },
      data: { name: `Sender ${number}`, email: `sender${number}@example.com`, message: `About ${marker} number ${number}` },
    });
    expect(sent.status()).toBe(201);
  }
}

async function signIn(page: Page, adminToken = token) {
  await page.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [ADMIN_TOKEN_STORAGE_KEY, adminToken] as const);
}

async function open(page: Page, path: string, heading: string) {
  await page.goto(path);
  await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
  await expect(page.getByText("Checking authentication...")).toBeHidden();
}

test("admin screens wear their own bar: product, Admin, the three lists with counts, View site, Logout; no marketing chrome", async ({ page }) => {
  await signIn(page);
  await open(page, "/admin/messages", "Contact messages");
  const bar = page.getByRole("banner");
  await expect(bar).toContainText("Admin");
  const nav = bar.getByRole("navigation", { name: "Admin" });
  await expect(nav.getByRole("link", { name: "Posts" })).toHaveAttribute("href", "/admin/blog");
  await expect(nav.getByRole("link", { name: /^Messages \d+ unread$/ })).toHaveAttribute("href", "/admin/messages");
  await expect(nav.getByRole("link", { name: /^Reports/ })).toHaveAttribute("href", "/admin/reports");
  await expect(bar.getByRole("link", { name: "View site" })).toHaveAttribute("href", "/");
  await expect(bar.getByRole("button", { name: "Logout" })).toBeVisible();
  await expect(page.getByRole("contentinfo")).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Sign in" })).toHaveCount(0);

  // /admin/blog keeps its own specified Logout, once.
  await nav.getByRole("link", { name: "Posts" }).click();
  await expect(page.getByRole("heading", { name: "Blog Admin", exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Logout" })).toHaveCount(1);

  await page.getByRole("banner").getByRole("link", { name: "View site" }).click();
  await expect(page.getByRole("contentinfo")).toBeVisible();
});

test("moving between admin screens keeps the bar and checks the session once", async ({ page }) => {
  await signIn(page);
  const checks: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === "/api/admin/verify") checks.push(request.url());
  });
  await open(page, "/admin/blog", "Blog Admin");
  const bar = page.getByRole("navigation", { name: "Admin" });
  await bar.getByRole("link", { name: /^Messages/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Contact messages" })).toBeVisible();
  await bar.getByRole("link", { name: /^Reports/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Vulnerability Reports" })).toBeVisible();
  await expect(page.getByText("Checking authentication...")).toHaveCount(0);
  expect(checks).toHaveLength(1);
});

test.describe("a sign-in check that gets no answer", () => {
  test.use({ allowedConsoleErrors: [/ERR_FAILED|ERR_CONNECTION|Failed to load resource/] });

  test("keeps the token, says so, and checks again on request", async ({ page }) => {
    await signIn(page);
    // The check's request fails once, as when the network drops or the page is left mid-check.
    await page.route("**/api/admin/verify", (route) => route.abort("failed"), { times: 1 });
    await page.goto("/admin/blog");
    await expect(page.getByRole("alert").filter({ hasText: "The server could not be reached to check your sign-in. Your session is kept." })).toBeVisible();
    expect(await page.evaluate((key) => window.localStorage.getItem(key), ADMIN_TOKEN_STORAGE_KEY)).toBeTruthy();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "Try again" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Blog Admin" })).toBeVisible();
  });
});

test("the shell's Logout ends the session like the list's", async ({ page, request }) => {
  const login = await request.post("/api/admin/login", { data: { password: process.env.E2E_ADMIN_PASSWORD } });
  const own = ((await login.json()) as { token: string }).token;
  await page.goto("/privacy");
  await page.evaluate(([key, value]) => window.localStorage.setItem(key, value), [ADMIN_TOKEN_STORAGE_KEY, own] as const);
  await open(page, "/admin/reports", "Vulnerability Reports");
  await page.getByRole("banner").getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
  await expect(page.getByText("Logged out")).toBeVisible();
  expect(await page.evaluate((key) => window.localStorage.getItem(key), ADMIN_TOKEN_STORAGE_KEY)).toBeNull();
});

// On a server of its own: "Mark all read" and the unread count cover the whole inbox, which
// other tests (this file's data on the other worker too) write to meanwhile.
testWithOwnServer("the message inbox pages, searches, filters and marks all read over 60 messages", async ({ page, ownServer }) => {
  await sendSixtyMessages(page.request, ownServer.url);
  await signIn(page, await apiToken(page.request, { url: ownServer.url, password: ownServer.adminPassword }));
  await open(page, `${ownServer.url}/admin/messages`, "Contact messages");
  const search = page.getByRole("searchbox", { name: "Search messages" });
  await search.fill(marker.toUpperCase());
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page.getByText("60 messages ·")).toBeVisible();
  const cards = page.getByRole("article");
  await expect(cards).toHaveCount(50);
  await expect(cards.first()).toHaveAccessibleName("Message from Sender 59");
  await expect(page.getByText("Page 1 of 2")).toBeVisible();
  await page.getByRole("button", { name: "Next page" }).click();
  await expect(page.getByText("Page 2 of 2")).toBeVisible();
  await expect(cards).toHaveCount(10);
  await expect(cards.last()).toHaveAccessibleName("Message from Sender 0");

  // Oldest first starts again on page 1.
  await page.getByLabel("Sort").selectOption("oldest");
  await expect(page.getByText("Page 1 of 2")).toBeVisible();
  await expect(cards.first()).toHaveAccessibleName("Message from Sender 0");

  // One read, then the filters.
  await page.getByRole("article", { name: "Message from Sender 3", exact: true }).getByRole("button", { name: "Mark as read" }).click();
  await expect(page.getByRole("article", { name: "Message from Sender 3", exact: true }).getByRole("button", { name: "Mark as unread" })).toBeVisible();
  await page.getByLabel("Show").selectOption("read");
  await expect(page.getByText("1 message ·")).toBeVisible();
  await expect(cards).toHaveCount(1);
  await page.getByLabel("Show").selectOption("unread");
  await expect(page.getByText("59 messages ·")).toBeVisible();

  await page.getByRole("button", { name: "Mark all read" }).click();
  await expect(page.getByText("No messages match.")).toBeVisible();
  await expect(page.getByText("0 messages · 0 unread")).toBeVisible();
  await expect(page.getByRole("button", { name: "Mark all read" })).toBeDisabled();
  await expect(page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Messages", exact: true })).toBeVisible();
  expect(await axeViolations(page), "the empty filtered state").toEqual([]);
  await page.getByLabel("Show").selectOption("all");
  await expect(page.getByText("60 messages · 0 unread")).toBeVisible();
});

test("the message inbox keeps its search, order and page in the address", async ({ page }) => {
  await signIn(page);
  await open(page, `/admin/messages?q=${marker}&sort=oldest&page=2`, "Contact messages");
  await expect(page.getByText("Page 2 of 2")).toBeVisible();
  const cards = page.getByRole("article");
  await expect(cards).toHaveCount(10);
  await expect(cards.last()).toHaveAccessibleName("Message from Sender 59");
  await expect(page.getByRole("searchbox", { name: "Search messages" })).toHaveValue(marker);
  await expect(page.getByLabel("Sort")).toHaveValue("oldest");

  await page.getByRole("button", { name: "Previous page" }).click();
  await expect(page.getByText("Page 1 of 2")).toBeVisible();
  await expect(page).not.toHaveURL(/page=/);
  await expect(cards.first()).toHaveAccessibleName("Message from Sender 0");
  // Back returns to the page the reader came from.
  await page.goBack();
  await expect(page.getByText("Page 2 of 2")).toBeVisible();
});

test("the triage list searches, filters by severity and status, and stacks its rows on a phone", async ({ page, request }) => {
  const client = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.7`;
  const reportMarker = `triage${Date.now().toString(36)}`;
  for (const severity of ["Critical", "Low"]) {
    const created = await request.post("/api/security/reports", {
      headers: { "x-forwarded-for": client },
      multipart: validReportFields({ vulnerability_title: `${reportMarker} ${severity} issue`, severity }),
    });
    expect(created.status()).toBe(201);
  }
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page);
  await open(page, "/admin/reports", "Vulnerability Reports");
  await page.getByRole("searchbox", { name: "Search reports" }).fill(reportMarker);
  await page.getByRole("button", { name: "Search", exact: true }).click();
  const rows = page.getByRole("row").filter({ hasText: reportMarker });
  await expect(rows).toHaveCount(2);
  await page.getByLabel("Severity").selectOption("Critical");
  await expect(page).toHaveURL(/severity=Critical/);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("Critical");
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, "sideways scroll").toBeLessThanOrEqual(0);
  await expect(rows.first().getByRole("link")).toBeInViewport();
  expect(await axeViolations(page), "filtered list").toEqual([]);
  await page.getByLabel("Status").selectOption("triaged");
  await expect(page.getByText("No reports match.")).toBeVisible();
  expect(await axeViolations(page), "no matches").toEqual([]);
});

for (const viewport of viewports) {
  test.describe(`at ${viewport.name} width`, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      await signIn(page);
    });

    for (const [index, fixed] of [...adminPages, undefined, undefined].entries()) {
      const name = fixed?.path ?? (index === adminPages.length ? "the post editor in edit mode" : "one report's triage screen");
      test(`${name}: no sideways scroll, a visible focus on every stop, no axe violations`, async ({ page }) => {
        // Up to 200 stops, each measured in the page: a list the other tests filled is long.
        test.slow();
        const { path, heading } = fixed ?? extraPages[index - adminPages.length]!;
        await open(page, path, heading);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, "sideways scroll").toBeLessThanOrEqual(0);
        const report = await tabThrough(page);
        expect(report.stops.length, "focus stops").toBeGreaterThan(3);
        expect(report.problems).toEqual([]);
        expect(await axeViolations(page)).toEqual([]);
      });
    }
  });
}
