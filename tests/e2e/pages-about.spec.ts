import type { Page } from "@playwright/test";
import { fetchServerPage } from "../helpers/server-html";
import { sharedDataDir } from "./blog-data";
import { expect, test } from "./fixtures";
import { seedPages } from "./page-data";

test("/about tells the mission, the approach and who we serve", async ({ page }) => {
  await page.goto("/about");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("About us");
  await expect(page.getByRole("heading", { level: 2 })).toContainText([
    "Make workplace learning something people keep",
    "Principles we build on",
    "Built with the people who own training",
    "Commitments we hold ourselves to",
  ]);
  const audience = page.getByRole("region", { name: "Built with the people who own training" });
  await expect(audience.getByRole("heading", { level: 3 })).toHaveText(["L&D leaders", "Compliance officers", "Sales managers"]);
  await page.getByRole("link", { name: "Responsible Disclosure Policy" }).click();
  await expect(page).toHaveURL(/\/security$/);
});

test("/about content is in the server HTML", async ({ request }) => {
  const { text } = await fetchServerPage(request, "/about");
  expect(text).toContain("Make workplace learning something people keep");
  expect(text).toContain("Measure understanding, not attendance");
});

/** How a rich-text block's list, list item and link look, as the browser computed them. */
async function richTextLook(page: Page, region: string) {
  const body = page.getByRole("region", { name: region }).locator(".article-body");
  return body.evaluate((root) => {
    const style = (selector: string) => getComputedStyle(root.querySelector(selector)!);
    const list = style("ul");
    const link = style("a");
    return {
      bullets: list.listStyleType,
      indent: list.paddingLeft,
      itemSpacing: style("li + li").marginTop,
      linkColour: link.color,
      linkUnderline: link.textDecorationLine,
    };
  });
}

test("rich text looks the same on /about as on a landing page: bullets, spacing and links that look like links", async ({ page }) => {
  const path = `/rich-text-look-${Date.now().toString(36)}`;
  const html = '<ul><li>First promise<br><a href="/security">A page that keeps it</a></li><li>Second promise</li></ul>';
  await seedPages(sharedDataDir(), [
    { path, title: "Rich text look", blocks: [{ id: "look", type: "rich_text", hidden: false, title: "Our promises", html }] },
  ]);
  await page.goto("/about");
  const about = await richTextLook(page, "Commitments we hold ourselves to");
  expect(about.bullets).toBe("disc");
  expect(about.indent).not.toBe("0px");
  expect(about.linkUnderline).toBe("underline");
  await page.goto(path);
  expect(await richTextLook(page, "Our promises")).toEqual(about);
});
