import type { Page } from "@playwright/test";
import { freePort, startBuiltServer, type BuiltServer } from "../helpers/built-server";
import { axeViolations } from "../helpers/axe";
import { expect as baseExpect, test as base } from "./fixtures";

// WebAuthn needs a relying party named by a host, never an IP address: this server's SITE_URL
// (and so every page here) is http://localhost, unlike the shared server's 127.0.0.1.
const test = base.extend<{ server: BuiltServer }>({
  server: async ({ context }, provide) => {
    const port = await freePort();
    const started = await startBuiltServer({ port, env: { SITE_URL: `http://localhost:${port}` } });
    await provide({ ...started, url: `http://localhost:${port}` });
    await context.close();
    await started.stop();
  },
});
test.describe.configure({ timeout: 120_000 });

// Password checks hash slowly on purpose (scrypt), beside the other tests.
const expect = baseExpect.configure({ timeout: 15_000 });

/** Chromium's virtual authenticator: a platform passkey store that verifies its user at once. */
async function addVirtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: { protocol: "ctap2", transport: "internal", hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
}

test("the owner adds a passkey on the account page, signs out and signs in with the passkey alone", async ({ page, server }) => {
  await addVirtualAuthenticator(page);
  await page.goto(`${server.url}/admin/login`);
  await page.getByLabel("Password", { exact: true }).fill(server.adminPassword);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/blog/);

  await page.goto(`${server.url}/admin/account`);
  const passkeys = page.getByRole("region", { name: "Passkeys" });
  await expect(passkeys.getByText("No passkey yet.")).toBeVisible();
  await passkeys.getByLabel("Name of the passkey").fill("This laptop");
  // Signed in a moment ago: that stands for the password (as adding an authenticator).
  await passkeys.getByRole("button", { name: "Add a passkey" }).click();
  await expect(passkeys.getByRole("listitem").filter({ hasText: "This laptop" })).toContainText("Never used");

  // Clean for axe, and no sideways scrolling on a phone.
  expect(await axeViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.getByRole("button", { name: "Sign out this session" }).click();
  await expect(page).toHaveURL(/\/admin\/login/);

  // Nothing typed: the passkey alone. The page's default controls stay the specification's: one Sign In button.
  await expect(page.getByRole("button", { name: "Sign In" })).toHaveCount(1);
  await page.getByRole("link", { name: "Sign in with a passkey" }).click();
  await page.getByRole("button", { name: "Use your passkey" }).click();
  await expect(page).toHaveURL(/\/admin\/blog/);

  await page.goto(`${server.url}/admin/account`);
  await expect(passkeys.getByRole("listitem").filter({ hasText: "This laptop" })).toContainText("Last used:");
  await expect(passkeys.getByRole("listitem").filter({ hasText: "This laptop" })).not.toContainText("Never used");
});
