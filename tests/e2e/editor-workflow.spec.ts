import type { APIRequestContext, Page } from "@playwright/test";
import { slugify } from "../../domain/slug";
import { axeViolations } from "../helpers/axe";
import { sharedDataDir, withDatabase } from "./blog-data";
import { signIn, unique } from "./admin-session";
import { expect, test } from "./fixtures";

// Each test waits for autosaves on a busy machine: give them room.
test.describe.configure({ timeout: 90_000 });
const SAVED = /Saved \d{1,2}:\d{2}/;
const WAIT = { timeout: 20_000 };

type Post = { id: string; slug: string; title: string; content: string; published: boolean };

async function api(request: APIRequestContext, token: string, method: "get" | "post" | "patch", path: string, data?: unknown) {
  const response = await request[method](path, { headers: { authorization: `Bearer ${token}` }, data });
  expect(response.ok()).toBe(true);
  return (await response.json()) as Post;
}

async function openEditor(page: Page, id: string) {
  await page.goto(`/admin/blog/edit/${id}`);
  const editor = page.getByRole("textbox", { name: "Content" });
  await expect(editor).toBeVisible();
  return editor;
}

test("typing then waiting saves in the background; a reload offers the text back; the post is untouched", async ({ page }) => {
  const token = await signIn(page);
  const title = unique("Autosaved");
  const post = await api(page.request, token, "post", "/api/admin/posts", {
    title,
    slug: slugify(title),
    content: "<p>Published words</p>",
    published: true,
  });
  const editor = await openEditor(page, post.id);
  await editor.click();
  await page.keyboard.press("End");
  await page.keyboard.type(" and words typed later");
  await expect(page.getByText(SAVED)).toBeVisible(WAIT);

  // What is published did not change.
  expect(await api(page.request, token, "get", `/api/admin/posts/${post.id}`)).toMatchObject({
    content: "<p>Published words</p>",
    published: true,
  });

  await page.reload();
  await expect(page.getByText(/A newer unsaved version of this post from .* was found\./)).toBeVisible();
  await expect(editor).toHaveText("Published words");
  await page.getByRole("button", { name: "Restore unsaved version" }).click();
  await expect(editor).toHaveText("Published words and words typed later");
  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page).toHaveURL(/\/admin\/blog$/);
  expect(await api(page.request, token, "get", `/api/admin/posts/${post.id}`)).toMatchObject({
    content: "<p>Published words and words typed later</p>",
  });
});

test("a new post is kept as a draft once it has a title", async ({ page }) => {
  const token = await signIn(page);
  await page.goto("/admin/blog/new");
  const editor = page.getByRole("textbox", { name: "Content" });
  await expect(editor).toBeVisible();
  const title = unique("Never lost");
  await page.getByLabel("Title").fill(title);
  await editor.click();
  await page.keyboard.type("A first paragraph.");
  await expect(page.getByText(SAVED)).toBeVisible(WAIT);
  await expect(page).toHaveURL(/\/admin\/blog\/edit\/[\w-]+$/);
  const id = page.url().split("/").pop()!;
  expect(await api(page.request, token, "get", `/api/admin/posts/${id}`)).toMatchObject({ title, published: false });

  await page.reload();
  await expect(page.getByLabel("Title")).toHaveValue(title);
  await expect(page.getByRole("heading", { name: "Edit Post" })).toBeVisible();
});

test.describe("offline", () => {
  // Offline, the browser reports the failed requests, and React Router cannot fetch the route
  // manifest for links it discovers; both say so in the console.
  // (One pattern: Playwright reads a two-item array given to test.use as a value and its options.)
  test.use({ allowedConsoleErrors: [/ERR_INTERNET_DISCONNECTED|Failed to fetch manifest patches/] });

  test("a dropped network is said, retried, and saved once it is back", async ({ page, context }) => {
    const token = await signIn(page);
    const title = unique("Offline");
    const post = await api(page.request, token, "post", "/api/admin/posts", { title, slug: slugify(title), content: "<p>Start</p>" });
    const editor = await openEditor(page, post.id);
    await context.setOffline(true);
    await editor.click();
    await page.keyboard.press("End");
    await page.keyboard.type(" offline");
    await expect(page.getByText("Not saved: offline, retrying")).toBeVisible(WAIT);
    await context.setOffline(false);
    await expect(page.getByText(SAVED)).toBeVisible(WAIT);
  });

  test("text typed offline in a tab that then closes is offered back from this browser's copy", async ({ page, context }) => {
    const token = await signIn(page);
    const title = unique("Closed offline");
    const post = await api(page.request, token, "post", "/api/admin/posts", { title, slug: slugify(title), content: "<p>Start</p>" });
    const editor = await openEditor(page, post.id);
    await context.setOffline(true);
    await editor.click();
    await page.keyboard.press("End");
    await page.keyboard.type(" written on a train");
    await expect(page.getByText("Not saved: offline, retrying")).toBeVisible(WAIT);
    await page.close();
    await context.setOffline(false);

    const again = await context.newPage();
    const reopened = await openEditor(again, post.id);
    await expect(reopened).toHaveText("Start");
    await again.getByRole("button", { name: "Restore unsaved version" }).click();
    await expect(reopened).toHaveText("Start written on a train");
    // The recovered text reaches the server as an autosave.
    await expect(again.getByText(SAVED)).toBeVisible(WAIT);
  });
});

test.describe("a slow clock", () => {
  // The autosave is cut off on purpose; the browser reports the failed request.
  test.use({ allowedConsoleErrors: [/ERR_FAILED/] });

  test("a browser whose clock runs an hour behind the server still gets its unsaved text back", async ({ page, context }) => {
    await context.clock.install({ time: new Date(Date.now() - 60 * 60_000) });
    const token = await signIn(page);
    const title = unique("Slow clock");
    const post = await api(page.request, token, "post", "/api/admin/posts", { title, slug: slugify(title), content: "<p>Start</p>" });
    const editor = await openEditor(page, post.id);
    // The tab closes before the autosave: only this browser's copy has the words.
    await page.route("**/api/admin/posts/*/autosave", (route) => route.abort());
    await editor.click();
    await page.keyboard.press("End");
    await page.keyboard.type(" typed an hour early");
    await expect
      .poll(() => page.evaluate((id) => window.localStorage.getItem(`dialogic-editor-copy:${id}`) ?? "", post.id), WAIT)
      .toContain("typed an hour early");
    await page.close();

    const again = await context.newPage();
    const reopened = await openEditor(again, post.id);
    await again.getByRole("button", { name: "Restore unsaved version" }).click();
    await expect(reopened).toHaveText("Start typed an hour early");
  });
});

test("leaving with unsaved changes asks first", async ({ page }) => {
  const token = await signIn(page);
  const title = unique("Unsaved");
  const post = await api(page.request, token, "post", "/api/admin/posts", { title, slug: slugify(title), content: "<p>Kept</p>" });
  const editor = await openEditor(page, post.id);

  // Without changes nothing asks.
  await page.getByRole("link", { name: "Back to Admin" }).click();
  await expect(page).toHaveURL(/\/admin\/blog$/);
  await openEditor(page, post.id);

  await editor.click();
  await page.keyboard.type("Changed ");
  const asked: string[] = [];
  page.once("dialog", (dialog) => {
    asked.push(dialog.type());
    void dialog.dismiss();
  });
  await page.getByRole("link", { name: "Back to Admin" }).click();
  await expect.poll(() => asked).toEqual(["confirm"]);
  await expect(page).toHaveURL(new RegExp(`/admin/blog/edit/${post.id}$`));

  // Closing the tab asks too.
  const closing = page.waitForEvent("dialog");
  await page.close({ runBeforeUnload: true });
  const dialog = await closing;
  expect(dialog.type()).toBe("beforeunload");
  await dialog.accept();
});

test("changing only the search headline is autosaved, offered back after a reload, and kept by Save Draft", async ({ page }) => {
  const token = await signIn(page);
  const title = unique("Headline only");
  const post = await api(page.request, token, "post", "/api/admin/posts", { title, slug: slugify(title), content: "<p>Body</p>" });
  await openEditor(page, post.id);

  await page.getByLabel("Search headline").fill("A headline for search engines");
  await expect(page.getByText(SAVED)).toBeVisible(WAIT);
  // Autosaved beside the post; the post itself is as it was.
  expect(await api(page.request, token, "get", `/api/admin/posts/${post.id}`)).toMatchObject({ meta_title: "" });

  await page.reload();
  await expect(page.getByText(/A newer unsaved version of this post from .* was found\./)).toBeVisible();
  await expect(page.getByLabel("Search headline")).toHaveValue("");
  await page.getByRole("button", { name: "Restore unsaved version" }).click();
  await expect(page.getByLabel("Search headline")).toHaveValue("A headline for search engines");
  await page.getByRole("button", { name: "Save Draft" }).click();
  await expect(page).toHaveURL(/\/admin\/blog$/);
  expect(await api(page.request, token, "get", `/api/admin/posts/${post.id}`)).toMatchObject({
    meta_title: "A headline for search engines",
  });
});

test("changing only the publication time asks before leaving", async ({ page }) => {
  const token = await signIn(page);
  const title = unique("Time only");
  const post = await api(page.request, token, "post", "/api/admin/posts", { title, slug: slugify(title), content: "<p>Body</p>" });
  await openEditor(page, post.id);

  await page.getByLabel("Publish at (your local time)").fill("2031-05-04T09:30:15");
  const asked: string[] = [];
  page.once("dialog", (dialog) => {
    asked.push(dialog.type());
    void dialog.dismiss();
  });
  await page.getByRole("link", { name: "Back to Admin" }).click();
  await expect.poll(() => asked).toEqual(["confirm"]);
  await expect(page).toHaveURL(new RegExp(`/admin/blog/edit/${post.id}$`));
  await expect(page.getByLabel("Publish at (your local time)")).toHaveValue("2031-05-04T09:30:15");
});

test("a revision is listed, compared with the current text and restored into the editor", async ({ page }) => {
  const token = await signIn(page);
  const title = unique("History");
  const post = await api(page.request, token, "post", "/api/admin/posts", {
    title,
    slug: slugify(title),
    content: "<p>The original opening line</p>",
  });
  await api(page.request, token, "patch", `/api/admin/posts/${post.id}`, { content: "<p>The rewritten opening line</p>", published: true });
  const editor = await openEditor(page, post.id);
  await expect(editor).toHaveText("The rewritten opening line");

  const history = page.getByRole("region", { name: "Revision history" });
  const items = history.getByRole("listitem");
  await expect(items).toHaveCount(2);
  await expect(items.first()).toContainText("Published");
  await expect(items.last()).toContainText("Saved");

  await items.last().getByRole("button", { name: /^Compare/ }).click();
  const comparison = page.getByRole("region", { name: /Changes from the revision of/ });
  await expect(comparison.locator("del")).toHaveText("original");
  await expect(comparison.locator("ins")).toHaveText("rewritten");

  await items.last().getByRole("button", { name: /^Restore/ }).click();
  await expect(editor).toHaveText("The original opening line");
  await expect(page.getByText(/restored into the editor\. Save Draft or Publish to keep it\./)).toBeVisible();
  // Restoring saved nothing.
  expect(await api(page.request, token, "get", `/api/admin/posts/${post.id}`)).toMatchObject({
    content: "<p>The rewritten opening line</p>",
    published: true,
  });
  await page.getByRole("button", { name: "Save Draft" }).click();
  await expect(page).toHaveURL(/\/admin\/blog$/);
  expect(await api(page.request, token, "get", `/api/admin/posts/${post.id}`)).toMatchObject({
    content: "<p>The original opening line</p>",
    published: false,
  });
});

test("Preview shows the draft with unsaved edits; a shared link works logged out until revoked", async ({ page, browser }) => {
  const token = await signIn(page);
  const title = unique("Draft to show");
  const post = await api(page.request, token, "post", "/api/admin/posts", { title, slug: slugify(title), content: "<p>Saved text</p>" });
  const editor = await openEditor(page, post.id);
  await editor.click();
  await page.keyboard.press("End");
  await page.keyboard.type(" plus an unsaved edit");

  const opened = page.waitForEvent("popup");
  await page.getByRole("button", { name: "Preview", exact: true }).click();
  const preview = await opened;
  await preview.waitForURL(/\/preview\/[\w-]{43}$/);
  await expect(preview.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(preview.getByText("Saved text plus an unsaved edit")).toBeVisible();
  await expect(preview.getByRole("complementary", { name: "Preview" })).toContainText("This is a private preview");
  await preview.close();
  // Still a draft, still off the blog.
  expect((await page.request.get(`/blog/${post.slug}`)).status()).toBe(404);

  await page.getByRole("button", { name: "Create preview link" }).click();
  const link = await page.getByLabel("New preview link").inputValue();
  expect(link).toMatch(/\/preview\/[\w-]{43}$/);

  const colleague = await browser.newContext();
  const guest = await colleague.newPage();
  const response = await guest.goto(link);
  expect(response?.status()).toBe(200);
  expect(response?.headers()["cache-control"]).toBe("no-store");
  expect(response?.headers()["x-robots-tag"]).toBe("noindex, nofollow");
  expect(await response?.text()).toMatch(/<meta name="robots" content="noindex, nofollow"/);
  await expect(guest.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(guest.getByRole("complementary", { name: "Preview" })).toBeVisible();

  await page.getByRole("button", { name: /^Revoke/ }).click();
  await expect(page.getByText("No active preview links")).toBeVisible();
  const revoked = await guest.goto(link);
  expect(revoked?.status()).toBe(404);
  await expect(guest.getByRole("heading", { name: "Post Not Found" })).toBeVisible();
  await colleague.close();
});

test("Share on a preview page copies the post's public address, never the secret preview link", async ({ page, context, baseURL }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
  const token = await signIn(page);
  const title = unique("Draft to share");
  const post = await api(page.request, token, "post", "/api/admin/posts", { title, slug: slugify(title), content: "<p>Text</p>" });
  await openEditor(page, post.id);
  await page.getByRole("button", { name: "Create preview link" }).click();
  const link = await page.getByLabel("New preview link").inputValue();

  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await page.getByRole("button", { name: "Share" }).click();
  await expect(page.getByText("Link copied")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}/blog/${post.slug}`);
});

test.describe("accessibility", () => {
  test.use({ bypassCSP: true, reducedMotion: "reduce" });

  test("the editor with its history, a comparison and preview links, and the preview page, have no axe violations", async ({ page }) => {
    const token = await signIn(page);
    const title = unique("Accessible workflow");
    const post = await api(page.request, token, "post", "/api/admin/posts", { title, slug: slugify(title), content: "<p>One two</p>" });
    await api(page.request, token, "patch", `/api/admin/posts/${post.id}`, { content: "<p>One three</p>", published: true });
    await openEditor(page, post.id);
    await page.getByRole("region", { name: "Revision history" }).getByRole("button", { name: /^Compare/ }).last().click();
    await expect(page.getByRole("region", { name: /Changes from the revision of/ })).toBeVisible();
    await page.getByRole("button", { name: "Create preview link" }).click();
    const link = await page.getByLabel("New preview link").inputValue();
    expect(await axeViolations(page)).toEqual([]);

    await page.goto(link);
    await expect(page.getByRole("complementary", { name: "Preview" })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });
});

test.describe("hostile content in an autosave", () => {
  // Broken images in the payloads ("src=x") load nothing; a script blocked by the CSP would fail.
  test.use({ allowedConsoleErrors: [/Failed to load resource/] });

  test("is cleaned on the preview page like an article: nothing runs", async ({ page }) => {
    const token = await signIn(page);
    const title = unique("Hostile autosave");
    const post = await api(page.request, token, "post", "/api/admin/posts", { title, slug: slugify(title), content: "<p>Safe</p>" });
    const payload = [
      '<img src="x" onerror="window.__xssRan = 1">',
      "<script>window.__xssRan = 1</script>",
      '<a id="js-link" href="javascript:window.__xssRan = 1">click</a>',
      '<iframe class="ql-video" srcdoc="<script>parent.__xssRan = 1</script>"></iframe>',
      '<details open ontoggle="window.__xssRan = 1">x</details>',
    ].join("");
    // Straight into the table, every text field hostile: the preview must clean what it reads.
    const short = "<img src=x onerror=__xssRan=1>";
    const fields = {
      excerpt: payload,
      author_bio: payload,
      category: short,
      author_name: short,
      read_time: short,
    };
    const now = new Date(Date.now() + 60_000).toISOString();
    await withDatabase(sharedDataDir(), (db) =>
      db
        .insertInto("post_revisions")
        .values({
          id: crypto.randomUUID(),
          post_id: post.id,
          kind: "autosave",
          published: 0,
          title,
          data: JSON.stringify({ ...post, ...fields, title: `${title} <script>window.__xssRan = 1</script>`, content: `<p>Body</p>${payload}` }),
          created_at: now,
          updated_at: now,
        })
        .execute(),
    );
    const link = (await (
      await page.request.post(`/api/admin/posts/${post.id}/preview-links`, {
        headers: { authorization: `Bearer ${token}` },
        data: { purpose: "share" },
      })
    ).json()) as { path: string };
    const dialogs: string[] = [];
    page.on("dialog", (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await page.goto(link.path);
    await expect(page.locator(".article-body")).toContainText("Body");
    await expect(page.getByRole("heading", { level: 1 })).toContainText(title);
    expect(await page.locator("article script, article [onerror], article [ontoggle], article iframe[srcdoc]").count()).toBe(0);
    expect(await page.locator('article a[href^="javascript"]').count()).toBe(0);
    expect(await page.evaluate(() => (window as { __xssRan?: number }).__xssRan)).toBeUndefined();
    expect(dialogs).toEqual([]);
  });
});
