import type { APIRequestContext, Page } from "@playwright/test";
import { ADMIN_TOKEN_STORAGE_KEY } from "../../domain/auth";
import { slugify } from "../../domain/slug";
import { testWithOwnServer } from "./blog-data";
import { signIn, unique } from "./admin-session";
import { expect, test } from "./fixtures";

const PASSWORD = process.env.E2E_ADMIN_PASSWORD ?? "";

// Flows of several pages, each loading the editor: give them room on a busy machine.
test.describe.configure({ timeout: 60_000 });
const TOKEN_KEY = ADMIN_TOKEN_STORAGE_KEY;

async function createPostThroughApi(request: APIRequestContext, token: string, post: Record<string, unknown>) {
  const response = await request.post("/api/admin/posts", {
    headers: { authorization: `Bearer ${token}` },
    data: post,
  });
  expect(response.status()).toBe(201);
  return (await response.json()) as { id: string; slug: string; title: string; content: string };
}

function toast(page: Page, description: string) {
  return page.locator("[data-sonner-toast]").filter({ hasText: description }).last();
}

function row(page: Page, title: string) {
  return page.getByRole("row").filter({ has: page.getByRole("rowheader").filter({ hasText: title }) });
}

test("logged-out visitors of admin pages are sent to the login page, which search engines skip", async ({ page }) => {
  for (const path of ["/admin/blog", "/admin/blog/new", "/admin/blog/edit/some-id"]) {
    const response = await page.request.get(path);
    const html = await response.text();
    expect(html).toContain("Checking authentication...");
    expect(html).toMatch(/<meta name="robots" content="noindex, nofollow"/);

    await page.goto(path);
    await expect(page).toHaveURL(/\/admin\/login$/);
    await expect(page.getByRole("heading", { name: "Blog Admin Login" })).toBeVisible();
  }
  const login = await (await page.request.get("/admin/login")).text();
  expect(login).toMatch(/<h1[^>]*>Blog Admin Login<\/h1>/);
  expect(login).toMatch(/<meta name="robots" content="noindex, nofollow"/);
  // The redirect replaced the admin page in the history.
  await page.goto("/");
  await page.goto("/admin/blog");
  await expect(page).toHaveURL(/\/admin\/login$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
});

test.describe("the login screen", () => {
  test.use({ allowedConsoleErrors: [/status of 401/] });

  test("toggles the password's visibility, refuses a wrong one, signs in with the right one", async ({ page }) => {
    await page.goto("/admin/login");
    const password = page.getByLabel("Password", { exact: true });
    const signIn = page.getByRole("button", { name: "Sign In", exact: true });
    await expect(signIn).toBeDisabled();

    await password.fill("not the password");
    await expect(password).toHaveAttribute("type", "password");
    await page.getByRole("button", { name: "Show password" }).click();
    await expect(password).toHaveAttribute("type", "text");
    await page.getByRole("button", { name: "Hide password" }).click();
    await expect(password).toHaveAttribute("type", "password");

    await signIn.click();
    await expect(toast(page, "Invalid credentials")).toContainText("Error");
    await expect(page).toHaveURL(/\/admin\/login$/);
    expect(await page.evaluate((key) => window.localStorage.getItem(key), TOKEN_KEY)).toBeNull();

    await password.fill(PASSWORD);
    await signIn.click();
    await expect(toast(page, "Successfully logged in to blog admin")).toContainText("Success");
    await expect(page).toHaveURL(/\/admin\/blog$/);
    await expect(page.getByRole("heading", { name: "Blog Admin", exact: true })).toBeVisible();
    expect(await page.evaluate((key) => window.localStorage.getItem(key), TOKEN_KEY)).toBeTruthy();

    // Already signed in: the login page sends the admin on.
    await page.goto("/admin/login");
    await expect(page).toHaveURL(/\/admin\/blog$/);
  });

  test("an invalid stored token is removed and the form is shown", async ({ page }) => {
    await page.goto("/admin/login");
    await page.evaluate((key) => window.localStorage.setItem(key, "forged-token"), TOKEN_KEY);
    await page.reload();
    await expect.poll(() => page.evaluate((key) => window.localStorage.getItem(key), TOKEN_KEY)).toBeNull();
    await expect(page.getByLabel("Password", { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/login$/);
  });
});

test("create a draft with an automatic slug, publish it, feature it", async ({ page }) => {
  await signIn(page);
  await page.goto("/admin/blog");
  await page.getByRole("link", { name: "New Post" }).click();
  await expect(page).toHaveURL(/\/admin\/blog\/new$/);
  await expect(page.getByRole("heading", { name: "Create Post" })).toBeVisible();

  // Required fields are checked before anything is sent.
  await page.getByLabel("Category").fill("");
  await page.getByRole("button", { name: "Save Draft" }).click();
  await expect(page.getByText("Title is required")).toBeVisible();
  await expect(page.getByText("Category is required")).toBeVisible();
  await expect(page.getByLabel("Title")).toBeFocused();

  const title = unique("Conversations that teach!");
  const slug = slugify(title);
  await page.getByLabel("Title").fill(title);
  await expect(page.getByLabel("Slug")).toHaveValue(slug);
  await page.getByLabel("Category").fill("Research");
  await page.getByLabel("Excerpt").fill("Why talking it through works.");
  const editor = page.getByRole("textbox", { name: "Content" });
  await expect(editor).toBeVisible();
  await editor.click();
  await page.keyboard.type("People remember what they explain in their own words.");
  // Tab leaves the editor for the next field.
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Featured Post")).toBeFocused();
  await page.getByRole("button", { name: "Save Draft" }).click();

  await expect(toast(page, "Blog post created successfully")).toContainText("Success");
  await expect(page).toHaveURL(/\/admin\/blog$/);
  const postRow = row(page, title);
  await expect(postRow).toContainText(slug);
  await expect(postRow).toContainText("Research");
  await expect(postRow).toContainText("Draft");

  // Ordinary spaces stay ordinary spaces (Quill's &nbsp; pitfall).
  const token = await page.evaluate((key) => window.localStorage.getItem(key), TOKEN_KEY);
  const list = (await (await page.request.get("/api/admin/posts", { headers: { authorization: `Bearer ${token}` } })).json()) as { id: string; slug: string }[];
  const id = list.find((post) => post.slug === slug)?.id;
  const saved = (await (await page.request.get(`/api/admin/posts/${id}`, { headers: { authorization: `Bearer ${token}` } })).json()) as { content: string; published: boolean };
  expect(saved).toMatchObject({
    content: "<p>People remember what they explain in their own words.</p>",
    published: false,
  });

  await page.goto("/blog");
  await expect(page.getByRole("link").filter({ hasText: title })).toHaveCount(0);

  await page.goto("/admin/blog");
  await postRow.getByRole("button", { name: `Publish ${title}` }).click();
  await expect(toast(page, "Post published successfully")).toBeVisible();
  await expect(postRow).toContainText("Published");
  await page.goto("/blog");
  await expect(page.getByRole("link").filter({ hasText: title }).first()).toHaveAttribute("href", `/blog/${slug}`);

  await page.goto("/admin/blog");
  await expect(postRow.getByRole("img", { name: "Featured" })).toHaveCount(0);
  await postRow.getByRole("button", { name: `Feature ${title}` }).click();
  await expect(toast(page, "Post featured successfully")).toBeVisible();
  await expect(postRow.getByRole("img", { name: "Featured" })).toBeVisible();
  await postRow.getByRole("button", { name: `Unfeature ${title}` }).click();
  await expect(toast(page, "Post unfeatured successfully")).toBeVisible();
  await expect(postRow.getByRole("img", { name: "Featured" })).toHaveCount(0);
  await postRow.getByRole("button", { name: `Unpublish ${title}` }).click();
  await expect(toast(page, "Post unpublished successfully")).toBeVisible();
  await expect(postRow).toContainText("Draft");
});

test("Save Draft on a published post takes it off the blog", async ({ page }) => {
  const token = await signIn(page);
  const title = unique("Published then drafted");
  const post = await createPostThroughApi(page.request, token, {
    title,
    slug: slugify(title),
    content: "<p>First version</p>",
    published: true,
  });
  await page.goto("/blog");
  await expect(page.getByRole("link").filter({ hasText: title }).first()).toBeVisible();
  expect((await page.request.get(`/blog/${post.slug}`)).status()).toBe(200);

  await page.goto("/admin/blog");
  await row(page, title).getByRole("link", { name: `Edit ${title}` }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/blog/edit/${post.id}$`));
  await expect(page.getByRole("heading", { name: "Edit Post" })).toBeVisible();
  await expect(page.getByLabel("Title")).toHaveValue(title);
  // Missing optional values arrive as empty fields.
  await expect(page.getByLabel("Excerpt")).toHaveValue("");
  await expect(page.getByLabel("Featured Image URL")).toHaveValue("");
  const editor = page.getByRole("textbox", { name: "Content" });
  await expect(editor).toHaveText("First version");

  // Editing the title of an existing post leaves its slug alone.
  const newTitle = `${title} (revised)`;
  await page.getByLabel("Title").fill(newTitle);
  await expect(page.getByLabel("Slug")).toHaveValue(post.slug);
  await page.getByLabel("Featured Image URL").fill("javascript:alert(1)");
  await page.getByRole("button", { name: "Save Draft" }).click();
  await expect(page.getByText("Enter a full web address starting with http:// or https://")).toBeVisible();
  await page.getByLabel("Featured Image URL").fill("");

  await editor.click();
  await page.keyboard.press("End");
  await page.keyboard.type(", then revised");
  await page.getByRole("button", { name: "Save Draft" }).click();
  await expect(toast(page, "Blog post updated successfully")).toContainText("Success");
  await expect(page).toHaveURL(/\/admin\/blog$/);
  await expect(row(page, newTitle)).toContainText("Draft");

  // Loaded again until the list is new: a render of /blog begun before the save may still answer once.
  await expect(async () => {
    await page.goto("/blog");
    await expect(page.getByText(newTitle)).toHaveCount(0, { timeout: 500 });
    await expect(page.getByText(title)).toHaveCount(0, { timeout: 500 });
  }).toPass({ timeout: 10_000 });
  // Not just pushed down the list by newer posts: its own address is gone too.
  expect((await page.request.get(`/blog/${post.slug}`)).status()).toBe(404);

  const saved = (await (await page.request.get(`/api/admin/posts/${post.id}`, { headers: { authorization: `Bearer ${token}` } })).json()) as { content: string; title: string };
  expect(saved).toMatchObject({ title: newTitle, content: "<p>First version, then revised</p>" });
});

test.describe("a taken slug", () => {
  test.use({ allowedConsoleErrors: [/status of 409/] });

  test("is named next to the slug field", async ({ page }) => {
  const token = await signIn(page);
  const title = unique("Slug owner");
  await createPostThroughApi(page.request, token, { title, slug: slugify(title) });
  await page.goto("/admin/blog/new");
  await page.getByLabel("Title").fill(title);
  await page.getByRole("button", { name: "Publish" }).click();
  await expect(toast(page, "Failed to create blog post")).toContainText("Error");
  await expect(page.getByText("Another post already uses this slug")).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/blog\/new$/);
  await expect(page.getByLabel("Title")).toHaveValue(title);
  });
});

test("delete asks for confirmation first", async ({ page }) => {
  const token = await signIn(page);
  const title = unique(`Delete "me"`);
  await createPostThroughApi(page.request, token, { title, slug: slugify(title) });
  await page.goto("/admin/blog");
  const postRow = row(page, title);

  const messages: string[] = [];
  page.once("dialog", (dialog) => {
    messages.push(dialog.message());
    void dialog.dismiss();
  });
  await postRow.getByRole("button", { name: `Delete ${title}` }).click();
  await expect.poll(() => messages).toEqual([`Are you sure you want to delete "${title}"?`]);
  await expect(postRow).toBeVisible();

  page.once("dialog", (dialog) => {
    messages.push(dialog.message());
    void dialog.accept();
  });
  await postRow.getByRole("button", { name: `Delete ${title}` }).click();
  await expect(toast(page, "Blog post deleted successfully")).toBeVisible();
  await expect(postRow).toHaveCount(0);
  expect(messages).toHaveLength(2);
});

test.describe("logout", () => {
  test("removes the token and ends the session on the server", async ({ page }) => {
    await page.goto("/admin/login");
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/blog$/);
    const token = await page.evaluate((key) => window.localStorage.getItem(key), TOKEN_KEY);
    expect(token).toBeTruthy();

    await page.getByRole("button", { name: "Logout" }).click();
    await expect(toast(page, "Logged out")).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/login$/);
    expect(await page.evaluate((key) => window.localStorage.getItem(key), TOKEN_KEY)).toBeNull();

    const response = await page.request.get("/api/admin/posts", { headers: { authorization: `Bearer ${token}` } });
    expect(response.status()).toBe(401);
    expect(await response.json()).toEqual({ error: "Authentication required" });

    await page.goto("/admin/blog");
    await expect(page).toHaveURL(/\/admin\/login$/);
  });
});

test("a post with hostile HTML in every field renders safely in the admin list, the editor and the article", async ({ page, baseURL }) => {
  const dialogs: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  const token = await signIn(page);
  // Handlers point at an image that exists: were one to survive, the CSP would refuse it and the
  // console error would fail this test; the marker shows whether any script ran.
  const hostile = (tag: string) =>
    `${tag}<img src="/favicon.svg" onload="window.__xss='${tag}';alert('${tag}')"><script>window.__xss='${tag}'</script>`;
  const title = unique("Hostile");
  const safeUrl = (tag: string) => `${baseURL}/favicon.svg?x="><script>window.__xss='${tag}'</script>`;
  const post = await createPostThroughApi(page.request, token, {
    title: `${title} ${hostile("title")}`.slice(0, 200),
    slug: slugify(title),
    excerpt: hostile("excerpt"),
    content: [
      hostile("content"),
      `<a href="javascript:window.__xss='href'">link</a>`,
      `<p style="background:url(javascript:alert(1))" onclick="window.__xss='click'">para</p>`,
      `<iframe src="javascript:window.__xss='iframe'"></iframe>`,
      `<svg><script>window.__xss='svg'</script></svg>`,
      `<math><mtext><table><mglyph><style><img src=/favicon.svg onload="window.__xss='mxss'"></style></mglyph></table></mtext></math>`,
    ].join(""),
    category: hostile("category").slice(0, 60),
    author_name: hostile("author").slice(0, 100),
    author_bio: hostile("bio"),
    read_time: "<b>5</b> min",
    featured_image_url: safeUrl("image"),
    author_avatar_url: safeUrl("avatar"),
    author_linkedin_url: safeUrl("linkedin"),
    published: true,
  });

  await page.goto("/admin/blog");
  await expect(row(page, title)).toContainText(`${title} ${hostile("title")}`.slice(0, 200));
  expect(await page.evaluate(() => (window as { __xss?: string }).__xss)).toBeUndefined();

  await page.goto(`/admin/blog/edit/${post.id}`);
  await expect(page.getByLabel("Author Bio")).toHaveValue(hostile("bio"));
  await expect(page.getByRole("textbox", { name: "Content" })).toContainText("para");
  expect(await page.evaluate(() => (window as { __xss?: string }).__xss)).toBeUndefined();

  await page.goto(`/blog/${post.slug}`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(title);
  await expect(page.getByText("para")).toBeVisible();
  expect(await page.evaluate(() => (window as { __xss?: string }).__xss)).toBeUndefined();
  expect(await page.locator("main [onload], main [onclick], main script, main iframe").count()).toBe(0);

  await page.goto("/blog");
  await expect(page.getByRole("link").filter({ hasText: title }).first()).toBeVisible();
  expect(await page.evaluate(() => (window as { __xss?: string }).__xss)).toBeUndefined();
  expect(dialogs).toEqual([]);
});

test("pasted rich text keeps the toolbar's formats; unsafe links, images, videos and formulas do not survive", async ({ page, baseURL }) => {
  // The allowed video host is unreachable from the test machine: answer for it.
  await page.route("https://www.youtube.com/**", (route) => route.fulfill({ contentType: "text/html", body: "" }));
  await signIn(page);
  await page.goto("/admin/blog/new");
  const title = unique("Pasted formats");
  await page.getByLabel("Title").fill(title);
  const editor = page.getByRole("textbox", { name: "Content" });
  await editor.click();
  const pasted = [
    "<h2>Heading</h2>",
    "<p><strong>b</strong> <em>i</em> <u>u</u> <s>s</s> <sub>2</sub><sup>3</sup> ",
    `<a href="https://example.com/a">good link</a> <a href="javascript:alert(1)">bad link</a> `,
    `<span style="color: rgb(230, 0, 0); background-color: rgb(255, 255, 0);">coloured</span></p>`,
    `<p class="ql-align-center">centred</p><p class="ql-direction-rtl ql-align-right">rtl</p><p class="ql-indent-1">indented</p>`,
    "<ol><li>one</li></ol><ul><li>two</li></ul><blockquote>quote</blockquote><pre>let code = 1;</pre>",
    `<p><img src="${baseURL}/favicon.svg"><img src="javascript:alert(1)"></p>`,
    `<iframe class="ql-video" src="https://www.youtube.com/embed/abc"></iframe>`,
    `<iframe class="ql-video" src="https://evil.example/embed"></iframe>`,
    `<p><span class="ql-formula" data-value="x^2">x</span></p>`,
  ].join("");
  await editor.evaluate((element, html) => {
    const data = new DataTransfer();
    data.setData("text/html", html);
    element.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
  }, pasted);
  await expect(editor).toContainText("coloured");

  const request = page.waitForRequest((sent) => sent.url().endsWith("/api/admin/posts") && sent.method() === "POST");
  await page.getByRole("button", { name: "Save Draft" }).click();
  const { content } = (await request).postDataJSON() as { content: string };
  await expect(toast(page, "Blog post created successfully")).toBeVisible();

  for (const kept of [
    "<h2>Heading</h2>",
    "<strong>b</strong> <em>i</em> <u>u</u> <s>s</s> <sub>2</sub><sup>3</sup>",
    `<a href="https://example.com/a" rel="noopener noreferrer" target="_blank">good link</a>`,
    "color: rgb(230, 0, 0);",
    "background-color: rgb(255, 255, 0);",
    `<p class="ql-align-center">centred</p>`,
    "ql-direction-rtl",
    `<p class="ql-indent-1">indented</p>`,
    "<ol><li>one</li></ol><ul><li>two</li></ul><blockquote>quote</blockquote>",
    "let code = 1;",
    `<img src="${baseURL}/favicon.svg">`,
    `<iframe class="ql-video" frameborder="0" allowfullscreen="true" src="https://www.youtube.com/embed/abc"></iframe>`,
  ]) {
    expect(content).toContain(kept);
  }
  expect(content).not.toMatch(/javascript:|evil\.example|ql-formula|data-value|&nbsp;/);
  // A refused address leads nowhere, so it opens no new tab either.
  expect(content).toContain(`<a href="about:blank">bad link</a>`);
  expect(content).toContain(`<img src="//:0">`);
});

test.describe("a post deleted elsewhere", () => {
  test.use({ allowedConsoleErrors: [/status of 404/] });

  test("makes each action fail with its own toast, and the list is refreshed", async ({ page }) => {
    const token = await signIn(page);
    const cases = [
      { action: "Publish", failure: "Failed to update post status" },
      { action: "Feature", failure: "Failed to update featured status" },
      { action: "Delete", failure: "Failed to delete blog post" },
    ];
    page.on("dialog", (dialog) => void dialog.accept());
    for (const { action, failure } of cases) {
      const title = unique(`Gone before ${action}`);
      const post = await createPostThroughApi(page.request, token, { title, slug: slugify(title) });
      await page.goto("/admin/blog");
      const postRow = row(page, title);
      await expect(postRow).toBeVisible();
      const deleted = await page.request.delete(`/api/admin/posts/${post.id}`, { headers: { authorization: `Bearer ${token}` } });
      expect(deleted.status()).toBe(204);

      await postRow.getByRole("button", { name: `${action} ${title}` }).click();
      await expect(toast(page, failure)).toContainText("Error");
      await expect(postRow).toHaveCount(0);
    }
  });
});

testWithOwnServer("with no posts the admin list invites the first one, and links to the inboxes", async ({ page, ownServer }) => {
  const login = await page.request.post(`${ownServer.url}/api/admin/login`, {
    data: { password: ownServer.adminPassword },
  });
  const { token } = (await login.json()) as { token: string };
  await page.goto(`${ownServer.url}/privacy`);
  await page.evaluate(({ key, value }) => window.localStorage.setItem(key, value), { key: TOKEN_KEY, value: token });
  await page.goto(`${ownServer.url}/admin/blog`);
  await expect(page.getByRole("heading", { name: "No Blog Posts Yet" })).toBeVisible();
  const inboxes = page.getByRole("navigation", { name: "Inboxes" });
  await expect(inboxes.getByRole("link", { name: "Contact messages" })).toHaveAttribute("href", "/admin/messages");
  await expect(inboxes.getByRole("link", { name: "Security reports" })).toHaveAttribute("href", "/admin/reports");
  await page.getByRole("link", { name: "Create Your First Post" }).click();
  await expect(page).toHaveURL(/\/admin\/blog\/new$/);
  await expect(page.getByRole("heading", { name: "Create Post" })).toBeVisible();
});

test.describe("a session that ends while an inbox loads", () => {
  test.use({ allowedConsoleErrors: [/status of 401/] });

  for (const [path, api] of [
    ["/admin/messages", /\/api\/admin\/contact\/messages\?page=1$/],
    ["/admin/reports", /\/api\/admin\/security\/reports\?page=1$/],
    ["/admin/reports/no-such-report", /\/api\/admin\/security\/reports\/no-such-report$/],
  ] as const) {
    test(`sends ${path} to the login page and forgets the token`, async ({ page }) => {
      const token = await signIn(page);
      // The token is revoked on the server just before the inbox's request reaches it: the
      // sign-in check passed, the inbox itself meets the 401.
      await page.route(api, async (route) => {
        const revoked = await page.request.post("/api/admin/logout", { headers: { authorization: `Bearer ${token}` } });
        expect(revoked.status()).toBe(204);
        await route.continue();
      });
      const inboxAnswer = page.waitForResponse((response) => response.url().includes("/api/admin/") && response.status() === 401);
      await page.goto(path);
      await inboxAnswer;
      await expect(page).toHaveURL(/\/admin\/login$/);
      await expect(page.getByRole("heading", { name: "Blog Admin Login" })).toBeVisible();
      expect(await page.evaluate((key) => window.localStorage.getItem(key), TOKEN_KEY)).toBeNull();
    });
  }
});
