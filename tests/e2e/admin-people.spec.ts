import type { Browser, Page } from "@playwright/test";
import { axeViolations } from "../helpers/axe";
import { startBuiltServer, type BuiltServer } from "../helpers/built-server";
import { startSmtpServer, type TestSmtpServer } from "../helpers/smtp-server";
import { apiToken, signIn } from "./admin-session";
import { expect, test as base } from "./fixtures";

// Issue 42 (decision 208): the team signs in as themselves. The owner invites people from the
// People screen, each takes the emailed link, signs in with their address, and sees only the
// screens of their role; removing a person ends their session at once.

const test = base.extend<{ site: BuiltServer & { smtp: TestSmtpServer } }>({
  site: async ({ context }, provide) => {
    const smtp = await startSmtpServer();
    const server = await startBuiltServer({ env: { SMTP_URL: smtp.url, TRUST_PROXY: "loopback" } });
    await provide({ ...server, smtp });
    await context.close();
    await server.stop();
    await smtp.close();
  },
});
test.describe.configure({ mode: "default", timeout: 180_000 });
test.use({ allowedConsoleErrors: [/status of (400|401|403|404|409)/] });

const PHONE = { width: 390, height: 844 };

async function invitationLink(smtp: TestSmtpServer, address: string): Promise<string> {
  const found = () => smtp.received.find((email) => email.rcptTo.includes(address) && email.headers.subject?.includes("you are invited"));
  await expect.poll(found, { timeout: 15_000 }).toBeTruthy();
  return /https?:\/\/\S+\/admin\/invite\/[\w-]{43}/.exec(found()!.text)![0];
}

async function invite(page: Page, email: string, name: string, role: string) {
  const form = page.getByRole("form", { name: "Invite someone" });
  await form.getByLabel("Email address").fill(email);
  await form.getByLabel("Name").fill(name);
  await form.getByLabel("Role").selectOption({ label: role });
  await form.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByRole("status").filter({ hasText: `Invitation sent to ${email}` })).toBeVisible();
}

/** Takes an invitation in a browser of its own; answers the page, signed in. */
async function join(browser: Browser, link: string, password: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Join the team" })).toBeVisible();
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Join and sign in" }).click();
  return page;
}

async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

test("the owner invites an editor and a security person; each joins, signs in with their address and sees only their screens", async ({ page, browser, site }) => {
  await signIn(page, { url: site.url, password: site.adminPassword });
  await page.goto(`${site.url}/admin/people`);
  await expect(page.getByRole("heading", { level: 1, name: "People" })).toBeVisible();

  // A refusal keeps what was typed and names the field.
  const form = page.getByRole("form", { name: "Invite someone" });
  await form.getByLabel("Email address").fill("not an address");
  await form.getByLabel("Name").fill("Priya");
  await form.getByRole("button", { name: "Send invitation" }).click();
  await expect(form.getByText("Enter a valid email address")).toBeVisible();
  await expect(form.getByLabel("Name")).toHaveValue("Priya");

  await invite(page, "priya@example.com", "Priya", "Editor");
  await invite(page, "sam@example.com", "Sam", "Security");
  const table = page.getByRole("table");
  await expect(table.getByRole("row").filter({ hasText: "priya@example.com" })).toContainText("Invited");
  expect(await axeViolations(page)).toEqual([]);
  await page.setViewportSize(PHONE);
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

  // The editor takes the emailed link and lands on the posts; no Reports, no People in the bar.
  const priyaLink = await invitationLink(site.smtp, "priya@example.com");
  const priya = await join(browser, priyaLink, "priya's own long password");
  await expect(priya.getByRole("heading", { name: "Blog Admin", exact: true })).toBeVisible();
  const bar = priya.getByRole("navigation", { name: "Admin" });
  await expect(bar.getByRole("link", { name: "Posts" })).toBeVisible();
  await expect(bar.getByRole("link", { name: /^Reports/ })).toHaveCount(0);
  await expect(bar.getByRole("link", { name: "People" })).toHaveCount(0);
  const editorToken = await priya.evaluate(() => window.localStorage.getItem("blog_admin_token"));
  const reports = await priya.request.get(`${site.url}/api/admin/security/reports`, { headers: { authorization: `Bearer ${editorToken}` } });
  expect(reports.status()).toBe(403);
  expect(await reports.json()).toEqual({ error: "The Editor role may not read vulnerability reports." });
  // Typed straight in, a screen of another role says so.
  await priya.goto(`${site.url}/admin/reports`);
  await expect(priya.getByRole("heading", { name: "Not part of your role" })).toBeVisible();

  // The invitation link works once.
  const used = await (await browser.newContext()).newPage();
  await used.goto(priyaLink);
  await expect(used.getByText("This invitation has expired, was used, or was withdrawn. Ask for a new one.")).toBeVisible();
  expect(await axeViolations(used)).toEqual([]);

  // The security person joins at phone width, lands on the reports and sees nothing of the blog.
  const samLink = await invitationLink(site.smtp, "sam@example.com");
  const samContext = await browser.newContext({ viewport: PHONE });
  const samInvite = await samContext.newPage();
  await samInvite.goto(samLink);
  await expect(samInvite.getByRole("heading", { name: "Join the team" })).toBeVisible();
  expect(await axeViolations(samInvite)).toEqual([]);
  expect(await horizontalOverflow(samInvite)).toBeLessThanOrEqual(0);
  await samInvite.getByLabel("Password", { exact: true }).fill("short");
  await samInvite.getByRole("button", { name: "Join and sign in" }).click();
  await expect(samInvite.getByText("The new password must be at least 12 characters long")).toBeVisible();
  await samInvite.getByLabel("Password", { exact: true }).fill("sam's own long password");
  await samInvite.getByRole("button", { name: "Join and sign in" }).click();
  await expect(samInvite.getByRole("heading", { level: 1, name: "Vulnerability Reports" })).toBeVisible();
  const samBar = samInvite.getByRole("navigation", { name: "Admin" });
  await expect(samBar.getByRole("link", { name: /^Reports/ })).toBeVisible();
  await expect(samBar.getByRole("link", { name: "Posts" })).toHaveCount(0);

  // Sam signs out and in again with "Sign in with email"; the account page is his own.
  await samInvite.evaluate(() => window.localStorage.clear());
  await samInvite.goto(`${site.url}/admin/login`);
  await expect(samInvite.getByLabel("Email address")).toHaveCount(0);
  await expect(samInvite.getByRole("button", { name: "Sign In" })).toHaveCount(1);
  await samInvite.getByRole("link", { name: "Sign in with email" }).click();
  await samInvite.getByLabel("Email address").fill("sam@example.com");
  await samInvite.getByLabel("Password", { exact: true }).fill("sam's own long password");
  await samInvite.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(samInvite.getByRole("heading", { level: 1, name: "Vulnerability Reports" })).toBeVisible();
  await samInvite.goto(`${site.url}/admin/account`);
  await expect(samInvite.getByRole("heading", { level: 1 })).toBeVisible();
  expect(await axeViolations(samInvite)).toEqual([]);
  expect(await horizontalOverflow(samInvite)).toBeLessThanOrEqual(0);

  // The owner removes Priya: her next request is refused and she is back at the sign-in page.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.reload();
  const row = page.getByRole("row").filter({ hasText: "priya@example.com" });
  await row.getByRole("button", { name: "Remove Priya" }).click();
  await row.getByRole("button", { name: "Remove Priya" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Priya was removed from the team" })).toBeVisible();
  await priya.goto(`${site.url}/admin/blog`);
  await expect(priya).toHaveURL(/\/admin\/login$/);

  // The audit trail names who did what.
  const owner = await apiToken(page.request, { url: site.url, password: site.adminPassword });
  const trail = (await (await page.request.get(`${site.url}/api/admin/audit`, { headers: { authorization: `Bearer ${owner}` } })).json()) as {
    items: { action: string; actor: { name: string; role: string } | null }[];
  };
  const joined = trail.items.filter((item) => item.action === "person.joined").map((item) => item.actor?.name);
  expect(joined.sort()).toEqual(["Priya", "Sam"]);
  expect(trail.items.find((item) => item.action === "person.removed")?.actor).toMatchObject({ name: "Owner", role: "owner" });
});
