import { readFileSync } from "node:fs";
import path from "node:path";
import type { Browser, BrowserContext, Page } from "@playwright/test";
import { generate } from "otplib";
import { startBuiltServer, type BuiltServer } from "../helpers/built-server";
import { withDatabase } from "./blog-data";
import { expect as baseExpect, test as base } from "./fixtures";

// Everything here changes how the whole site signs in (a second factor, sessions ended
// everywhere, a new password, a tripped site-wide limit): each test has a server of its own.
const test = base.extend<{ server: BuiltServer }>({
  server: async ({ context }, provide) => {
    const server = await startBuiltServer({ env: { TRUST_PROXY: "loopback" } });
    await provide(server);
    await context.close();
    await server.stop();
  },
});
// One after another in one worker: each starts a server and hashes many passwords.
test.describe.configure({ mode: "default", timeout: 180_000 });
test.use({ allowedConsoleErrors: [/status of (400|401|409|429)/] });

const RANGE = "198.51.100";

/**
 * Every sign-in, password check and password change here hashes a password on purpose slowly
 * (scrypt): with the other tests running beside it, one took 4 s of the default 5 s wait.
 */
const expect = baseExpect.configure({ timeout: 15_000 });

function toast(page: Page, text: string) {
  return page.locator("[data-sonner-toast]").filter({ hasText: text }).last();
}

/** A browser of its own, coming from its own address. */
async function newBrowser(browser: Browser, address: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ extraHTTPHeaders: { "x-forwarded-for": address } });
  return { context, page: await context.newPage() };
}

/** Signs in through the login screen with the password; answers once the admin shows or the code is asked. */
async function enterPassword(page: Page, server: BuiltServer, password = server.adminPassword) {
  await page.goto(`${server.url}/admin/login`);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
}

async function enterCode(page: Page, code: string) {
  await page.getByLabel("Authentication code").fill(code);
  await page.getByRole("button", { name: "Verify", exact: true }).click();
}

/** Makes every session of the server's database look opened this long ago. */
function ageSessions(server: BuiltServer, ms: number) {
  const openedAt = new Date(Date.now() - ms).toISOString();
  return withDatabase(server.dataDir, (db) => db.updateTable("admin_sessions").set({ created_at: openedAt }).execute());
}

const codeAt = (secret: string, offsetSteps = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSteps * 30 });

test("an authenticator is enrolled from its QR code's secret, asked for at sign-in, and removed again", async ({ page, server }) => {
  await enterPassword(page, server);
  await expect(page).toHaveURL(/\/admin\/blog$/);
  await page.getByRole("link", { name: "Account" }).click();
  await expect(page.getByRole("heading", { name: "Account", level: 1 })).toBeVisible();
  await expect(page.getByText("No authenticator yet")).toBeVisible();

  // Right after signing in, adding the first one takes one step (the sign-in stands for the
  // password for 10 minutes); a sign-in older than that is asked for the password: a wrong one is
  // named under its field, and what was typed stays (decision 170).
  const factors = page.getByRole("region", { name: "Authenticator apps" });
  await factors.getByLabel("Name of the authenticator").fill("Right after signing in");
  await expect(factors.getByLabel("Current password")).toHaveCount(0);
  await factors.getByRole("button", { name: "Add authenticator" }).click();
  await expect(page.getByRole("img", { name: "QR code for the authenticator app" })).toBeVisible();
  await page.reload();
  await factors.getByRole("button", { name: "Remove" }).click();
  await expect(page.getByText("No authenticator yet")).toBeVisible();
  await ageSessions(server, 11 * 60 * 1000);
  await factors.getByLabel("Name of the authenticator").fill("Work phone");
  await factors.getByRole("button", { name: "Add authenticator" }).click();
  await expect(factors.getByText("Enter your current password")).toBeVisible();
  await expect(factors.getByLabel("Current password")).toBeFocused();
  await factors.getByLabel("Current password").fill("not the password");
  await factors.getByRole("button", { name: "Add authenticator" }).click();
  await expect(factors.getByText("The current password is not right")).toBeVisible();
  await expect(factors.getByLabel("Current password")).toHaveAttribute("aria-invalid", "true");
  await expect(factors.getByLabel("Name of the authenticator")).toHaveValue("Work phone");
  await factors.getByLabel("Current password").fill(server.adminPassword);
  await factors.getByRole("button", { name: "Add authenticator" }).click();
  await expect(page.getByRole("img", { name: "QR code for the authenticator app" })).toBeVisible();
  const secret = (await page.getByTestId("factor-secret").textContent())!.trim();
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await page.getByLabel("Authentication code").fill(await codeAt(secret));
  await page.getByRole("button", { name: "Verify authenticator" }).click();
  await expect(page.getByText("Verified", { exact: true })).toBeVisible();
  const codes = await page.getByRole("list", { name: "Your recovery codes" }).getByRole("listitem").allTextContents();
  expect(codes).toHaveLength(10);
  await page.getByRole("button", { name: "Done" }).click();

  // Sign out, then in with the password and a code.
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
  await enterPassword(page, server);
  await expect(page.getByLabel("Authentication code")).toBeVisible();
  await enterCode(page, "000000");
  await expect(page.getByText("Invalid authentication code").first()).toBeVisible();
  await enterCode(page, await codeAt("JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP"));
  await expect(page.getByText("Invalid authentication code").first()).toBeVisible();
  // The code that verified the authenticator is spent: the next one works.
  const next = await codeAt(secret, 1);
  await enterCode(page, next);
  await expect(page).toHaveURL(/\/admin\/blog$/);
  await expect(page.getByRole("heading", { name: "Blog Admin", exact: true })).toBeVisible();

  // The same code a second time is refused.
  await page.getByRole("button", { name: "Logout" }).click();
  await enterPassword(page, server);
  await enterCode(page, next);
  await expect(page.getByText("Invalid authentication code").first()).toBeVisible();

  // A recovery code works once.
  await enterCode(page, codes[0]!);
  await expect(page).toHaveURL(/\/admin\/blog$/);
  await page.getByRole("button", { name: "Logout" }).click();
  await enterPassword(page, server);
  await enterCode(page, codes[0]!);
  await expect(page.getByText("Invalid authentication code").first()).toBeVisible();
  await enterCode(page, codes[1]!);
  await expect(page).toHaveURL(/\/admin\/blog$/);

  // Another one needs a code now; the last one goes with a recovery code (or its own current
  // code), and that brings password-only sign-in back.
  await page.getByRole("link", { name: "Account" }).click();
  await factors.getByLabel("Name of the authenticator").fill("Spare");
  await expect(factors.getByLabel("Current password")).toHaveCount(0);
  await factors.getByLabel("Code from a verified authenticator, or a recovery code").fill("000000");
  await factors.getByRole("button", { name: "Add authenticator" }).click();
  await expect(factors.getByText("Invalid authentication code")).toBeVisible();
  await expect(factors.getByLabel("Code from a verified authenticator, or a recovery code")).toHaveValue("000000");
  await page.getByLabel("Code to remove Work phone").fill("000000");
  await page.getByRole("button", { name: "Remove" }).click();
  await expect(factors.getByText("Invalid authentication code").last()).toBeVisible();
  await expect(page.getByLabel("Code to remove Work phone")).toHaveValue("000000");
  await page.getByLabel("Code to remove Work phone").fill(codes[2]!);
  await page.getByRole("button", { name: "Remove" }).click();
  await expect(page.getByText("No authenticator yet")).toBeVisible();
  await page.getByRole("button", { name: "Logout" }).click();
  await enterPassword(page, server);
  await expect(page).toHaveURL(/\/admin\/blog$/);

  // The audit trail has each step, and never a secret.
  await page.getByRole("link", { name: "Audit trail" }).click();
  const trail = page.getByRole("table");
  for (const action of ["Authenticator added", "Authenticator verified", "Recovery codes generated", "Wrong authentication code", "Recovery code used", "Authenticator removed", "Signed in", "Signed out", "Wrong password for an account change", "Wrong code for an account change"]) {
    await expect(trail.getByRole("cell", { name: action, exact: true }).first()).toBeVisible();
  }
  await expect(page.getByText(secret)).toHaveCount(0);
  await page.getByLabel("Action").selectOption({ label: "Wrong authentication code" });
  await expect(trail.getByRole("cell", { name: "Signed in", exact: true })).toHaveCount(0);
  await expect(trail.getByRole("cell", { name: "Wrong authentication code", exact: true })).toHaveCount(4);
});

test("sessions on two browsers: one lists both and signs out the other, then all of them", async ({ page, browser, server }) => {
  await page.setExtraHTTPHeaders({ "x-forwarded-for": `${RANGE}.101` });
  await enterPassword(page, server);
  await expect(page).toHaveURL(/\/admin\/blog$/);
  const second = await newBrowser(browser, `${RANGE}.102`);
  await enterPassword(second.page, server);
  await expect(second.page).toHaveURL(/\/admin\/blog$/);

  await page.getByRole("link", { name: "Account" }).click();
  const rows = page.getByRole("region", { name: "Signed-in sessions" }).getByRole("row");
  await expect(rows).toHaveCount(3);
  await expect(rows.filter({ hasText: "This session" })).toContainText(`${RANGE}.101`);
  await expect(rows.filter({ hasText: `${RANGE}.102` })).toContainText("Chrome");

  await page.getByRole("button", { name: "Sign out other sessions" }).click();
  await expect(toast(page, "Other sessions were signed out.")).toBeVisible();
  await expect(rows).toHaveCount(2);
  await second.page.goto(`${server.url}/admin/messages`);
  await expect(second.page).toHaveURL(/\/admin\/login$/);

  // Signed in again there; "all sessions" ends both.
  await enterPassword(second.page, server);
  await expect(second.page).toHaveURL(/\/admin\/blog$/);
  await page.reload();
  await expect(rows).toHaveCount(3);
  await page.getByRole("button", { name: "Sign out all sessions" }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
  await second.page.goto(`${server.url}/admin/messages`);
  await expect(second.page).toHaveURL(/\/admin\/login$/);
  await second.context.close();
});

test("the password is changed in the admin: the old one fails, other sessions and preview links end, the trail shows it", async ({ page, browser }) => {
  // No ADMIN_PASSWORD: the first start writes the generated one to a file.
  const server = await startBuiltServer({ env: { TRUST_PROXY: "loopback", ADMIN_PASSWORD: "" } });
  try {
    const first = readFileSync(path.join(server.dataDir, "admin-password.txt"), "utf8").trim();
    await enterPassword(page, server, first);
    await expect(page).toHaveURL(/\/admin\/blog$/);
    const token = await page.evaluate(() => window.localStorage.getItem("blog_admin_token"));
    const auth = { authorization: `Bearer ${token}` };
    const created = await page.request.post(`${server.url}/api/admin/posts`, { headers: auth, data: { title: "Draft", slug: "draft", content: "<p>Soon</p>" } });
    const post = (await created.json()) as { id: string };
    const link = await page.request.post(`${server.url}/api/admin/posts/${post.id}/preview-links`, { headers: auth, data: { purpose: "share" } });
    const previewUrl = `${server.url}${((await link.json()) as { path: string }).path}`;
    expect((await page.request.get(previewUrl)).status()).toBe(200);
    const other = await newBrowser(browser, `${RANGE}.111`);
    await enterPassword(other.page, server, first);
    await expect(other.page).toHaveURL(/\/admin\/blog$/);

    await page.getByRole("link", { name: "Account" }).click();
    const form = page.getByRole("region", { name: "Change password" });
    await form.getByLabel("Current password").fill(first);
    await form.getByLabel("New password", { exact: true }).fill("password12345");
    await form.getByLabel("New password again").fill("password12345");
    await form.getByRole("button", { name: "Change password" }).click();
    await expect(form.getByText("This password is one of the most common passwords: choose another")).toBeVisible();
    const fresh = "violet-harbour-engine-92";
    await form.getByLabel("New password", { exact: true }).fill(fresh);
    await form.getByLabel("New password again").fill(fresh);
    await form.getByRole("button", { name: "Change password" }).click();
    await expect(toast(page, "Password changed.")).toBeVisible();

    expect((await page.request.post(`${server.url}/api/admin/login`, { data: { password: first } })).status()).toBe(401);
    expect((await page.request.post(`${server.url}/api/admin/login`, { data: { password: fresh } })).status()).toBe(200);
    expect((await page.request.get(previewUrl)).status()).toBe(404);
    await other.page.goto(`${server.url}/admin/messages`);
    await expect(other.page).toHaveURL(/\/admin\/login$/);
    await other.context.close();

    // This session goes on; the trail shows the steps.
    await page.getByRole("link", { name: "Audit trail" }).click();
    const trail = page.getByRole("table");
    for (const action of ["Password changed", "Post created", "Signed in", "Wrong password"]) {
      await expect(trail.getByRole("cell", { name: action, exact: true }).first()).toBeVisible();
    }
  } finally {
    // The page first: open on a stopped server, it may still ask for the routes of its links
    // (React Router's manifest patches), and the refused fetch is a console error.
    await page.close();
    await server.stop();
  }
});

test("with ADMIN_PASSWORD set, the password change is refused and says why", async ({ page, server }) => {
  await enterPassword(page, server);
  await page.getByRole("link", { name: "Account" }).click();
  // No form that looks usable: a sentence says where the password is set (issue 34, decision 192).
  const section = page.getByRole("region", { name: "Change password" });
  await expect(section).toContainText("The password is set by the server's configuration (ADMIN_PASSWORD)");
  await expect(section.getByLabel("Current password")).toHaveCount(0);
  await expect(section.getByRole("button", { name: "Change password" })).toHaveCount(0);
  // The door refuses it too.
  const token = await page.evaluate(() => window.localStorage.getItem("blog_admin_token"));
  const refused = await page.request.post(`${server.url}/api/admin/password`, {
    headers: { authorization: `Bearer ${token}` },
    data: { current_password: server.adminPassword, new_password: "violet-harbour-engine-92" },
  });
  expect(refused.status()).toBe(409);
  expect(((await refused.json()) as { error: string }).error).toContain("ADMIN_PASSWORD");
  expect((await page.request.post(`${server.url}/api/admin/login`, { data: { password: server.adminPassword } })).status()).toBe(200);
});

test("a flood of wrong passwords from many addresses trips the site-wide limit, but not for a browser that signed in before", async ({ page, browser, playwright, server }) => {
  // About a hundred 128 MiB password hashes on two shared cores: room beyond the file's three minutes.
  test.setTimeout(300_000);
  // This browser signed in before: it carries a device token.
  await page.setExtraHTTPHeaders({ "x-forwarded-for": `${RANGE}.120` });
  await enterPassword(page, server);
  await expect(page).toHaveURL(/\/admin\/blog$/);
  await page.getByRole("button", { name: "Logout" }).click();

  // The flood: nine wrong guesses from each of many addresses, until a fresh address is refused.
  const attacker = await playwright.request.newContext();
  let tripped = false;
  for (let address = 1; address <= 15 && !tripped; address += 1) {
    // Three at a time: each wrong guess is a 128 MiB scrypt hash on the server.
    for (let batch = 0; batch < 3 && !tripped; batch += 1) {
      const guesses = Array.from({ length: 3 }, (_, guess) =>
        attacker.post(`${server.url}/api/admin/login`, {
          headers: { "x-forwarded-for": `${RANGE}.${130 + address}` },
          data: { password: `wrong guess ${batch * 3 + guess}` },
        }),
      );
      tripped = (await Promise.all(guesses)).some((response) => response.status() === 429);
    }
  }
  expect(tripped).toBe(true);
  const fresh = await attacker.post(`${server.url}/api/admin/login`, { headers: { "x-forwarded-for": `${RANGE}.180` }, data: { password: server.adminPassword } });
  expect(fresh.status()).toBe(429);
  await attacker.dispose();

  // The browser that signed in before gets in.
  await enterPassword(page, server);
  await expect(page).toHaveURL(/\/admin\/blog$/);

  // A new browser is still held by the limit, right password or not.
  const stranger = await newBrowser(browser, `${RANGE}.181`);
  await enterPassword(stranger.page, server);
  await expect(stranger.page.getByText("Too many failed login attempts").first()).toBeVisible();
  await expect(stranger.page).toHaveURL(/\/admin\/login$/);
  await stranger.context.close();
});
