import type { Page } from "@playwright/test";
import { generate } from "otplib";
import { axeViolations } from "../helpers/axe";
import { startBuiltServer, type BuiltServer } from "../helpers/built-server";
import { validReportFields } from "../helpers/sample-files";
import { apiToken, signIn, unique } from "./admin-session";
import { expect, test as base } from "./fixtures";

// Issue 34, the admin's part (decisions 191 and 192): an enrolment that survives a reload,
// disabled buttons that say why, and an audit trail people can read, also at 390 px.

const test = base.extend<{ server: BuiltServer }>({
  server: async ({ context }, provide) => {
    const server = await startBuiltServer({ env: { TRUST_PROXY: "loopback" } });
    await provide(server);
    await context.close();
    await server.stop();
  },
});
test.describe.configure({ mode: "default", timeout: 180_000 });
test.use({ bypassCSP: true, allowedConsoleErrors: [/status of (400|401|404|409|429)/] });

const PHONE = { width: 390, height: 844 };
const admin = (server: BuiltServer) => ({ url: server.url, password: server.adminPassword });

async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

test("an authenticator added, the page reloaded, enrolment finished; disabled buttons say why; the other sessions may end", async ({ page, browser, server }) => {
  const other = await browser.newContext();
  await signIn(await other.newPage(), admin(server));
  await signIn(page, admin(server));
  await page.goto(`${server.url}/admin/account`);
  const factors = page.getByRole("region", { name: "Authenticator apps" });

  // A disabled button looks disabled and is announced with its reason.
  const add = factors.getByRole("button", { name: "Add authenticator" });
  await expect(add).toBeDisabled();
  await expect(add).toHaveAccessibleDescription("Give the authenticator a name first.");
  await expect(add).toHaveCSS("cursor", "not-allowed");
  // ADMIN_PASSWORD sets the password here: a sentence says so instead of a form that looks usable.
  await expect(page.getByRole("region", { name: "Change password" })).toContainText("set by the server's configuration");

  // Added, then lost to a reload: the same session shows the QR code and the secret again.
  await factors.getByLabel("Name of the authenticator").fill("Pocket phone");
  await expect(add).toBeEnabled();
  await expect(add).not.toHaveAttribute("aria-describedby");
  await add.click();
  await expect(page.getByRole("img", { name: "QR code for the authenticator app" })).toBeVisible();
  const secret = (await page.getByTestId("factor-secret").textContent())!.trim();
  await page.reload();
  await expect(page.getByRole("img", { name: "QR code for the authenticator app" })).toHaveCount(0);
  await expect(factors.getByText("Not verified yet: it cannot sign in, so it is removed without a code.")).toBeVisible();
  await factors.getByRole("button", { name: "Show the QR code again" }).click();
  await expect(page.getByRole("img", { name: "QR code for the authenticator app" })).toBeVisible();
  // The secret in groups of four, with a copy button; the verify field is the only code field.
  const groups = await page.getByTestId("factor-secret").locator("span").allTextContents();
  expect(groups.join("")).toBe(secret);
  expect(groups.every((group) => group.length === 4)).toBe(true);
  await expect(factors.getByRole("button", { name: "Copy secret" })).toBeVisible();
  await expect(page.getByRole("textbox", { name: /code/i })).toHaveCount(1);
  const verify = page.getByRole("button", { name: "Verify authenticator" });
  await expect(verify).toBeDisabled();
  await expect(verify).toHaveAccessibleDescription("Enter the code your authenticator app shows first.");
  expect(await axeViolations(page), "enrolment shown again").toEqual([]);

  await page.getByLabel("Authentication code").fill(await generate({ secret }));
  await verify.click();
  await expect(page.getByText("Verified", { exact: true })).toBeVisible();
  await expect(page.getByRole("list", { name: "Your recovery codes" }).getByRole("listitem")).toHaveCount(10);

  // The first verified factor: the sessions opened with the password alone may end now.
  const sessions = page.getByRole("region", { name: "Signed-in sessions" }).getByRole("row");
  await expect(sessions).toHaveCount(3);
  const offer = page.getByRole("region", { name: "End the other sessions?" });
  await expect(offer).toBeVisible();
  await offer.getByRole("button", { name: "End the other sessions" }).click();
  await expect(offer).toHaveCount(0);
  await expect(sessions).toHaveCount(2);
  expect(await axeViolations(page), "after verification").toEqual([]);

  await page.setViewportSize(PHONE);
  await page.reload();
  await expect(page.getByRole("heading", { name: "Signed-in sessions" })).toBeVisible();
  expect(await horizontalOverflow(page), "no horizontal scroll at 390 px").toBeLessThanOrEqual(0);
  expect(await axeViolations(page), "account at 390 px").toEqual([]);
  await other.close();
});

test("an unverified authenticator is removed from another session without a code", async ({ page, browser, server }) => {
  const token = await apiToken(page.request, admin(server));
  const created = await page.request.post(`${server.url}/api/admin/factors`, { headers: { authorization: `Bearer ${token}` }, data: { friendly_name: "Lost tablet" } });
  expect(created.status()).toBe(201);

  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await signIn(otherPage, admin(server));
  await otherPage.goto(`${server.url}/admin/account`);
  const factors = otherPage.getByRole("region", { name: "Authenticator apps" });
  await expect(factors.getByText("Lost tablet")).toBeVisible();
  await expect(factors.getByRole("textbox")).toHaveCount(1); // the name of a new one only
  // Not the session that added it: the QR code is not shown again, and says what to do.
  await factors.getByRole("button", { name: "Show the QR code again" }).click();
  await expect(factors.getByText("This authenticator's QR code can no longer be shown: remove it and add it again")).toBeVisible();
  await factors.getByRole("button", { name: "Remove" }).click();
  await expect(factors.getByText("No authenticator yet: signing in needs the password only.")).toBeVisible();
  await other.close();
});

test("the audit trail names posts by title and reports by reference, links them, shows the new events and reads at 390 px", async ({ page, server }) => {
  const token = await signIn(page, admin(server));
  const headers = { authorization: `Bearer ${token}` };
  const title = unique("Spring launch");
  const post = (await (await page.request.post(`${server.url}/api/admin/posts`, { headers, data: { title, slug: title.toLowerCase().replace(/\W+/g, "-"), content: "<p>Soon</p>" } })).json()) as { id: string };
  const later = new Date(Date.now() + 3 * 24 * 60 * 60 * 1000).toISOString();
  expect((await page.request.patch(`${server.url}/api/admin/posts/${post.id}`, { headers, data: { published: true, publish_at: later } })).status()).toBe(200);
  expect((await page.request.patch(`${server.url}/api/admin/posts/${post.id}`, { headers, data: { published: false, publish_at: null } })).status()).toBe(200);
  const link = (await (await page.request.post(`${server.url}/api/admin/posts/${post.id}/preview-links`, { headers, data: { purpose: "share" } })).json()) as { id: string };
  expect((await page.request.delete(`${server.url}/api/admin/posts/${post.id}/preview-links/${link.id}`, { headers })).status()).toBe(204);

  const report = (await (await page.request.post(`${server.url}/api/security/reports`, { multipart: validReportFields() })).json()) as { id: string; reference: string };
  const reports = `${server.url}/api/admin/security/reports/${report.id}`;
  expect((await page.request.patch(reports, { headers, data: { status: "needs_more_info" } })).status()).toBe(200);
  expect((await page.request.patch(reports, { headers, data: { assessed_severity: "High" } })).status()).toBe(200);
  expect((await page.request.post(`${reports}/messages`, { headers, data: { body: "Which request did you send?" } })).status()).toBe(201);
  // Two wrong codes at an account door: second-factor failures read as people say them.
  const factor = (await (await page.request.post(`${server.url}/api/admin/factors`, { headers, data: { friendly_name: "Desk key" } })).json()) as { id: string };
  expect((await page.request.post(`${server.url}/api/admin/factors/${factor.id}/verify`, { headers, data: { code: "000000" } })).status()).toBe(400);

  await page.goto(`${server.url}/admin/audit`);
  const trail = page.getByRole("table");
  for (const action of ["Post scheduled", "Post unscheduled", "Preview link made", "Preview link revoked", "Report status changed", "Report assessed", "Message sent to the reporter", "Wrong code for an account change"]) {
    await expect(trail.getByRole("cell", { name: action, exact: true }).first()).toBeVisible();
  }
  await expect(trail.getByRole("link", { name: title }).first()).toHaveAttribute("href", `/admin/blog/edit/${post.id}`);
  await expect(trail.getByRole("link", { name: report.reference }).first()).toHaveAttribute("href", `/admin/reports/${report.id}`);
  await expect(trail.getByRole("row").filter({ hasText: "Report status changed" }).first()).toContainText("Needs more information");
  await expect(trail.getByRole("row").filter({ hasText: "Report assessed" }).first()).toContainText("Severity: High");
  await expect(trail.getByRole("row").filter({ hasText: "Wrong code for an account change" }).first()).toContainText("Verifying “Desk key”");
  await expect(page.getByText(report.id)).toHaveCount(0);
  await expect(page.getByText("::ffff:")).toHaveCount(0);
  await expect(page.getByText(/^Times are in your time zone, /)).toBeVisible();
  expect(await axeViolations(page), "audit trail").toEqual([]);

  // Filtered by kind of event, then by date.
  await page.getByLabel("Kind of event").selectOption({ label: "Security reports" });
  await expect(page).toHaveURL(/kind=reports/);
  await expect(trail.getByRole("cell", { name: "Post scheduled", exact: true })).toHaveCount(0);
  await expect(trail.getByRole("cell", { name: "Report assessed", exact: true })).toHaveCount(1);
  await page.getByLabel("To").fill("2020-01-01");
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page.getByText("Nothing recorded yet.")).toBeVisible();

  // The link opens the post's editor.
  await page.goto(`${server.url}/admin/audit?kind=posts`);
  await page.getByRole("table").getByRole("link", { name: title }).first().click();
  await expect(page).toHaveURL(new RegExp(`/admin/blog/edit/${post.id}$`));

  // At 390 px each event is a block of labelled lines: nothing scrolls sideways.
  await page.setViewportSize(PHONE);
  await page.goto(`${server.url}/admin/audit`);
  await expect(page.getByRole("table").getByRole("link", { name: report.reference }).first()).toBeVisible();
  expect(await horizontalOverflow(page), "no horizontal scroll at 390 px").toBeLessThanOrEqual(0);
  const row = await page.getByRole("table").getByRole("row").filter({ hasText: "Report assessed" }).first().boundingBox();
  expect(row!.width).toBeLessThanOrEqual(PHONE.width);
  expect(await axeViolations(page), "audit trail at 390 px").toEqual([]);
});
