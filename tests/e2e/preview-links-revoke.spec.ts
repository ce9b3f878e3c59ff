import type { Dialog } from "@playwright/test";
import { testWithOwnServer as test } from "./blog-data";
import { signIn } from "./admin-session";
import { expect } from "./fixtures";

// Revoking every preview link would end the links other tests are using on the shared server:
// this test has a server of its own (tests/helpers/built-server.ts).
test.describe.configure({ timeout: 90_000 });

test("'Revoke all preview links' on the posts list ends a shared draft link after a confirmation", async ({ page, browser, ownServer }) => {
  const token = await signIn(page, { url: ownServer.url, password: ownServer.adminPassword });
  const title = "Draft shared by mistake";
  const created = await page.request.post(`${ownServer.url}/api/admin/posts`, {
    headers: { authorization: `Bearer ${token}` },
    data: { title, slug: "draft-shared-by-mistake", content: "<p>Not for everyone yet</p>" },
  });
  expect(created.status()).toBe(201);
  const post = (await created.json()) as { id: string };

  // A link made in the editor, opened by someone who is not signed in: it shows the draft.
  await page.goto(`${ownServer.url}/admin/blog/edit/${post.id}`);
  await page.getByRole("button", { name: "Create preview link" }).click();
  const link = await page.getByLabel("New preview link").inputValue();
  expect(link).toMatch(/\/preview\/[\w-]{43}$/);
  const colleague = await browser.newContext();
  const guest = await colleague.newPage();
  expect((await guest.goto(link))?.status()).toBe(200);
  await expect(guest.getByRole("heading", { level: 1, name: title })).toBeVisible();

  await page.goto(`${ownServer.url}/admin/blog`);
  const revokeAll = page.getByRole("button", { name: "Revoke all preview links" });
  const asked: string[] = [];
  const answer = (accept: boolean) => (dialog: Dialog) => {
    asked.push(dialog.message());
    void (accept ? dialog.accept() : dialog.dismiss());
  };

  // Cancelled at the confirmation: nothing happens.
  page.once("dialog", answer(false));
  await revokeAll.click();
  await expect.poll(() => asked.length).toBe(1);
  expect(asked[0]).toMatch(/^Revoke every preview link of every post\?/);
  expect((await guest.goto(link))?.status()).toBe(200);

  // Confirmed: the result is shown, and the link shows the draft no more.
  page.once("dialog", answer(true));
  await revokeAll.click();
  await expect(page.getByText("All preview links were revoked (1).")).toBeVisible();
  expect(asked).toHaveLength(2);
  const revoked = await guest.goto(link);
  expect(revoked?.status()).toBe(404);
  await expect(guest.getByRole("heading", { name: "Post Not Found" })).toBeVisible();
  await expect(guest.getByText(title)).toHaveCount(0);
  await expect(guest.getByText("Not for everyone yet")).toHaveCount(0);
  await colleague.close();
});
