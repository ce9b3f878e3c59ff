import type { Page } from "@playwright/test";
import { samplePhoto } from "../helpers/sample-images";
import { signIn, unique } from "./admin-session";
import { expect, test } from "./fixtures";

// Each flow loads the editor and saves through it: room for a busy machine.
test.describe.configure({ timeout: 120_000 });

function toast(page: Page, description: string) {
  return page.locator("[data-sonner-toast]").filter({ hasText: description }).last();
}

/** A 1×1 PNG. */
const PNG_BASE64 = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";

async function pasteFile(page: Page, file: { base64: string; name: string; type: string }) {
  await page.getByRole("textbox", { name: "Content" }).evaluate((element, { base64, name, type }) => {
    const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
    const data = new DataTransfer();
    data.items.add(new File([bytes], name, { type }));
    element.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
  }, file);
}

test("a post scheduled a few seconds ahead is listed as Scheduled, then appears on /blog and in RSS by itself", async ({ page }) => {
  await signIn(page);
  await page.goto("/admin/blog/new");
  const title = unique("Scheduled post");
  await page.getByLabel("Title").fill(title);
  // The admin's local time, as the field shows and takes it.
  const when = await page.evaluate(() => {
    const date = new Date(Date.now() + 20_000);
    const pad = (value: number) => String(value).padStart(2, "0");
    return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
  });
  await page.getByLabel("Publish at (your local time)").fill(when);
  await page.getByRole("button", { name: "Schedule", exact: true }).click();
  await expect(toast(page, "Blog post created successfully")).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/blog$/);

  const postRow = page.getByRole("row").filter({ has: page.getByRole("rowheader").filter({ hasText: title }) });
  await expect(postRow.getByText("Scheduled", { exact: true })).toBeVisible();
  const api = await page.request.get("/api/posts");
  expect(JSON.stringify(await api.json())).not.toContain(title);

  // Nobody touches anything: the post shows up when its time comes.
  await expect(async () => {
    await page.goto("/blog");
    await expect(page.getByRole("link").filter({ hasText: title }).first()).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 90_000 });
  const rss = await page.request.get("/rss.xml");
  expect(await rss.text()).toContain(title);
  await page.goto("/admin/blog");
  await expect(postRow.getByText("Published", { exact: true })).toBeVisible();
});

test.describe("images in the editor", () => {
  test.use({ allowedConsoleErrors: [/status of 415/] });

  test("a pasted image is uploaded and shown from its address, never stored as base64; other types are refused", async ({ page, browser }) => {
    await signIn(page);
    await page.goto("/admin/blog/new");
    const title = unique("Pasted image");
    await page.getByLabel("Title").fill(title);
    await page.getByRole("textbox", { name: "Content" }).click();

    await pasteFile(page, { base64: btoa("<svg xmlns='http://www.w3.org/2000/svg'/>"), name: "x.svg", type: "image/svg+xml" });
    await expect(toast(page, "Only PNG, JPEG, WebP and GIF images can be uploaded.")).toBeVisible();

    await pasteFile(page, { base64: PNG_BASE64, name: "pasted.png", type: "image/png" });
    // Each new image asks for its alternative text (decision 183).
    const describe = page.getByRole("dialog", { name: "Describe this image" });
    await describe.getByLabel("Alternative text").fill("A pixel");
    await describe.getByRole("button", { name: "Save description" }).click();
    const image = page.getByRole("textbox", { name: "Content" }).locator("img");
    await expect(image).toHaveAttribute("src", /^\/media\/[a-f0-9]{64}\.png$/);
    const src = (await image.getAttribute("src"))!;
    // The browser really loaded it from that address.
    await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBe(1);
    // A photograph wider than the smaller copies.
    await pasteFile(page, { base64: (await samplePhoto(1100, 600)).toString("base64"), name: "wide.jpg", type: "image/jpeg" });
    await describe.getByLabel(/Decorative image/).check();
    await describe.getByRole("button", { name: "Save description" }).click();
    const wide = page.getByRole("textbox", { name: "Content" }).locator('img[src$=".jpg"]');
    await expect(wide).toHaveAttribute("src", /^\/media\/[a-f0-9]{64}\.jpg$/);
    const wideSrc = (await wide.getAttribute("src"))!;

    const request = page.waitForRequest((sent) => sent.url().endsWith("/api/admin/posts") && sent.method() === "POST");
    await page.getByRole("button", { name: "Publish", exact: true }).click();
    const { content, slug } = (await request).postDataJSON() as { content: string; slug: string };
    await expect(toast(page, "Blog post created successfully")).toBeVisible();
    expect(content).toContain(`<img src="${src}" alt="A pixel">`);
    expect(content).toContain(`<img src="${wideSrc}" alt="">`);
    expect(content).not.toContain("data:");

    const served = await page.request.get(src);
    expect(served.status()).toBe(200);
    expect(served.headers()).toMatchObject({
      "content-type": "image/png",
      "cache-control": "public, max-age=31536000, immutable",
      "x-content-type-options": "nosniff",
    });
    expect((await served.body()).toString("base64")).toBe(PNG_BASE64);

    await page.goto(`/blog/${slug}`);
    await expect(page.locator(`main img[src="${src}"]`)).toBeVisible();
    // The wide one comes with its smaller copies, each answering; the browser picks one of them.
    const copies = [480, 960].map((width) => wideSrc.replace(".jpg", `-${width}w.webp`));
    const shown = page.locator(`main img[src="${wideSrc}"]`);
    await expect(shown).toHaveAttribute("srcset", `${copies[0]} 480w, ${copies[1]} 960w, ${wideSrc} 1100w`);
    await expect(shown).toHaveAttribute("width", "1100");
    for (const copy of copies) {
      const answer = await page.request.get(copy);
      expect(answer.status(), copy).toBe(200);
      expect(answer.headers()).toMatchObject({ "content-type": "image/webp", "cache-control": "public, max-age=31536000, immutable", "x-content-type-options": "nosniff" });
    }
    // A reader with nothing cached (this page holds the original from the editor): in a 1280 px
    // window the 45rem column at one device pixel per CSS pixel needs the 960 px copy.
    const reader = await browser.newPage({ baseURL: new URL(page.url()).origin, viewport: { width: 1280, height: 720 }, deviceScaleFactor: 1 });
    await reader.goto(`/blog/${slug}`);
    const read = reader.locator(`main img[src="${wideSrc}"]`);
    await read.scrollIntoViewIfNeeded();
    await expect
      .poll(() => read.evaluate((element: HTMLImageElement) => (element.complete && element.naturalWidth > 0 ? element.currentSrc : "")))
      .toBe(new URL(copies[1]!, reader.url()).href);
    await reader.close();
  });

  test("an image chosen with the toolbar's Image button is uploaded too", async ({ page }) => {
    await signIn(page);
    await page.goto("/admin/blog/new");
    await page.getByRole("textbox", { name: "Content" }).click();
    const chooser = page.waitForEvent("filechooser");
    await page.getByRole("button", { name: "Image", exact: true }).click();
    await (await chooser).setFiles({ name: "chosen.gif", mimeType: "image/gif", buffer: Buffer.from("R0lGODlhAQABAIAAAP///wAAACwAAAAAAQABAAACAkQBADs=", "base64") });
    await expect(page.getByRole("textbox", { name: "Content" }).locator("img")).toHaveAttribute("src", /^\/media\/[a-f0-9]{64}\.gif$/);
  });

  test("the featured image can be uploaded instead of typed", async ({ page }) => {
    await signIn(page);
    await page.goto("/admin/blog/new");
    await page.getByLabel("Title").fill(unique("Uploaded featured image"));
    await page.getByLabel("Upload image for the featured image").setInputFiles({
      name: "cover.png",
      mimeType: "image/png",
      buffer: Buffer.from(PNG_BASE64, "base64"),
    });
    await expect(page.getByLabel("Featured Image URL", { exact: true })).toHaveValue(/^\/media\/[a-f0-9]{64}\.png$/);
  });
});

test("changing a published post's slug and SEO title: the old address answers 301 to the new one", async ({ page }) => {
  const token = await signIn(page);
  const title = unique("Renamed");
  const oldSlug = title.toLowerCase().replace(/[^a-z0-9]+/g, "-");
  const created = await page.request.post("/api/admin/posts", {
    headers: { authorization: `Bearer ${token}` },
    data: { title, slug: oldSlug, published: true, content: "<p>Body text</p>" },
  });
  expect(created.status()).toBe(201);

  await page.goto("/admin/blog");
  await page.getByRole("link", { name: `Edit ${title}` }).click();
  const slugField = page.getByRole("textbox", { name: "Slug", exact: true });
  await expect(slugField).toHaveValue(oldSlug);
  const newSlug = `${oldSlug}-moved`;
  await slugField.fill(newSlug);
  await page.getByLabel("Search headline").fill("A sharper search title");
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(toast(page, "Blog post updated successfully")).toBeVisible();

  const old = await page.request.get(`/blog/${oldSlug}`, { maxRedirects: 0 });
  expect(old.status()).toBe(301);
  expect(old.headers().location).toBe(`/blog/${newSlug}`);
  const oldApi = await page.request.get(`/api/posts/${oldSlug}`, { maxRedirects: 0 });
  expect(oldApi.status()).toBe(301);
  expect(oldApi.headers().location).toBe(`/api/posts/${newSlug}`);

  await page.goto(`/blog/${oldSlug}`);
  await expect(page).toHaveURL(new RegExp(`/blog/${newSlug}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  await expect(page).toHaveTitle(/^A sharper search title \| /);
});

test("hostile text in the SEO fields stays text in the article's head and runs nothing", async ({ page }) => {
  const token = await signIn(page);
  await page.addInitScript(() => {
    (window as { __xss?: string }).__xss = undefined;
  });
  const hostile = `</title><script>window.__xss="title"</script><img src=x onerror="window.__xss='img'">`;
  const slug = unique("seo-hostile").toLowerCase().replace(/[^a-z0-9]+/g, "-");
  const created = await page.request.post("/api/admin/posts", {
    headers: { authorization: `Bearer ${token}` },
    data: {
      title: "Plain title",
      slug,
      published: true,
      meta_title: hostile,
      meta_description: `"><script>window.__xss="description"</script>`,
      social_image_url: `https://example.com/a.png?q="><script>window.__xss="image"</script>`,
    },
  });
  expect(created.status()).toBe(201);
  const refused = await page.request.post("/api/admin/posts", {
    headers: { authorization: `Bearer ${token}` },
    data: { title: "Refused", slug: `${slug}-refused`, social_image_url: "javascript:alert(1)" },
  });
  expect(refused.status()).toBe(400);

  await page.goto(`/blog/${slug}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Plain title");
  expect(await page.title()).toBe(`${hostile} | Dialogic`);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", `"><script>window.__xss="description"</script>`);
  expect(await page.evaluate(() => (window as { __xss?: string }).__xss)).toBeUndefined();
  expect(await page.locator("head img, head script:not([nonce]):not([type='application/ld+json'])").count()).toBe(0);
});
