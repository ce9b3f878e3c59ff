import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { validReportFields } from "../helpers/sample-files";
import { axeViolations } from "../helpers/axe";
import { signIn } from "./admin-session";
import { expect, test } from "./fixtures";

/**
 * The reporter sees the team's assessment and suggests a vector with the team's calculator; the
 * team sees the suggestion scored and writes internal notes the reporter never sees
 * (docs/decisions/214, 215). Reports are filed through the API, each from its own client.
 */
test.use({ bypassCSP: true });
test.describe.configure({ timeout: 90_000 });

const TEAM_VECTOR = "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:N/A:N";
const SUGGESTED = "CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N";

let nextClient = 221;

async function fileReport(request: APIRequestContext, title: string) {
  const created = await request.post("/api/security/reports", {
    headers: { "x-forwarded-for": `198.51.100.${nextClient++}` },
    multipart: validReportFields({ vulnerability_title: title }),
  });
  expect(created.status()).toBe(201);
  const report = (await created.json()) as { id: string; caseUrl: string };
  return { id: report.id, casePath: new URL(report.caseUrl).pathname };
}

/** The reporter: a browser of their own, with no admin session. */
async function reporterPage(browser: Browser, casePath: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto(casePath);
  await expect(page.getByRole("heading", { level: 1, name: "Your vulnerability report" })).toBeVisible();
  return page;
}

/** A due day as the case page writes it. */
function dayWords(day: string): string {
  return new Date(`${day}T12:00:00Z`).toLocaleDateString("en-GB", { weekday: "long", day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
}

async function noSidewaysScroll(page: Page, what: string) {
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `${what} at 390 px`).toBeLessThanOrEqual(390);
  expect(await axeViolations(page), `${what} at 390 px`).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 900 });
}

test.describe("the assessment on the case page", () => {
  // The refused vector is answered 400, on purpose.
  test.use({ allowedConsoleErrors: [/status of 400/] });

  test("the reporter sees severity, vector, score and the next deadline, and suggests a vector the team then sees scored", async ({ browser, page, request }) => {
    test.slow();
    const title = `assessed-${Date.now().toString(36)}`;
    const report = await fileReport(request, title);
    const token = await signIn(page);
    const patched = await request.patch(`/api/admin/security/reports/${report.id}`, {
      headers: { authorization: `Bearer ${token}` },
      data: { status: "triaged", assessed_severity: "High", cvss_vector: TEAM_VECTOR },
    });
    expect(patched.status()).toBe(200);
    const nextDue = ((await patched.json()) as { report: { next_due: { step: string; by: string } } }).report.next_due;
    expect(nextDue.step).toBe("resolve");

    const reporter = await reporterPage(browser, report.casePath);
    const panel = reporter.getByRole("region", { name: "The team's assessment" });
    await expect(panel.locator("[data-assessment=assessed_severity]")).toHaveText("High");
    await expect(panel.locator("[data-assessment=cvss_vector]")).toHaveText(TEAM_VECTOR);
    await expect(panel.locator("[data-assessment=cvss_score]")).toHaveText("7.5 (High)");
    // The team's own deadline, the same day.
    await expect(panel.locator("[data-assessment=next_deadline]")).toHaveText(`Resolve the issue by ${dayWords(nextDue.by)}`);
    expect(await axeViolations(reporter), "case page with the assessment").toEqual([]);

    // "Suggest a severity" brings the team's calculator; a vector that is not one is refused and kept.
    await panel.getByRole("button", { name: "Suggest a severity" }).click();
    await expect(panel.getByRole("button", { name: "Suggest a severity" })).toHaveAttribute("aria-expanded", "true");
    const vector = panel.getByLabel("Your CVSS vector");
    await vector.fill("CVSS:4.0/AV:N");
    await panel.getByRole("button", { name: "Send suggestion" }).click();
    await expect(panel.getByText(/^Enter a complete CVSS 4.0 or 3.1 vector/)).toBeVisible();
    await expect(vector).toHaveValue("CVSS:4.0/AV:N");
    await expect(vector).toHaveAttribute("aria-invalid", "true");

    // The calculator edits the same text: a local attack vector, then Network chosen from its metrics.
    await vector.fill(SUGGESTED.replace("AV:N", "AV:L"));
    const calculator = panel.getByRole("region", { name: "CVSS calculator" });
    await calculator.getByRole("button", { name: "Choose the metrics" }).click();
    await calculator.getByRole("group", { name: "Attack Vector (AV)" }).getByRole("radio", { name: "Network", exact: true }).check();
    await expect(vector).toHaveValue(SUGGESTED);
    await expect(calculator.getByRole("status")).toHaveText("This vector scores 9.3 (Critical)");
    await noSidewaysScroll(reporter, "case page with the calculator");

    await panel.getByRole("button", { name: "Send suggestion" }).click();
    await expect(panel.getByRole("status").filter({ hasText: "Suggestion sent: it scores 9.3 (Critical)." })).toBeVisible();
    await expect(reporter.getByRole("listitem").filter({ hasText: "You suggested" })).toContainText(`${SUGGESTED}, 9.3 (Critical)`);
    // The team's assessment is unchanged by it.
    await expect(panel.locator("[data-assessment=cvss_score]")).toHaveText("7.5 (High)");

    // The team sees it scored beside its own assessment, and on the timeline; it can take the vector.
    await page.goto(`/admin/reports/${report.id}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    const assessment = page.getByRole("region", { name: "Assessment" });
    const suggestion = assessment.locator("[data-reporter-suggestion]");
    await expect(suggestion).toContainText(SUGGESTED);
    await expect(suggestion).toContainText("Scores 9.3 (Critical)");
    await expect(page.getByRole("listitem").filter({ hasText: `Suggested ${SUGGESTED}, scoring 9.3 (Critical) by the reporter` })).toBeVisible();
    await suggestion.getByRole("button", { name: "Use the reporter's vector" }).click();
    await expect(assessment.getByLabel("CVSS vector")).toHaveValue(SUGGESTED);
    expect(await axeViolations(page), "report page with the suggestion").toEqual([]);
  });

  test("while the team waits for the reporter, the case page shows the deadline as paused", async ({ browser, page, request }) => {
    const report = await fileReport(request, `paused-${Date.now().toString(36)}`);
    const token = await signIn(page);
    const asked = await request.patch(`/api/admin/security/reports/${report.id}`, { headers: { authorization: `Bearer ${token}` }, data: { status: "needs_more_info" } });
    expect(asked.status()).toBe(200);
    const reporter = await reporterPage(browser, report.casePath);
    const panel = reporter.getByRole("region", { name: "The team's assessment" });
    await expect(panel.locator("[data-assessment=next_deadline]")).toHaveText(/^Paused while we wait for your reply \(next: \w/);
    await expect(panel.locator("[data-assessment=assessed_severity]")).toHaveText("Not assessed yet");
  });
});

test("an internal note appears in the team's timeline, marked as such, and never on the case page", async ({ browser, page, request }) => {
  const title = `noted-${Date.now().toString(36)}`;
  const note = `Internal ${title}: waits for the auth rewrite`;
  const report = await fileReport(request, title);
  await signIn(page);
  await page.goto(`/admin/reports/${report.id}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);

  const composer = page.getByRole("region", { name: "Internal note" });
  await expect(composer.getByText("Only the team sees this")).toBeVisible();
  await composer.getByLabel("Note for the team").fill(note);
  await composer.getByRole("button", { name: "Add note" }).click();
  await expect(page.getByText("Note added for the team")).toBeVisible();
  await expect(composer.getByLabel("Note for the team")).toHaveValue("");
  const entry = page.locator("[data-internal-note]");
  await expect(entry).toContainText("Internal note");
  await expect(entry).toContainText(note);
  expect(await axeViolations(page), "report page with a note").toEqual([]);
  await noSidewaysScroll(page, "report page with a note");

  const reporter = await reporterPage(browser, report.casePath);
  await expect(reporter.getByRole("heading", { name: "Conversation and status changes" })).toBeVisible();
  await expect(reporter.getByText(note)).toHaveCount(0);
  await expect(reporter.getByText("Internal note")).toHaveCount(0);
  expect(await reporter.content()).not.toContain("auth rewrite");
});
