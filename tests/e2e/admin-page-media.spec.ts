import type { Page } from "@playwright/test";
import { axeViolations } from "../helpers/axe";
import { samplePhoto } from "../helpers/sample-images";
import { signIn } from "./admin-session";
import { expect, test } from "./fixtures";

test.use({ bypassCSP: true, reducedMotion: "reduce" });

/** An address no other test (or earlier run against the same server) takes. */
function freshAddress(): string {
  return `/media-landing-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

async function addBlock(page: Page, label: string) {
  await page.getByRole("button", { name: "Add block" }).click();
  await page.getByRole("list", { name: "Block library" }).getByRole("button", { name: new RegExp(`^${label}`) }).click();
}

test("an image block from the media library: uploaded, chosen, described, dragged below the hero, published with its WebP copies", async ({ page }) => {
  test.slow();
  await signIn(page);
  const address = freshAddress();
  const heroTitle = `Product tour ${address.slice(15)}`;
  // A real PNG of its own (a size no other run uses), wide enough for two smaller WebP copies.
  const png = await samplePhoto(1000 + Math.floor(Math.random() * 200), 600, "png");

  await page.goto("/admin/pages/new");
  await expect(page.getByRole("heading", { level: 1, name: "New page" })).toBeVisible();
  await page.getByLabel("Page title (admin)").fill(`Landing ${address}`);
  await page.getByLabel("Address", { exact: true }).fill(address);
  await addBlock(page, "Image");
  const imageBlock = page.getByRole("region", { name: "Block 1: Image" });

  // The dialog: labelled, the focus inside, Escape closes it and gives the focus back.
  const choose = imageBlock.getByRole("button", { name: "Choose image for Image address" });
  await choose.click();
  const dialog = page.getByRole("dialog", { name: "Choose an image" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText("Loading images...")).toBeHidden();
  expect(await page.evaluate(() => document.activeElement?.closest("dialog") !== null)).toBe(true);
  expect(await axeViolations(page), "the media library").toEqual([]);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(choose).toBeFocused();

  // Upload through the dialog: the new image is used at once (issue 44): the dialog closes, the
  // address is filled and the focus goes to the alternative text.
  await choose.click();
  await dialog.getByLabel("Upload image").setInputFiles({ name: "tour.png", mimeType: "image/png", buffer: png });
  await expect(dialog).toBeHidden();
  await expect(imageBlock.getByRole("textbox", { name: "Image address" })).toHaveValue(/^\/media\/[a-f0-9]{64}\.png$/);
  const src = await imageBlock.getByRole("textbox", { name: "Image address" }).inputValue();
  const alt = imageBlock.getByRole("textbox", { name: "Alternative text" });
  await expect(alt).toBeFocused();
  // Alt text is required unless the image is decorative: the schema's message, on leaving the field.
  await alt.blur();
  await expect(imageBlock.getByText("Describe the image, or mark it as decorative")).toBeVisible();
  await alt.fill("The trainer's dashboard, a conversation scored");
  await expect(imageBlock.getByText("Describe the image, or mark it as decorative")).toBeHidden();

  // The hero comes second; dragging the image below it puts the hero first, in the list and the preview.
  await addBlock(page, "Hero");
  const heroBlock = page.getByRole("region", { name: "Block 2: Hero" });
  await heroBlock.getByLabel("Title", { exact: true }).fill(heroTitle);
  const preview = page.getByRole("region", { name: "Preview", exact: true }).frameLocator("iframe");
  await expect(preview.getByRole("heading", { name: heroTitle })).toBeVisible();
  const order = () => preview.locator("h1, img[src^='/media/']").evaluateAll((elements) => elements.map((element) => element.tagName));
  await expect.poll(order).toEqual(["IMG", "H1"]);

  await expect(page.getByText("Drag a block by its handle to move it; with the keyboard, use its Move up and Move down buttons.")).toBeVisible();
  // A tall window, so both blocks are on screen at once (a drag near the edge would scroll).
  await page.setViewportSize({ width: 1280, height: 2400 });
  const target = page.locator("li[data-block-id]").nth(1);
  await page.locator("li[data-block-id]").nth(0).evaluate((element) => element.scrollIntoView({ block: "start" }));
  const box = (await target.boundingBox())!;
  expect(box.y + box.height).toBeLessThan(2400);
  const handle = (await page.locator("li[data-block-id]").nth(0).locator("[data-drag-handle]").boundingBox())!;
  await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
  await page.mouse.down();
  // Over the lower half of the hero: a line shows where the image will land.
  await page.mouse.move(box.x + box.width / 2, box.y + box.height - 12, { steps: 8 });
  await expect(target.locator('[data-drop-indicator="after"]')).toBeVisible();
  await page.mouse.up();
  await expect(page.getByRole("region", { name: "Block 1: Hero" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Block 2: Image" })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "Image moved to position 2 of 2." })).toBeAttached();
  await expect.poll(order).toEqual(["H1", "IMG"]);
  await expect(page.locator("[data-drop-indicator]")).toHaveCount(0);
  expect(await axeViolations(page), "the editor").toEqual([]);

  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(page.getByText("Page published")).toBeVisible();

  // The public page: the image with its alt text and its WebP copies.
  await page.goto(address);
  await expect(page.getByRole("heading", { level: 1, name: heroTitle })).toBeVisible();
  const image = page.getByRole("img", { name: "The trainer's dashboard, a conversation scored" });
  await expect(image).toHaveAttribute("src", src);
  const srcset = (await image.getAttribute("srcset")) ?? "";
  expect(srcset).toContain(`${src.slice(0, -".png".length)}-480w.webp 480w`);
  expect(srcset).toContain(`${src.slice(0, -".png".length)}-960w.webp 960w`);
  const copy = await page.request.get(`${src.slice(0, -".png".length)}-480w.webp`);
  expect(copy.status()).toBe(200);
  expect(copy.headers()["content-type"]).toBe("image/webp");
  // The order of the editor: the hero, then the image.
  const imageAfterHeading = await image.evaluate((img) => {
    const heading = document.querySelector("h1");
    return heading ? Boolean(heading.compareDocumentPosition(img) & Node.DOCUMENT_POSITION_FOLLOWING) : false;
  });
  expect(imageAfterHeading).toBe(true);
});

test("at 390 px the media library fits the screen and the image field stays usable", async ({ page }) => {
  await signIn(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/admin/pages/new");
  await expect(page.getByRole("heading", { level: 1, name: "New page" })).toBeVisible();
  await addBlock(page, "Image");
  const imageBlock = page.getByRole("region", { name: "Block 1: Image" });
  await expect(imageBlock.getByRole("textbox", { name: "Image address" })).toBeVisible();
  await imageBlock.getByRole("button", { name: "Choose image for Image address" }).click();
  const dialog = page.getByRole("dialog", { name: "Choose an image" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText("Loading images...")).toBeHidden();
  const box = (await dialog.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
  expect(await axeViolations(page), "the media library at 390 px").toEqual([]);
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toBeHidden();
  await expect(imageBlock.getByRole("button", { name: "Choose image for Image address" })).toBeFocused();
});
