import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { ADMIN_TOKEN_STORAGE_KEY } from "../../domain/auth";
import { apiToken, unique } from "./admin-session";
import { sharedDataDir, withDatabase } from "./blog-data";
import { expect, test } from "./fixtures";

// Issue "The team signs in as themselves", review requests (docs/decisions/210): a contributor
// submits a draft, an editor sends it back with a note, the contributor revises and resubmits,
// the editor publishes; the audit trail names each of them.
test.describe.configure({ timeout: 120_000 });
const WAIT = { timeout: 20_000 };

type Audit = { items: { action: string; target_id: string | null; actor: { id: string; name: string; role: string } | null }[] };

/** Invites a person as the owner, takes the invitation from the outbox and answers their token. */
async function joinTeam(request: APIRequestContext, owner: string, name: string, role: string) {
  const email = `${name.toLowerCase()}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
  const invited = await request.post("/api/admin/people", { headers: { authorization: `Bearer ${owner}` }, data: { email, name, role } });
  expect(invited.status()).toBe(201);
  const { id } = (await invited.json()) as { id: string };
  const text = await withDatabase(sharedDataDir(), async (db) =>
    (await db.selectFrom("mail_outbox").select("text_body").where("to_address", "=", email).executeTakeFirstOrThrow()).text_body,
  );
  const invitation = /\/admin\/invite\/([\w-]{43})/.exec(text)![1]!;
  const joined = await request.post(`/api/admin/invitations/${invitation}`, { data: { name, password: `${name}'s own long password` } });
  expect(joined.status()).toBe(200);
  return { id, token: ((await joined.json()) as { token: string }).token };
}

/** A browser of its own for the person, signed in as a returning person is: their token in local storage. */
async function browserOf(browser: Browser, token: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto("/privacy");
  await page.evaluate(({ key, value }) => window.localStorage.setItem(key, value), { key: ADMIN_TOKEN_STORAGE_KEY, value: token });
  return page;
}

test("a contributor submits a draft, the editor sends it back with a note, it is revised, resubmitted and published; the trail names each", async ({ browser, request }) => {
  const owner = await apiToken(request);
  const editor = await joinTeam(request, owner, "Priya", "editor");
  const contributor = await joinTeam(request, owner, "Cora", "contributor");
  const title = unique("Reviewed draft");
  const note = "Add a customer example before this goes out.";

  // The contributor writes a draft: no Publish, no Schedule, Submit for review instead.
  const cora = await browserOf(browser, contributor.token);
  await cora.goto("/admin/blog/new");
  await cora.getByLabel("Title").fill(title);
  const content = cora.getByRole("textbox", { name: "Content" });
  await content.click();
  await cora.keyboard.type("A first version of the post.");
  await expect(cora.getByRole("button", { name: "Publish" })).toHaveCount(0);
  await expect(cora.getByRole("button", { name: "Schedule" })).toHaveCount(0);
  await cora.getByRole("button", { name: "Submit for review" }).click();
  await expect(cora).toHaveURL(/\/admin\/blog\/edit\/[\w-]+$/, WAIT);
  const postId = /\/admin\/blog\/edit\/([\w-]+)$/.exec(cora.url())![1]!;
  await expect(cora.getByRole("status").filter({ hasText: "Waiting for review" })).toBeVisible(WAIT);
  await expect(cora.getByRole("button", { name: "Submit for review" })).toHaveCount(0);

  // The editor finds it through the admin bar and sends it back with a note.
  const priya = await browserOf(browser, editor.token);
  await priya.goto("/admin/blog");
  await priya.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: /^Waiting for review/ }).click();
  const waiting = priya.getByRole("region", { name: "Waiting for review" });
  await waiting.getByRole("link", { name: title }).click();
  await expect(priya.getByText("Submitted for review by Cora")).toBeVisible(WAIT);
  await priya.getByRole("button", { name: "Send back" }).click();
  await priya.getByLabel("What should change").fill(note);
  await priya.getByRole("button", { name: "Send back" }).click();
  await expect(priya.getByText("Sent back for changes", { exact: true })).toBeVisible(WAIT);
  await expect(priya.getByText("Submitted for review by Cora")).toHaveCount(0);

  // The contributor sees the note, revises and submits again.
  await cora.reload();
  await expect(cora.getByText(`Sent back for changes: ${note}`)).toBeVisible(WAIT);
  await content.click();
  await cora.keyboard.press("End");
  await cora.keyboard.type(" Now with a customer example.");
  await cora.getByRole("button", { name: "Submit for review" }).click();
  await expect(cora.getByRole("status").filter({ hasText: "Waiting for review" })).toBeVisible(WAIT);

  // The editor publishes it.
  await priya.reload();
  await expect(priya.getByText("Submitted for review by Cora")).toBeVisible(WAIT);
  // The history names who saved each version.
  await expect(priya.getByText("by Cora (Contributor)").first()).toBeVisible(WAIT);
  await priya.getByRole("button", { name: "Publish" }).click();
  await expect(priya).toHaveURL(/\/admin\/blog$/, WAIT);

  const auth = { headers: { authorization: `Bearer ${owner}` } };
  const post = (await (await request.get(`/api/admin/posts/${postId}`, auth)).json()) as { published: boolean; content: string };
  expect(post).toMatchObject({ published: true });
  expect(post.content).toContain("Now with a customer example.");
  expect(await (await request.get(`/api/admin/posts/${postId}/review-requests`, auth)).json()).toMatchObject({ status: "published", decided_by: { name: "Priya" } });

  const trail = (await (await request.get("/api/admin/audit", auth)).json()) as Audit;
  const onPost = trail.items.filter((item) => item.target_id === postId).map((item) => [item.action, item.actor?.name, item.actor?.role]);
  expect(onPost).toEqual(
    expect.arrayContaining([
      ["post.created", "Cora", "contributor"],
      ["post.submitted_for_review", "Cora", "contributor"],
      ["post.returned", "Priya", "editor"],
      ["post.published", "Priya", "editor"],
    ]),
  );
  expect(onPost.filter(([action]) => action === "post.submitted_for_review")).toHaveLength(2);
});
