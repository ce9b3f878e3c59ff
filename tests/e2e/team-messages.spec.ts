import type { Locator, Page } from "@playwright/test";
import { axeViolations } from "../helpers/axe";
import { tinyPng, validReportFields } from "../helpers/sample-files";
import { signIn } from "./admin-session";
import { expect, test } from "./fixtures";

/**
 * The team's message that sets a status and brings a screenshot (docs/decisions/216, 217): the
 * status control asks before a change the reporter is emailed about, the composer sends text,
 * file and status in one step, and both sides see the image as a preview.
 */
test.use({ bypassCSP: true });

async function expectLoaded(image: Locator) {
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBeGreaterThan(0);
}

async function expectFitsAPhone(page: Page, what: string) {
  await page.setViewportSize({ width: 390, height: 844 });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${what}: sideways scroll at 390 px`).toBeLessThanOrEqual(0);
  expect(await axeViolations(page), `${what} at 390 px`).toEqual([]);
}

test("the team asks before a status change, then sends a question with a screenshot; the reporter sees its preview and downloads it", async ({ browser, page, request }) => {
  test.slow();
  const title = `Screenshot case ${Date.now().toString(36)}`;
  const created = await request.post("/api/security/reports", {
    headers: { "x-forwarded-for": "198.51.100.241" },
    multipart: validReportFields({ vulnerability_title: title }),
  });
  expect(created.status()).toBe(201);
  const report = (await created.json()) as { id: string; caseUrl: string };

  await signIn(page);
  await page.goto(`/admin/reports/${report.id}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);

  // The status control asks first, naming the email; cancelling leaves the status as it was.
  const status = page.getByLabel("Status", { exact: true });
  await status.selectOption({ label: "Triaged" });
  const question = page.getByRole("alert").filter({ hasText: "The reporter will be emailed" });
  await expect(question).toContainText("Change the status to Triaged?");
  await question.getByRole("button", { name: "Cancel" }).click();
  await expect(question).toHaveCount(0);
  await expect(status).toHaveValue("new");
  await page.reload();
  await expect(page.getByLabel("Status", { exact: true })).toHaveValue("new");

  // One step: the question, the screenshot and "needs more information".
  const conversation = page.getByRole("region", { name: "Conversation" });
  await conversation.getByLabel("Message to the reporter").fill("Which page shows this? A screenshot of ours is attached.");
  await conversation.getByLabel("Add files").setInputFiles({ name: "our-screenshot.png", mimeType: "image/png", buffer: tinyPng(24) });
  await conversation.getByLabel("With the message, mark the report as").selectOption({ label: "Needs more information" });
  await conversation.getByRole("button", { name: "Send and set status to Needs more information" }).click();
  await expect(page.getByText("Message sent to the reporter")).toBeVisible();
  const sent = conversation.getByRole("listitem").filter({ hasText: "Which page shows this?" });
  await expect(sent).toContainText("Status set to Needs more information");
  await expect(page.getByLabel("Status", { exact: true })).toHaveValue("needs_more_info");
  await expectLoaded(sent.getByRole("img", { name: "Preview of our-screenshot.png" }));
  await expectFitsAPhone(page, "the report page");

  // The reporter sees the step, the preview, and downloads the file through the case link.
  const reporter = await (await browser.newContext({ bypassCSP: true })).newPage();
  await reporter.goto(new URL(report.caseUrl).pathname);
  const entry = reporter.getByRole("listitem").filter({ hasText: "Which page shows this?" });
  // In the reporter's words for the status.
  await expect(entry).toContainText("Status changed: Waiting for your reply");
  await expectLoaded(entry.getByRole("img", { name: "Preview of our-screenshot.png" }));
  const downloading = reporter.waitForEvent("download");
  await entry.getByRole("link", { name: "our-screenshot.png" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe("our-screenshot.png");
  expect(await download.path()).toBeTruthy();
  await expectFitsAPhone(reporter, "the case page");
  await reporter.context().close();
});
