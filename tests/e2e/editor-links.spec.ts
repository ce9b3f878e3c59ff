import { slugify } from "../../domain/slug";
import { signIn, unique } from "./admin-session";
import { expect, test } from "./fixtures";

test.describe.configure({ timeout: 60_000 });

test("a link typed as a path stays on the site; another site's opens a new tab", async ({ page }) => {
  await signIn(page);
  await page.goto("/admin/blog/new");
  const title = unique("Links as written");
  await page.getByLabel("Title").fill(title);
  const editor = page.getByRole("textbox", { name: "Content" });
  await editor.click();

  // Each link on a line of its own: typed, selected to the line's start, then linked from the toolbar.
  const addLink = async (text: string, address: string) => {
    await page.keyboard.type(text);
    await page.keyboard.press("Shift+Home");
    await page.locator(".ql-toolbar").getByRole("button", { name: "Link" }).click();
    const field = page.locator(".ql-tooltip.ql-editing input[type=text]");
    await field.fill(address);
    await field.press("Enter");
    await expect(editor.getByRole("link", { name: text })).toBeVisible();
    await editor.getByText(text).click();
    await page.keyboard.press("End");
    await page.keyboard.press("Enter");
  };
  await addLink("How it works", "/how-it-works");
  await addLink("Elsewhere", "example.com");

  const request = page.waitForRequest((sent) => sent.url().endsWith("/api/admin/posts") && sent.method() === "POST");
  await page.getByRole("button", { name: "Publish" }).click();
  const { content } = (await request).postDataJSON() as { content: string };
  expect(content).toContain('<a href="/how-it-works">How it works</a>');
  expect(content).toContain('<a href="https://example.com/" rel="noopener noreferrer" target="_blank">Elsewhere</a>');

  await page.goto(`/blog/${slugify(title)}`);
  // Within the article's body: other tests' posts (listed as related articles) may share a word.
  const body = page.locator(".article-body");
  const internal = body.getByRole("link", { name: "How it works", exact: true });
  await expect(internal).toHaveAttribute("href", "/how-it-works");
  await expect(internal).not.toHaveAttribute("target", /.*/);
  await expect(body.getByRole("link", { name: "Elsewhere", exact: true })).toHaveAttribute("target", "_blank");
});
