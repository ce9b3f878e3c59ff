import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { ADMIN_TOKEN_STORAGE_KEY } from "../../domain/auth";
import { axeViolations } from "../helpers/axe";
import { waitForHydration } from "../helpers/hydration";
import { validReportFields } from "../helpers/sample-files";
import { apiToken, signIn, unique } from "./admin-session";
import { sharedDataDir, withDatabase } from "./blog-data";
import { expect, test } from "./fixtures";

/**
 * Reports assigned to a person of the team (docs/decisions/211): the owner invites a security
 * person and assigns them a report on its page; they find it under "Assigned to me" and may
 * read reports but not the blog; an editor may not read reports; the audit trail says who.
 */
test.use({ bypassCSP: true });

/** Invites a person through the API and takes the invitation as they would: their id, name and token. */
async function invite(request: APIRequestContext, owner: string, role: string, label: string) {
  const name = unique(label);
  const email = `${name.replace(/\W+/g, ".").toLowerCase()}@example.com`;
  const invited = await request.post("/api/admin/people", { headers: { authorization: `Bearer ${owner}` }, data: { email, name, role } });
  expect(invited.status()).toBe(201);
  const { id } = (await invited.json()) as { id: string };
  const text = await withDatabase(sharedDataDir(), async (db) => {
    const mail = await db.selectFrom("mail_outbox").select("text_body").where("to_address", "=", email).executeTakeFirstOrThrow();
    return mail.text_body;
  });
  const invitation = /\/admin\/invite\/([\w-]{43})/.exec(text)![1]!;
  const joined = await request.post(`/api/admin/invitations/${invitation}`, { data: { name, password: `${name}, a long password of their own` } });
  expect(joined.status()).toBe(200);
  return { id, name, token: ((await joined.json()) as { token: string }).token };
}

async function fileReport(request: APIRequestContext, title: string) {
  const created = await request.post("/api/security/reports", {
    headers: { "x-forwarded-for": "198.51.100.231" },
    multipart: validReportFields({ vulnerability_title: title }),
  });
  expect(created.status()).toBe(201);
  return (await created.json()) as { id: string; reference: string };
}

/** A browser signed in as someone with a token of their own. */
async function pageAs(browser: Browser, token: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto("/privacy");
  await page.evaluate(({ key, value }) => window.localStorage.setItem(key, value), { key: ADMIN_TOKEN_STORAGE_KEY, value: token });
  return page;
}

test("the owner assigns a report to a security person, who finds it under Assigned to me and may not open the blog", async ({ page, request, browser }) => {
  test.slow();
  const owner = await apiToken(request);
  const priya = await invite(request, owner, "security", "Priya");
  const eddie = await invite(request, owner, "editor", "Eddie");
  const title = unique("Assigned finding");
  const report = await fileReport(request, title);

  // Reports are the security team's; the blog is not theirs, and reports are not an editor's.
  expect((await request.get("/api/admin/posts", { headers: { authorization: `Bearer ${priya.token}` } })).status()).toBe(403);
  expect((await request.get("/api/admin/security/reports", { headers: { authorization: `Bearer ${eddie.token}` } })).status()).toBe(403);

  await signIn(page);
  await page.goto(`/admin/reports/${report.id}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  const assignee = page.getByLabel("Assignee");
  await expect(assignee).toHaveValue("");
  await expect(assignee.locator("option").first()).toHaveText("Unassigned");
  await assignee.selectOption({ label: `${priya.name} (Security)` });
  // Choosing saves nothing: the button does.
  await expect(page.getByRole("status").filter({ hasText: /Assigned to/ })).toHaveCount(0);
  await page.getByRole("button", { name: "Save assignee" }).click();
  await expect(page.getByRole("status").filter({ hasText: `Assigned to ${priya.name}` })).toBeVisible();
  const timeline = page.getByRole("listitem").filter({ hasText: `Assigned to ${priya.name}` });
  await expect(timeline).toContainText("by Owner (Owner)");
  expect(await axeViolations(page), "report page with an assignee").toEqual([]);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByLabel("Assignee")).toHaveValue(priya.id);
  expect(await page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth), "no sideways scroll at 390 px").toBe(false);
  expect(await axeViolations(page), "report page at 390 px").toEqual([]);

  // Priya's inbox: the report under "Assigned to me", with her name on it.
  const theirs = await pageAs(browser, priya.token);
  await theirs.goto("/admin/reports");
  await expect(theirs.getByRole("heading", { level: 1, name: "Vulnerability Reports" })).toBeVisible();
  const mine = theirs.getByLabel("Assigned to me");
  await waitForHydration(mine);
  await mine.check();
  await expect(theirs).toHaveURL(/assigned=me/);
  const row = theirs.getByRole("row").filter({ hasText: title });
  await expect(row).toBeVisible();
  await expect(row).toContainText(`Assigned to ${priya.name}`);
  await expect(theirs.getByRole("row")).toHaveCount(2);
  expect(await axeViolations(theirs), "inbox assigned to me").toEqual([]);
  await theirs.context().close();
});

test("the audit trail says who did each step and filters by person", async ({ page, request }) => {
  const owner = await apiToken(request);
  const sam = await invite(request, owner, "security", "Sam");
  const report = await fileReport(request, unique("Audited finding"));
  const patched = await request.patch(`/api/admin/security/reports/${report.id}`, {
    headers: { authorization: `Bearer ${sam.token}` },
    data: { assignee_id: sam.id, status: "triaged" },
  });
  expect(patched.status()).toBe(200);

  await signIn(page);
  await page.goto("/admin/audit");
  const trail = page.getByRole("table");
  await expect(trail.getByRole("columnheader", { name: "Who" })).toBeAttached();
  await expect(trail.getByRole("row").filter({ hasText: report.reference }).first()).toContainText(`${sam.name} (Security)`);

  await page.getByLabel("Person").selectOption({ label: `${sam.name} (Security)` });
  await expect(page).toHaveURL(new RegExp(`actor=${sam.id}`));
  await expect(trail.getByRole("cell", { name: "Report assigned", exact: true })).toHaveCount(1);
  await expect(trail.getByRole("cell", { name: "Invitation taken", exact: true })).toHaveCount(1);
  const rows = trail.locator("tbody tr");
  for (const text of await rows.allTextContents()) expect(text).toContain(`${sam.name} (Security)`);
  expect(await axeViolations(page), "audit trail by person").toEqual([]);
});
