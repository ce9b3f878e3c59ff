import { readFile } from "node:fs/promises";
import type { Browser, Page } from "@playwright/test";
import { caseTexts } from "../../domain/disclosure-case";
import { correctionTexts } from "../../domain/report-correction";
import { REPORT_REFERENCE_PATTERN } from "../../domain/vulnerability-report";
import { axeViolations } from "../helpers/axe";
import { startBuiltServer, type BuiltServer } from "../helpers/built-server";
import { tinyPng, validReportFields } from "../helpers/sample-files";
import { startSmtpServer, type TestSmtpServer } from "../helpers/smtp-server";
import { signIn } from "./admin-session";
import { expect, test as base } from "./fixtures";

/**
 * The disclosure loop as both sides meet it: a server of its own that sends its email to a real
 * SMTP server in this test, so the reporter's emails can be read.
 */
const test = base.extend<{ digestSeconds: string; site: BuiltServer & { smtp: TestSmtpServer } }>({
  // The team's changes reach the reporter as one email a few seconds later (docs/decisions/188).
  digestSeconds: ["2", { option: true }],
  site: async ({ browser, digestSeconds }, provide) => {
    const smtp = await startSmtpServer();
    const server = await startBuiltServer({ env: { SMTP_URL: smtp.url, PAGE_CACHE_CHECK_MS: "0", DISCLOSURE_REPORTER_DIGEST_SECONDS: digestSeconds } });
    await provide({ ...server, smtp });
    for (const context of browser.contexts()) await context.close();
    await server.stop();
    await smtp.close();
  },
});
test.describe.configure({ timeout: 120_000 });

const FIELD_LABELS: Record<string, string> = {
  reporter_name: "Full Name",
  reporter_email: "Email Address",
  company: "Company (Optional)",
  asset_affected: "Asset Affected",
  vulnerability_title: "Vulnerability Title",
  description: "Detailed Description",
  reproduction_steps: "Steps to Reproduce",
  impact: "Impact",
};
const SELECT_LABELS: Record<string, string> = {
  vrt_category: "VRT Category",
  vrt_subcategory: "VRT Subcategory",
  weakness_type: "Weakness Type",
  severity: "Severity",
};

type FileToSend = { name: string; mimeType: string; buffer: Buffer };

/** Files a report through the form, with files if given, and answers the case link from the success screen. */
async function fileReport(page: Page, url: string, values: Record<string, string>, files: FileToSend[] = []): Promise<{ reference: string; caseLink: string }> {
  await page.goto(`${url}/security/submit`);
  await expect(page.getByRole("button", { name: "Submit Vulnerability Report" })).toBeEnabled();
  for (const [name, label] of Object.entries(FIELD_LABELS)) await page.getByLabel(label, { exact: true }).fill(values[name]!);
  for (const [name, label] of Object.entries(SELECT_LABELS)) await page.getByLabel(label, { exact: true }).selectOption(values[name]!);
  if (files.length > 0) {
    await page.getByLabel("Choose files").setInputFiles(files);
    await expect(page.getByRole("list", { name: "Chosen files" }).getByRole("listitem")).toHaveCount(files.length);
  }
  await page.getByRole("button", { name: "Submit Vulnerability Report" }).click();
  const confirmation = page.getByRole("status").filter({ hasText: "Report received" });
  await expect(confirmation).toBeVisible();
  const reference = (await confirmation.locator("[data-reference]").textContent())!.trim();
  expect(reference).toMatch(REPORT_REFERENCE_PATTERN);
  const caseLink = await confirmation.getByRole("link", { name: "Open your case page" }).getAttribute("href");
  expect(caseLink).toMatch(/^\/security\/case\/[\w-]{43}$/);
  return { reference, caseLink: `${url}${caseLink}` };
}

async function emailTo(smtp: TestSmtpServer, address: string, subject: string) {
  await expect.poll(() => smtp.received.find((email) => email.rcptTo.includes(address) && email.headers.subject?.includes(subject)), { timeout: 15_000 }).toBeTruthy();
  return smtp.received.find((email) => email.rcptTo.includes(address) && email.headers.subject?.includes(subject))!;
}

test("a reporter follows their report from the case link, answers the team with a file, and chooses how to be thanked", async ({ browser, site }) => {
  const reporterContext = await browser.newContext();
  const reporter = await reporterContext.newPage();
  const fields = validReportFields({ reporter_email: "ada@example.com", vulnerability_title: "Open redirect on the login page" });
  const { reference, caseLink } = await fileReport(reporter, site.url, fields);

  // A fresh browser with no admin session opens the link: the report is received.
  const fresh = await (await browser.newContext()).newPage();
  const opened = await fresh.goto(caseLink);
  expect(opened?.status()).toBe(200);
  expect(opened?.headers()["cache-control"]).toBe("no-store");
  expect(opened?.headers()["referrer-policy"]).toBe("no-referrer");
  await expect(fresh.getByRole("heading", { level: 1, name: "Your vulnerability report" })).toBeVisible();
  await expect(fresh.getByText(reference)).toBeVisible();
  await expect(fresh.getByText(/^Received: waiting for our first review/)).toBeVisible();
  await expect(fresh.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);

  // The team asks a question from the report's admin page.
  const team = await (await browser.newContext()).newPage();
  await signIn(team, { url: site.url, password: site.adminPassword });
  await team.goto(`${site.url}/admin/reports`);
  await team.getByRole("link", { name: "Open redirect on the login page" }).click();
  await team.getByLabel("Message to the reporter").fill("Thanks! Which browser did you use? Our notes: https://example.com/notes");
  await team.getByRole("button", { name: "Send message" }).click();
  await expect(team.getByText("Which browser did you use?")).toBeVisible();
  await team.getByLabel("Status", { exact: true }).selectOption({ label: "Needs more information" });
  // A change the reporter is emailed about is asked first (docs/decisions/216).
  await team.getByRole("button", { name: "Change and email the reporter" }).click();
  await expect(team.getByText("Needs more information").first()).toBeVisible();

  // The reporter reads it in their email and on the case page.
  const question = await emailTo(site.smtp, "ada@example.com", "New message about your vulnerability report");
  expect(question.text).toContain("Which browser did you use?");
  const emailedLink = /http:\/\/\S+\/security\/case\/[\w-]{43}/.exec(question.text)![0];
  await fresh.goto(emailedLink);
  await expect(fresh.getByText("Which browser did you use?")).toBeVisible();
  await expect(fresh.getByRole("link", { name: "https://example.com/notes" })).toHaveAttribute("rel", /noreferrer/);
  await expect(fresh.getByText(/^Waiting for your reply/).first()).toBeVisible();

  // They reply with a screenshot.
  await fresh.getByLabel("Your message").fill("Firefox 140 on Linux. Screenshot attached.");
  await fresh.getByLabel("Add files").setInputFiles({ name: "redirect.png", mimeType: "image/png", buffer: tinyPng() });
  await fresh.getByRole("button", { name: "Send message" }).click();
  await expect(fresh.getByRole("status").filter({ hasText: "Message sent" })).toBeVisible();
  await expect(fresh.getByRole("link", { name: "redirect.png" })).toBeVisible();
  await emailTo(site.smtp, "security@dialogic.localhost", "Reporter replied");

  // The team sees both, and resolves the report.
  await team.reload();
  await expect(team.getByText("Firefox 140 on Linux. Screenshot attached.")).toBeVisible();
  await expect(team.getByText("redirect.png")).toBeVisible();
  await team.getByLabel("Status", { exact: true }).selectOption({ label: "Resolved" });
  await team.getByRole("button", { name: "Change and email the reporter" }).click();
  await expect(team.getByLabel("Status", { exact: true })).toHaveValue("resolved");

  // The reporter learns the outcome and chooses credit.
  const outcome = await emailTo(site.smtp, "ada@example.com", "Outcome of your vulnerability report");
  expect(outcome.text).toContain("Resolved: the issue is fixed");
  await fresh.reload();
  await expect(fresh.getByText(/^Resolved: the issue is fixed/).first()).toBeVisible();
  await fresh.getByLabel("Credit me as").check();
  await fresh.getByLabel("Name or handle").fill("Ada R.");
  await fresh.getByLabel("Link (optional)").fill("https://ada.example");
  await fresh.getByRole("button", { name: "Save choice" }).click();
  await expect(fresh.getByRole("status").filter({ hasText: "Your choice is saved." })).toBeVisible();

  // Another report, resolved too, whose reporter chose not to be named.
  const other = await fileReport(reporter, site.url, validReportFields({ reporter_email: "bob@example.com", vulnerability_title: "Another finding" }));
  const otherPage = await (await browser.newContext()).newPage();
  await otherPage.goto(other.caseLink);
  await otherPage.getByLabel("Do not name me").check();
  await otherPage.getByRole("button", { name: "Save choice" }).click();
  await expect(otherPage.getByRole("status").filter({ hasText: "Your choice is saved." })).toBeVisible();
  await team.goto(`${site.url}/admin/reports`);
  await team.getByRole("link", { name: "Another finding" }).click();
  await team.getByLabel("Status", { exact: true }).selectOption({ label: "Resolved" });
  await team.getByRole("button", { name: "Change and email the reporter" }).click();
  await expect(team.getByLabel("Status", { exact: true })).toHaveValue("resolved");

  // The public thanks: linked from the policy, the named reporter only.
  await fresh.goto(`${site.url}/security`);
  await fresh.getByRole("link", { name: "Security acknowledgments" }).click();
  await expect(fresh.getByRole("heading", { level: 1, name: "Security acknowledgments" })).toBeVisible();
  await expect(fresh.getByRole("link", { name: "Ada R." })).toHaveAttribute("href", "https://ada.example");
  await expect(fresh.getByRole("main").getByRole("listitem")).toHaveCount(1);
  await expect(fresh.getByText("Another finding")).toHaveCount(0);
  const securityTxt = await (await fresh.request.get(`${site.url}/.well-known/security.txt`)).text();
  expect(securityTxt).toContain(`Acknowledgments: ${site.url}/security/acknowledgments`);
});

test.describe("a lost or wrong link", () => {
  // The wrong link's page is a 404, which the browser reports in its console.
  test.use({ allowedConsoleErrors: [/status of 404/] });

  test("a wrong case link says so, and a lost link can be asked for again without revealing anything", async ({ page, site }) => {
    const missing = await page.goto(`${site.url}/security/case/${"x".repeat(43)}`);
    expect(missing?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Case not found" })).toBeVisible();
    await page.getByRole("link", { name: "Lost your case link?" }).click();
    await page.getByLabel("Report reference").fill("VR-2026-ZZZZZZ");
    await page.getByLabel("Email address").fill("nobody@example.com");
    await page.getByRole("button", { name: "Email me a new link" }).click();
    await expect(page.getByRole("status").filter({ hasText: "If the reference and address match a report" })).toBeVisible();
  });
});

test.describe("the case's links and its limits", () => {
  // The ended link's page is a 404 and the refused message a 429, which the browser reports in its console.
  test.use({ allowedConsoleErrors: [/status of 404/, /status of 429/] });

  test("asking for a new link leaves the working one, which cannot end the newer one, and a sixth message in a minute is refused with what was typed kept", async ({ browser, site }) => {
    const reporter = await (await browser.newContext()).newPage();
    const { reference, caseLink } = await fileReport(reporter, site.url, validReportFields({ reporter_email: "grace@example.com", vulnerability_title: "Links of a case" }));

    // Someone who knows the reference and the address asks for a new link.
    const stranger = await (await browser.newContext()).newPage();
    await stranger.goto(`${site.url}/security/case`);
    await stranger.getByLabel("Report reference").fill(reference);
    await stranger.getByLabel("Email address").fill("grace@example.com");
    await stranger.getByRole("button", { name: "Email me a new link" }).click();
    await expect(stranger.getByRole("status").filter({ hasText: "If the reference and address match a report" })).toBeVisible();
    const email = await emailTo(site.smtp, "grace@example.com", "Your new case link");
    const requestedLink = /http:\/\/\S+\/security\/case\/[\w-]{43}/.exec(email.text)![0];

    // The reporter's link still opens the case, which lists both links.
    expect((await reporter.goto(caseLink))?.status()).toBe(200);
    const links = reporter.getByRole("region", { name: "Links to this case" });
    const rows = links.getByRole("row");
    await expect(rows).toHaveCount(3);
    await expect(rows.filter({ hasText: "This link" })).toContainText("Confirmation of your report");
    await expect(rows.filter({ hasText: "Your request for a new link" })).toContainText("Never");
    expect(await axeViolations(reporter), "case page with its links").toEqual([]);
    // The oldest link cannot end newer ones: a leaked one must not lock the reporter out.
    await expect(links.getByRole("button", { name: "End older links" })).toHaveCount(0);
    await expect(links.getByText(caseTexts.noOlderLinks)).toBeVisible();

    // The new link, once opened, ends the ones before it: the reporter carries on with it.
    expect((await reporter.goto(requestedLink))?.status()).toBe(200);
    await expect(links.getByText("This is the only link to this case.")).toBeVisible();
    expect((await stranger.goto(caseLink))?.status()).toBe(404);

    // Five messages a minute; the sixth is refused and stays in the form.
    const message = reporter.getByLabel("Your message");
    for (let n = 1; n <= 5; n += 1) {
      await message.fill(`Message number ${n}.`);
      await reporter.getByRole("button", { name: "Send message" }).click();
      await expect(message).toHaveValue("");
    }
    await message.fill("A sixth message, kept.");
    await reporter.getByRole("button", { name: "Send message" }).click();
    await expect(reporter.getByRole("alert")).toHaveText(caseTexts.tooManyMessages);
    await expect(message).toHaveValue("A sixth message, kept.");
  });
});

/** The form's labels of every field, in the form's order, as the case page names them. */
const SENT_LABELS = ["Full Name", "Email Address", "Company (Optional)", "Asset Affected", "Vulnerability Title", "VRT Category", "VRT Subcategory", "Weakness Type", "Severity", "Detailed Description", "Steps to Reproduce", "Impact"];

/** The team, signed in on its own browser, on the admin page of the report with this title. */
async function teamOnReport(browser: Browser, site: BuiltServer, title: string): Promise<Page> {
  const team = await (await browser.newContext()).newPage();
  await signIn(team, { url: site.url, password: site.adminPassword });
  await team.goto(`${site.url}/admin/reports`);
  await team.getByRole("link", { name: title }).click();
  await expect(team.getByRole("heading", { level: 1, name: title })).toBeVisible();
  return team;
}

test("the team ends every link of a case from the report page; the reporter's link then opens nothing", async ({ browser, site }) => {
  const reporter = await (await browser.newContext()).newPage();
  const title = "A case whose link leaked";
  const { caseLink } = await fileReport(reporter, site.url, validReportFields({ reporter_email: "lin@example.com", vulnerability_title: title }));
  expect((await reporter.goto(caseLink))?.status()).toBe(200);

  const team = await teamOnReport(browser, site, title);
  const section = team.getByRole("region", { name: "The reporter's case links" });
  await expect(section).toContainText("The reporter can ask for a new link");
  team.once("dialog", (dialog) => void dialog.accept());
  await section.getByRole("button", { name: "End every case link" }).click();
  await expect(team.locator("[data-sonner-toast]").filter({ hasText: "Every case link ended" })).toBeVisible();
  expect((await reporter.goto(caseLink))?.status()).toBe(404);
});

test("a report sent with a file shows every field and the file on its case page, where the file downloads; axe clean, no sideways scroll at 390 px", async ({ browser, site }) => {
  const reporter = await (await browser.newContext({ bypassCSP: true })).newPage();
  const fields = validReportFields({ reporter_email: "mei@example.com", company: "", vulnerability_title: "Invoices readable by number" });
  const png = tinyPng(9);
  const { caseLink } = await fileReport(reporter, site.url, fields, [{ name: "invoice-proof.png", mimeType: "image/png", buffer: png }]);

  await reporter.goto(caseLink);
  const sent = reporter.getByRole("region", { name: "Your report as sent" });
  await expect(sent.getByRole("term")).toHaveText(SENT_LABELS);
  await expect(sent.getByRole("definition")).toHaveText([
    fields.reporter_name!,
    "mei@example.com",
    "Not given",
    fields.asset_affected!,
    "Invoices readable by number",
    fields.vrt_category!,
    "Other",
    fields.weakness_type!,
    fields.severity!,
    fields.description!,
    fields.reproduction_steps!,
    fields.impact!,
  ]);
  // What happens next: the first step and its day.
  await expect(reporter.getByText(/^We aim to respond by \w+day, \d+ \w+ \d{4}\.$/)).toBeVisible();

  const downloading = reporter.waitForEvent("download");
  await sent.getByRole("link", { name: "invoice-proof.png" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe("invoice-proof.png");
  expect((await readFile(await download.path())).equals(png)).toBe(true);

  expect(await axeViolations(reporter), "case page").toEqual([]);
  await reporter.setViewportSize({ width: 390, height: 844 });
  await sent.getByRole("button", { name: "Correct the report" }).click();
  await expect(sent.getByLabel("Detailed Description")).toBeVisible();
  expect(await reporter.evaluate(() => document.documentElement.scrollWidth), "page width at 390 px").toBeLessThanOrEqual(390);
});

test("the team asks for more information, the researcher replies, and the report is back in the team's queue: counted by the Reports badge, 'being reviewed' on the case page", async ({ browser, site }) => {
  const reporter = await (await browser.newContext()).newPage();
  const title = "Session fixation at sign-in";
  const { caseLink } = await fileReport(reporter, site.url, validReportFields({ reporter_email: "noor@example.com", vulnerability_title: title }));
  const team = await teamOnReport(browser, site, title);
  const reportsLink = team.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: /^Reports/ });
  await expect(reportsLink).toHaveAccessibleName("Reports 1 waiting for the team");

  await team.getByLabel("Message to the reporter").fill("Which browser and version did you use?");
  await team.getByRole("button", { name: "Send message" }).click();
  await expect(team.getByText("Which browser and version did you use?")).toBeVisible();
  await team.getByLabel("Status", { exact: true }).selectOption({ label: "Needs more information" });
  await team.getByRole("button", { name: "Change and email the reporter" }).click();
  await expect(team.getByLabel("Status", { exact: true })).toHaveValue("needs_more_info");
  await team.reload();
  await expect(reportsLink).toHaveAccessibleName("Reports");
  // The deadlines say the clock stands still, and since when.
  await expect(team.getByRole("region", { name: "Deadlines" }).getByText(/^Paused: waiting for the reporter since /).first()).toBeVisible();

  await reporter.goto(caseLink);
  await expect(reporter.getByText(caseTexts.waitingForYou)).toBeVisible();
  // The reply takes files in the report form's drop zone.
  await expect(reporter.getByRole("region", { name: "Reply" }).getByText("Drag and drop files here")).toBeVisible();
  await reporter.getByLabel("Your message").fill("Chromium 131 on Debian 13.");
  await reporter.getByRole("button", { name: "Send message" }).click();
  await expect(reporter.getByRole("status").filter({ hasText: "Message sent" })).toBeVisible();
  await expect(reporter.getByText(caseTexts.reviewingReply)).toBeVisible();
  await reporter.reload();
  await expect(reporter.getByText(caseTexts.reviewingReply)).toBeVisible();
  await expect(reporter.getByText(caseTexts.waitingForYou)).toHaveCount(0);

  // Back in the team's queue: the badge counts it, and the report is no longer waiting for the reporter.
  await team.reload();
  await expect(reportsLink).toHaveAccessibleName("Reports 1 waiting for the team");
  await expect(team.getByLabel("Status", { exact: true })).not.toHaveValue("needs_more_info");
  await expect(team.getByText("Chromium 131 on Debian 13.")).toBeVisible();
  // The timeline says what moved the status: the reporter's reply, not a choice of theirs.
  await expect(team.getByText(/^Back to the team after the reporter's reply \(/)).toBeVisible();
  await expect(reporter.getByText(`${caseTexts.backAfterReply}:`, { exact: false })).toBeVisible();
});

test.describe("the team's changes as one email", () => {
  // Long enough for three changes made by hand; the email goes this long after the first.
  test.use({ digestSeconds: "20" });

  test("three changes by the team within a minute reach the reporter as one email", async ({ browser, site }) => {
    const address = "kim@example.com";
    const title = "CSRF on the profile form";
    const reporter = await (await browser.newContext()).newPage();
    const { reference } = await fileReport(reporter, site.url, validReportFields({ reporter_email: address, vulnerability_title: title }));
    await emailTo(site.smtp, address, `We received your vulnerability report ${reference}`);
    const team = await teamOnReport(browser, site, title);

    const started = Date.now();
    await team.getByLabel("Status", { exact: true }).selectOption({ label: "Triaged" });
    await team.getByRole("button", { name: "Change and email the reporter" }).click();
    await expect(team.getByLabel("Status", { exact: true })).toHaveValue("triaged");
    await team.getByLabel("Message to the reporter").fill("We reproduced it and are fixing it.");
    await team.getByRole("button", { name: "Send message" }).click();
    await expect(team.getByText("We reproduced it and are fixing it.")).toBeVisible();
    await team.getByLabel("Status", { exact: true }).selectOption({ label: "Resolved" });
    await team.getByRole("button", { name: "Change and email the reporter" }).click();
    await expect(team.getByLabel("Status", { exact: true })).toHaveValue("resolved");
    expect(Date.now() - started, "the three changes took less than a minute").toBeLessThan(60_000);

    const toReporter = () => site.smtp.received.filter((email) => email.rcptTo.includes(address));
    await expect.poll(() => toReporter().length, { timeout: 45_000 }).toBe(2);
    const digest = toReporter()[1]!;
    expect(digest.headers.subject).toContain(`[${reference}] Outcome of your vulnerability report`);
    for (const news of ["Confirmed: we are working on a fix", "We reproduced it and are fixing it.", "Resolved: the issue is fixed"]) expect(digest.text).toContain(news);
    // Nothing else follows: the three were one email.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(toReporter()).toHaveLength(2);
  });
});

test("the reporter corrects the description before triage and the team sees the revision; once the team changes the status, the correction is refused", async ({ browser, site }) => {
  const reporter = await (await browser.newContext({ bypassCSP: true })).newPage();
  const title = "Password reset token reuse";
  const fields = validReportFields({ reporter_email: "ines@example.com", vulnerability_title: title });
  const { caseLink } = await fileReport(reporter, site.url, fields);
  await reporter.goto(caseLink);
  const sent = reporter.getByRole("region", { name: "Your report as sent" });

  await sent.getByRole("button", { name: "Correct the report" }).click();
  const description = sent.getByLabel("Detailed Description");
  await expect(description).toBeFocused();
  await expect(description).toHaveValue(fields.description!);
  // The report form's rule, and its message, beside the field.
  await description.fill("Too short.");
  await sent.getByRole("button", { name: "Save correction" }).click();
  await expect(description).toHaveAccessibleDescription(/Description must be at least 50 characters/);
  const corrected = `${fields.description} The token also stays valid after the password is changed.`;
  await description.fill(corrected);
  expect(await axeViolations(reporter), "case page with the correction form").toEqual([]);
  await sent.getByRole("button", { name: "Save correction" }).click();
  await expect(sent.getByRole("status")).toHaveText(correctionTexts.saved);
  await expect(sent.getByRole("definition").filter({ hasText: "stays valid after the password" })).toHaveText(corrected);
  await expect(sent.getByText(/^Corrected by you on /)).toBeVisible();
  // The banner says what the team has: a correction, not a reply that was never sent.
  await expect(reporter.getByText(caseTexts.reviewingCorrection)).toBeVisible();
  await expect(reporter.getByText(caseTexts.reviewingReply)).toHaveCount(0);

  // The team reads the report as corrected, and the earlier text beside it.
  const team = await teamOnReport(browser, site, title);
  const revisions = team.getByRole("region", { name: correctionTexts.revisionsTitle });
  await expect(revisions.getByRole("listitem")).toHaveCount(1);
  await expect(revisions.getByRole("definition")).toHaveText([fields.description!, corrected]);

  // The reporter starts another correction; meanwhile the team changes the status.
  await sent.getByRole("button", { name: "Correct the report" }).click();
  await expect(description).toBeFocused();
  const impact = sent.getByLabel("Impact", { exact: true });
  await impact.fill("Any account whose owner ever asked for a reset can be taken over.");
  await team.getByLabel("Status", { exact: true }).selectOption({ label: "Triaged" });
  await team.getByRole("button", { name: "Change and email the reporter" }).click();
  await expect(team.getByLabel("Status", { exact: true })).toHaveValue("triaged");
  await sent.getByRole("button", { name: "Save correction" }).click();
  await expect(sent.getByRole("alert")).toHaveText(correctionTexts.tooLate);
  await expect(impact).toHaveValue("Any account whose owner ever asked for a reset can be taken over.");

  await reporter.reload();
  await expect(sent.getByRole("button", { name: "Correct the report" })).toHaveCount(0);
  await expect(sent.getByRole("definition").last()).toHaveText(fields.impact!);
});

test("the team resolves, the reporter replies on the case page within 30 days, and the report shows flagged in the team's inbox; axe clean, no sideways scroll at 390 px", async ({ browser, site }) => {
  const reporter = await (await browser.newContext({ bypassCSP: true })).newPage();
  const title = "Stored XSS in the display name";
  const { caseLink } = await fileReport(reporter, site.url, validReportFields({ reporter_email: "ines@example.com", vulnerability_title: title }));
  const team = await (await browser.newContext({ bypassCSP: true })).newPage();
  await signIn(team, { url: site.url, password: site.adminPassword });
  await team.goto(`${site.url}/admin/reports`);
  await team.getByRole("link", { name: title }).click();
  await team.getByLabel("Status", { exact: true }).selectOption({ label: "Resolved" });
  await team.getByRole("button", { name: "Change and email the reporter" }).click();
  await expect(team.getByLabel("Status", { exact: true })).toHaveValue("resolved");

  // The closed case says until when it takes a reply, and keeps the form.
  await reporter.goto(caseLink);
  await expect(reporter.getByText(/^Resolved: the issue is fixed/).first()).toBeVisible();
  const replyPanel = reporter.getByRole("region", { name: "Reply" });
  await expect(replyPanel.getByText(/^This report is closed, but you can still reply here until \w+day, \d+ \w+ \d{4}: to tell us of a retest/)).toBeVisible();
  await expect(reporter.getByText(caseTexts.closedNoReplies)).toHaveCount(0);
  expect(await axeViolations(reporter), "closed case page taking replies").toEqual([]);
  await reporter.setViewportSize({ width: 390, height: 844 });
  expect(await reporter.evaluate(() => document.documentElement.scrollWidth), "page width at 390 px").toBeLessThanOrEqual(390);

  await reporter.getByLabel("Your message").fill("Retested after your fix: the payload is escaped now.");
  await reporter.getByRole("button", { name: "Send message" }).click();
  await expect(reporter.getByRole("status").filter({ hasText: "Message sent" })).toBeVisible();
  await expect(reporter.getByText(caseTexts.reviewingReply)).toBeVisible();
  await expect(reporter.getByText(/^Resolved: the issue is fixed/).first()).toBeVisible();
  expect(await axeViolations(reporter), "closed case page after a reply").toEqual([]);
  expect(await reporter.evaluate(() => document.documentElement.scrollWidth), "page width at 390 px after the reply").toBeLessThanOrEqual(390);

  // The team's inbox flags it and the badge counts it; the report page says so too.
  await team.goto(`${site.url}/admin/reports`);
  await expect(team.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: /^Reports/ })).toHaveAccessibleName("Reports 1 waiting for the team");
  const row = team.getByRole("row").filter({ hasText: title });
  await expect(row.getByText("Reply after closing")).toBeVisible();
  await expect(row.getByText("Resolved")).toBeVisible();
  expect(await axeViolations(team), "inbox with a reply after closing").toEqual([]);
  await team.getByRole("link", { name: title }).click();
  await expect(team.getByText("The reporter wrote after closing")).toBeVisible();
  await expect(team.getByText("Retested after your fix: the payload is escaped now.")).toBeVisible();
});
