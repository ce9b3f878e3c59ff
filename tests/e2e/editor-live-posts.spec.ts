import type { APIRequestContext, Page } from "@playwright/test";
import { slugify } from "../../domain/slug";
import { axeViolations } from "../helpers/axe";
import { signIn, unique } from "./admin-session";
import { expect, test } from "./fixtures";

// Each flow loads the editor and saves through it: room for a busy machine.
test.describe.configure({ timeout: 90_000 });

/** A 1×1 PNG. */
const PNG_BASE64 = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";

function toast(page: Page, description: string | RegExp) {
  return page.locator("[data-sonner-toast]").filter({ hasText: description }).last();
}

function row(page: Page, title: string) {
  return page.getByRole("row").filter({ has: page.getByRole("rowheader").filter({ hasText: title }) });
}

async function createPost(request: APIRequestContext, token: string, post: Record<string, unknown>) {
  const response = await request.post("/api/admin/posts", { headers: { authorization: `Bearer ${token}` }, data: post });
  expect(response.status()).toBe(201);
  return (await response.json()) as { id: string; slug: string; publish_at: string | null };
}

async function readPost(request: APIRequestContext, token: string, id: string) {
  const response = await request.get(`/api/admin/posts/${id}`, { headers: { authorization: `Bearer ${token}` } });
  return (await response.json()) as { title: string; published: boolean; publish_at: string | null; content: string };
}

async function openEditor(page: Page, id: string) {
  await page.goto(`/admin/blog/edit/${id}`);
  const editor = page.getByRole("textbox", { name: "Content" });
  await expect(editor).toBeVisible();
  return editor;
}

test("Update saves a published post's new title and keeps it live; on a scheduled post it keeps the schedule", async ({ page }) => {
  const token = await signIn(page);
  const title = unique("Live typo");
  const post = await createPost(page.request, token, { title, slug: slugify(title), content: "<p>Live words</p>", published: true });
  await openEditor(page, post.id);
  // The destructive choice says what it does, and is read with the button.
  const saveDraft = page.getByRole("button", { name: "Save Draft" });
  await expect(saveDraft).toHaveAccessibleDescription("Save Draft takes this post off the site until it is published again.");
  await expect(page.getByText("Save Draft takes this post off the site until it is published again.")).toBeVisible();
  const fixed = `${title} fixed`;
  await page.getByLabel("Title").fill(fixed);
  await page.getByRole("button", { name: "Update", exact: true }).click();
  await expect(toast(page, "Blog post updated successfully")).toContainText("Success");
  await expect(page).toHaveURL(/\/admin\/blog$/);
  await expect(row(page, fixed)).toContainText("Published");

  const article = await page.request.get(`/blog/${post.slug}`);
  expect(article.status()).toBe(200);
  expect(await article.text()).toContain(fixed);

  const later = new Date(Date.now() + 7 * 24 * 3600 * 1000).toISOString();
  const scheduledTitle = unique("Scheduled typo");
  const scheduled = await createPost(page.request, token, { title: scheduledTitle, slug: slugify(scheduledTitle), published: true, publish_at: later });
  await openEditor(page, scheduled.id);
  await page.getByLabel("Title").fill(`${scheduledTitle} fixed`);
  await page.getByRole("button", { name: "Update", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/blog$/);
  expect(await readPost(page.request, token, scheduled.id)).toMatchObject({ title: `${scheduledTitle} fixed`, published: true, publish_at: later });
  // A draft has no Update: Save Draft and Publish, as specified.
  await page.goto("/admin/blog/new");
  await expect(page.getByRole("button", { name: "Publish" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Update", exact: true })).toHaveCount(0);
});

test("Save Draft on a published post still takes it down with the specified toast, and Undo republishes it; so does the list's Undo", async ({ page }) => {
  const token = await signIn(page);
  const title = unique("Taken down");
  const post = await createPost(page.request, token, { title, slug: slugify(title), content: "<p>Words</p>", published: true });
  await openEditor(page, post.id);
  await page.getByRole("button", { name: "Save Draft" }).click();
  const saved = toast(page, "Blog post updated successfully");
  await expect(saved).toContainText("Success");
  await expect(page).toHaveURL(/\/admin\/blog$/);
  await expect(row(page, title)).toContainText("Draft");
  expect((await page.request.get(`/blog/${post.slug}`)).status()).toBe(404);

  await saved.getByRole("button", { name: "Undo" }).click();
  await expect(toast(page, "Post published successfully")).toBeVisible();
  await expect(row(page, title)).toContainText("Published");
  expect((await page.request.get(`/blog/${post.slug}`)).status()).toBe(200);

  await row(page, title).getByRole("button", { name: `Unpublish ${title}` }).click();
  const unpublished = toast(page, "Post unpublished successfully");
  await expect(unpublished).toBeVisible();
  await expect(row(page, title)).toContainText("Draft");
  await unpublished.getByRole("button", { name: "Undo" }).click();
  await expect(row(page, title)).toContainText("Published");
  expect(await readPost(page.request, token, post.id)).toMatchObject({ published: true });
});

test("an uploaded image is described in a dialog, its alt text reaches the article; a click on it changes it; publishing without one warns once", async ({ page }) => {
  await signIn(page);
  await page.goto("/admin/blog/new");
  const title = unique("Described image");
  await page.getByLabel("Title").fill(title);
  const editor = page.getByRole("textbox", { name: "Content" });
  await editor.click();
  await page.keyboard.type("A chart follows.");

  const chooser = page.waitForEvent("filechooser");
  await page.getByRole("button", { name: "Image", exact: true }).click();
  await (await chooser).setFiles({ name: "chart.png", mimeType: "image/png", buffer: Buffer.from(PNG_BASE64, "base64") });
  const dialog = page.getByRole("dialog", { name: "Describe this image" });
  await expect(dialog).toBeVisible();
  const alt = dialog.getByLabel("Alternative text");
  await expect(alt).toBeFocused();
  expect(await axeViolations(page), "the dialog").toEqual([]);
  // Saving nothing is refused: a description, or decorative.
  await dialog.getByRole("button", { name: "Save description" }).click();
  await expect(dialog.getByText("Describe the image, or mark it as decorative")).toBeVisible();
  await alt.fill("Completion rates rising from 40% to 85%");
  await page.keyboard.press("Enter");
  await expect(dialog).toBeHidden();
  await expect(editor).toBeFocused();
  const image = editor.locator("img");
  await expect(image).toHaveAttribute("alt", "Completion rates rising from 40% to 85%");

  // A click on the image reopens its description; Escape leaves it as it was.
  await image.click();
  await expect(dialog).toBeVisible();
  await expect(alt).toHaveValue("Completion rates rising from 40% to 85%");
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(image).toHaveAttribute("alt", "Completion rates rising from 40% to 85%");

  // A second image, skipped: Publish warns once, then publishes.
  await page.keyboard.press("End");
  const second = page.waitForEvent("filechooser");
  await page.getByRole("button", { name: "Image", exact: true }).click();
  await (await second).setFiles({ name: "divider.png", mimeType: "image/png", buffer: Buffer.from(PNG_BASE64, "base64") });
  await dialog.getByRole("button", { name: "Skip for now" }).click();
  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "1 image has no alternative text." })).toBeVisible();
  // Still in the editor. On a slow machine autosave may already have kept the new post as a
  // draft (the editor is then at its edit address, and publishing updates that draft).
  await expect(page).toHaveURL(/\/admin\/blog\/(new|edit\/[0-9a-f-]+)$/);
  // Marked decorative through the button beside the editor (the image is at the cursor).
  await editor.locator("img").nth(1).click();
  await dialog.getByLabel(/Decorative image/).check();
  await dialog.getByRole("button", { name: "Save description" }).click();
  const request = page.waitForRequest((sent) => /\/api\/admin\/posts(\/[0-9a-f-]+)?$/.test(sent.url()) && ["POST", "PATCH"].includes(sent.method()));
  await page.getByRole("button", { name: "Publish" }).click();
  const { content, slug } = (await request).postDataJSON() as { content: string; slug: string };
  expect(content).toMatch(/<img src="\/media\/[a-f0-9]{64}\.png" alt="Completion rates rising from 40% to 85%">/);
  expect(content).toMatch(/<img src="\/media\/[a-f0-9]{64}\.png" alt="">/);
  await expect(toast(page, /Blog post (created|updated) successfully/)).toBeVisible();

  await page.goto(`/blog/${slug}`);
  await expect(page.locator("main").getByRole("img", { name: "Completion rates rising from 40% to 85%" })).toBeVisible();
  await expect(page.locator('main img[alt=""][src^="/media/"]')).toHaveCount(1);
});

test("a known author fills bio, avatar and LinkedIn; a new name keeps them as typed; Calculate fills the read time from the content", async ({ page }) => {
  const token = await signIn(page);
  const author = unique("Ada Lovelace");
  await createPost(page.request, token, {
    title: unique("By Ada"),
    slug: slugify(unique("by-ada")),
    author_name: author,
    author_bio: "Writes about analytical engines",
    author_avatar_url: "https://example.com/ada.png",
    author_linkedin_url: "https://www.linkedin.com/in/ada",
  });
  await page.goto("/admin/blog/new");
  await expect(page.getByRole("textbox", { name: "Content" })).toBeVisible();
  // The specification's defaults stand until a known author is chosen.
  await expect(page.getByLabel("Author Bio")).toHaveValue("Content Creator");
  await expect(page.getByLabel("Read Time")).toHaveValue("5 min read");
  await page.getByLabel("Author Name").fill(author);
  await expect(page.getByLabel("Author Bio")).toHaveValue("Writes about analytical engines");
  await expect(page.getByLabel("Author Avatar URL")).toHaveValue("https://example.com/ada.png");
  await expect(page.getByLabel("Author LinkedIn URL")).toHaveValue("https://www.linkedin.com/in/ada");
  await expect(page.getByText(`Bio, avatar and LinkedIn URL filled in from ${author}'s latest post.`)).toBeVisible();

  await page.getByLabel("Author Bio").fill("Typed by hand");
  await page.getByLabel("Author Name").fill("Someone New");
  await expect(page.getByLabel("Author Bio")).toHaveValue("Typed by hand");
  await expect(page.getByLabel("Author LinkedIn URL")).toHaveValue("https://www.linkedin.com/in/ada");

  const editor = page.getByRole("textbox", { name: "Content" });
  await editor.click();
  await page.keyboard.insertText(Array.from({ length: 500 }, (_, index) => `word${index}`).join(" "));
  await page.getByRole("button", { name: "Calculate" }).click();
  await expect(page.getByLabel("Read Time")).toHaveValue("3 min read");
  await expect(page.getByText("Read time set to 3 min read.")).toBeVisible();
  // Still a field of its own.
  await page.getByLabel("Read Time").fill("4 min read");
  await expect(page.getByLabel("Read Time")).toHaveValue("4 min read");
});

test("on a phone the settings are a section that opens; the actions stay in view while writing; no axe violations", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page);
  await page.goto("/admin/blog/new");
  const editor = page.getByRole("textbox", { name: "Content" });
  await expect(editor).toBeVisible();
  const toggle = page.getByRole("button", { name: "Post settings" });
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await expect(page.getByLabel("Slug")).toBeHidden();
  expect(await axeViolations(page), "closed").toEqual([]);
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  await expect(page.getByLabel("Slug")).toBeVisible();
  expect(await axeViolations(page), "open").toEqual([]);

  await editor.click();
  await page.keyboard.insertText(Array.from({ length: 80 }, () => "A line of text.").join("\n"));
  await expect(page.getByRole("button", { name: "Save Draft" })).toBeInViewport();
  await expect(page.getByRole("button", { name: "Publish" })).toBeInViewport();
  // A required setting left empty opens the section again and takes the focus.
  await page.getByLabel("Title").fill(unique("Phone post"));
  await page.getByLabel("Category").fill("");
  await toggle.click();
  await expect(page.getByLabel("Category")).toBeHidden();
  await page.getByRole("button", { name: "Save Draft" }).click();
  await expect(page.getByLabel("Category")).toBeFocused();
  await expect(page.getByText("Category is required")).toBeVisible();
});
