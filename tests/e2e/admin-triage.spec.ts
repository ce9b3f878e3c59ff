import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { validReportFields } from "../helpers/sample-files";
import { axeViolations } from "../helpers/axe";
import { apiToken, signIn } from "./admin-session";
import { expect, test } from "./fixtures";

/**
 * The team's side of the disclosure loop: a report's admin page (assessment, CVSS, messages,
 * duplicates, deadlines), the inbox's new columns, orders and filter, and the metrics page.
 * Reports are filed through the API, each from its own client of 198.51.100.201-210.
 */
test.use({ bypassCSP: true });

/** A CVSS 4.0 vector scored 9.3, Critical. */
const CRITICAL_VECTOR = "CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N";
const INVALID_VECTOR = "CVSS:4.0/AV:N/AC:L";

let nextClient = 201;

async function fileReport(request: APIRequestContext, title: string, severity = "High") {
  const client = `198.51.100.${nextClient}`;
  nextClient = nextClient >= 210 ? 201 : nextClient + 1;
  const created = await request.post("/api/security/reports", {
    headers: { "x-forwarded-for": client },
    multipart: validReportFields({ vulnerability_title: title, severity }),
  });
  expect(created.status()).toBe(201);
  return (await created.json()) as { id: string; reference: string };
}

function marker(): string {
  return `triage-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

async function openReport(page: Page, id: string, title: string) {
  await page.goto(`/admin/reports/${id}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
}

async function searchInbox(page: Page, text: string) {
  await page.goto("/admin/reports");
  await expect(page.getByRole("heading", { level: 1, name: "Vulnerability Reports" })).toBeVisible();
  await page.getByRole("searchbox", { name: "Search reports" }).fill(text);
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(/q=/);
}

test.describe("a report's admin page", () => {
  // The refused vector and the duplicate without its original are answered 400, on purpose.
  test.use({ allowedConsoleErrors: [/status of 400/] });

  test("the team assesses a report, scores it, writes to the reporter and marks it a duplicate", async ({ page, request }) => {
    // A journey through the report page, the inbox and the original report: 20-30 s on a busy machine.
    test.slow();
    const tag = marker();
    const original = await fileReport(request, `${tag} original`);
    const again = await fileReport(request, `${tag} reported again`);
    await signIn(page);
    await openReport(page, again.id, `${tag} reported again`);

    // Nothing decided yet: every deadline open, no reply, no credit chosen.
    const deadlines = page.getByRole("region", { name: "Deadlines" });
    await expect(deadlines.getByText("Acknowledge by")).toBeVisible();
    await expect(deadlines.getByText("Open")).toHaveCount(3);
    await expect(deadlines.getByText("Overdue")).toHaveCount(0);
    await expect(page.getByText("The reporter has not chosen yet.")).toBeVisible();
    await expect(page.getByText("No messages or status changes yet.")).toBeVisible();
    expect(await axeViolations(page), "report page").toEqual([]);

    // Severity and a CVSS 4.0 vector: the score and rating after saving.
    const assessment = page.getByRole("region", { name: "Assessment" });
    await assessment.getByLabel("Assessed severity").selectOption("Critical");
    await assessment.getByLabel("CVSS vector").fill(CRITICAL_VECTOR);
    await assessment.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Assessment saved")).toBeVisible();
    await expect(assessment.getByText("Score 9.3 (Critical)")).toBeVisible();
    // Assessing is a step done: the "assess by" row says when.
    await expect(deadlines.getByText(/Done /)).toHaveCount(1);

    // A vector that does not parse: refused under the field, what was typed kept, the saved score stays.
    const vector = assessment.getByLabel("CVSS vector");
    await vector.fill(INVALID_VECTOR);
    await assessment.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Failed to save the assessment")).toBeVisible();
    await expect(vector).toHaveValue(INVALID_VECTOR);
    await expect(vector).toHaveAttribute("aria-invalid", "true");
    await expect(vector).toHaveAccessibleDescription(/Enter a complete CVSS 4\.0 or 3\.1 vector/);
    await expect(assessment.getByText("Score 9.3 (Critical)")).toBeVisible();
    expect(await axeViolations(page), "refused vector").toEqual([]);
    await vector.fill(CRITICAL_VECTOR);

    // The inbox shows the team's severity and the score.
    await searchInbox(page, tag);
    const row = page.getByRole("row").filter({ hasText: `${tag} reported again` });
    // The team's severity and the score on the line under the title (docs/decisions/193).
    await expect(row.getByRole("cell").nth(1)).toContainText("Assessed Critical");
    await expect(row.getByRole("cell").nth(1)).toContainText("CVSS 9.3 Critical");
    await page.getByLabel("Sort").selectOption("cvss");
    await expect(page).toHaveURL(/sort=cvss/);
    await expect(page.getByRole("row").nth(1)).toContainText(`${tag} reported again`);
    await row.getByRole("link", { name: again.reference }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${tag} reported again`);

    // A message to the reporter, its link clickable, then in the conversation.
    const conversation = page.getByRole("region", { name: "Conversation" });
    const message = conversation.getByLabel("Message to the reporter");
    await message.fill("Thanks! Which browser did you use? Our notes: https://example.com/notes.");
    await conversation.getByRole("button", { name: "Send message" }).click();
    await expect(page.getByText("Message sent to the reporter")).toBeVisible();
    await expect(message).toHaveValue("");
    const sent = conversation.getByRole("listitem").filter({ hasText: "Which browser did you use?" });
    // The team's messages name who of the team wrote them (docs/decisions/211).
    await expect(sent).toContainText("Owner (Owner)");
    await expect(sent.getByRole("link", { name: "https://example.com/notes" })).toHaveAttribute("href", "https://example.com/notes");
    // The team's first answer acknowledges the report.
    await expect(deadlines.getByText(/Done /)).toHaveCount(2);

    // "Duplicate" needs the earlier report; refused without it, kept with it.
    await page.getByLabel("Status").selectOption("duplicate");
    // A change the reporter is emailed about is asked first (docs/decisions/216).
    await page.getByRole("button", { name: "Change and email the reporter" }).click();
    await expect(page.getByText("Failed to update status")).toBeVisible();
    await expect(assessment.getByText("Enter the reference of the report this one duplicates")).toBeVisible();
    await expect(page.getByLabel("Status")).toHaveValue("new");
    await assessment.getByLabel("Duplicate of").fill(original.reference);
    await page.getByLabel("Status").selectOption("duplicate");
    await page.getByRole("button", { name: "Change and email the reporter" }).click();
    await expect(page.getByText("Status updated")).toBeVisible();
    await expect(page.getByLabel("Status")).toHaveValue("duplicate");
    await expect(conversation.getByText("Status changed to Duplicate")).toBeVisible();

    // Linked both ways.
    await assessment.getByRole("link", { name: original.reference }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${tag} original`);
    const back = page.getByRole("region", { name: "Assessment" }).getByRole("link", { name: again.reference });
    await expect(back).toBeVisible();
    await back.click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${tag} reported again`);
    expect(await axeViolations(page), "duplicate with its links").toEqual([]);
  });
});

/** Whether the page scrolls sideways: the document wider than its window. */
async function scrollsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
}

/** Picks one value of a base metric in the calculator, by the labels a person reads. */
async function pick(calculator: Locator, metric: string, value: string) {
  await calculator.getByRole("group", { name: metric }).getByRole("radio", { name: value, exact: true }).check();
}

test.describe("the triage screens", () => {
  test("the inbox fits 1280 px with long titles: no sideways scroll, the Due column in view", async ({ page, request }) => {
    const tag = marker();
    const long = `${tag} ${"Stored cross-site scripting in the workspace name shown on every learner dashboard ".repeat(3)}${"x".repeat(60)}`.slice(0, 300);
    await fileReport(request, long);
    await fileReport(request, `${tag} short`);
    await page.setViewportSize({ width: 1280, height: 800 });
    await signIn(page);
    await searchInbox(page, tag);
    await expect(page.getByRole("row").filter({ hasText: tag })).toHaveCount(2);

    expect(await scrollsSideways(page)).toBe(false);
    await expect(page.getByRole("columnheader", { name: "Due" })).toBeInViewport();
    const row = page.getByRole("row").filter({ hasText: "Stored cross-site scripting" });
    await expect(row.getByRole("cell").nth(4)).toBeInViewport();
    await expect(row.getByRole("cell").nth(4)).toHaveText(/\(acknowledge\)/);
    // The title keeps to a few lines (not six of a squeezed column).
    const titleBox = await row.getByRole("cell").nth(1).boundingBox();
    expect(titleBox?.width).toBeGreaterThan(380);
    expect(await axeViolations(page), "inbox").toEqual([]);
  });

  test("the report sits beside the triage column on a wide screen, in one column without sideways scroll on a phone", async ({ page, request }) => {
    const tag = marker();
    const created = await fileReport(request, `${tag} laid out`);
    await page.setViewportSize({ width: 1280, height: 800 });
    await signIn(page);
    await openReport(page, created.id, `${tag} laid out`);
    const conversation = page.getByRole("region", { name: "Conversation" });
    const details = page.getByText("Detailed Description", { exact: true });
    await expect(page.getByRole("region", { name: "CVSS calculator" })).toBeVisible();
    const [left, right] = [await details.boundingBox(), await conversation.boundingBox()];
    expect(right!.x).toBeGreaterThan(left!.x + 300);
    // The reply box is on screen without scrolling past the report.
    await expect(conversation.getByLabel("Message to the reporter")).toBeInViewport();
    expect(await scrollsSideways(page)).toBe(false);
    expect(await axeViolations(page), "report page, wide").toEqual([]);

    await page.setViewportSize({ width: 390, height: 844 });
    const calculator = page.getByRole("region", { name: "CVSS calculator" });
    await calculator.getByRole("button", { name: "Choose the metrics" }).click();
    await expect(calculator.getByRole("group", { name: "Attack Vector (AV)" })).toBeVisible();
    expect(await scrollsSideways(page)).toBe(false);
    expect(await axeViolations(page), "report page, phone").toEqual([]);
  });

  test("the calculator builds a 4.0 vector from labelled choices, scored as the API scores it, and a severity the score disagrees with is flagged", async ({ page, request }) => {
    const tag = marker();
    const created = await fileReport(request, `${tag} calculated`);
    const token = await signIn(page);
    await openReport(page, created.id, `${tag} calculated`);
    const assessment = page.getByRole("region", { name: "Assessment" });
    const calculator = assessment.getByRole("region", { name: "CVSS calculator" });

    await expect(calculator.getByRole("status")).toHaveText("No score yet: 0 of 11 base metrics chosen.");
    await calculator.getByRole("button", { name: "Choose the metrics" }).click();
    await expect(calculator.getByRole("button", { name: "Hide the metrics" })).toHaveAttribute("aria-expanded", "true");
    await calculator.getByRole("group", { name: "CVSS version" }).getByRole("radio", { name: "4.0", exact: true }).check();
    await pick(calculator, "Attack Vector (AV)", "Network");
    await pick(calculator, "Attack Complexity (AC)", "Low");
    await pick(calculator, "Attack Requirements (AT)", "None");
    await pick(calculator, "Privileges Required (PR)", "Low");
    await expect(calculator.getByRole("status")).toHaveText("No score yet: 4 of 11 base metrics chosen.");
    await pick(calculator, "User Interaction (UI)", "None");
    await pick(calculator, "Confidentiality (VC)", "Low");
    await pick(calculator, "Integrity (VI)", "Low");
    await pick(calculator, "Availability (VA)", "None");
    await pick(calculator, "Confidentiality (SC)", "None");
    await pick(calculator, "Integrity (SI)", "None");
    await pick(calculator, "Availability (SA)", "None");
    const vector = assessment.getByLabel("CVSS vector");
    await expect(vector).toHaveValue("CVSS:4.0/AV:N/AC:L/AT:N/PR:L/UI:N/VC:L/VI:L/VA:N/SC:N/SI:N/SA:N");
    const shown = calculator.getByRole("status");
    await expect(shown).toHaveText(/^This vector scores \d+\.\d \(Medium\)$/);

    // "High" for a Medium score: flagged as it is chosen, in a region assistive technology announces.
    const flag = "Check the severity: it is assessed High, but the score";
    await expect(assessment.getByText(flag)).toHaveCount(0);
    await assessment.getByLabel("Assessed severity").selectOption("High");
    await expect(assessment.getByRole("status").filter({ hasText: flag })).toBeVisible();

    await assessment.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Assessment saved")).toBeVisible();
    const answer = await request.get(`/api/admin/security/reports/${created.id}`, { headers: { authorization: `Bearer ${token}` } });
    expect(answer.status()).toBe(200);
    const saved = ((await answer.json()) as { report: { cvss_vector: string; cvss_score: number } }).report;
    expect(saved.cvss_vector).toBe("CVSS:4.0/AV:N/AC:L/AT:N/PR:L/UI:N/VC:L/VI:L/VA:N/SC:N/SI:N/SA:N");
    // The calculator's score, the saved one under the field and the API's: the same.
    await expect(shown).toHaveText(`This vector scores ${saved.cvss_score.toFixed(1)} (Medium)`);
    await expect(assessment.getByText(`Score ${saved.cvss_score.toFixed(1)} (Medium)`, { exact: true })).toBeVisible();
    await expect(assessment.getByRole("status").filter({ hasText: `the score ${saved.cvss_score.toFixed(1)} is Medium.` })).toBeVisible();
    expect(await axeViolations(page), "calculator with the flag").toEqual([]);

    // The inbox flags it too; a matching severity clears the flag.
    await searchInbox(page, tag);
    await expect(page.getByRole("row").filter({ hasText: tag }).getByText("Check severity: score is Medium")).toBeVisible();
    await page.getByRole("row").filter({ hasText: tag }).getByRole("link").click();
    await assessment.getByLabel("Assessed severity").selectOption("Medium");
    await expect(assessment.getByText(flag)).toHaveCount(0);
  });

  test("a vector pasted without its prefix is offered the prefix, and accepting it fills the vector", async ({ page, request }) => {
    const tag = marker();
    const created = await fileReport(request, `${tag} pasted`);
    await signIn(page);
    await openReport(page, created.id, `${tag} pasted`);
    const assessment = page.getByRole("region", { name: "Assessment" });
    const vector = assessment.getByLabel("CVSS vector");
    await vector.fill(CRITICAL_VECTOR.replace("CVSS:4.0/", ""));
    const offer = assessment.getByRole("status").filter({ hasText: "This vector has no version prefix." });
    await expect(offer).toBeVisible();
    await expect(offer.getByRole("button", { name: "Add CVSS:3.1/" })).toHaveCount(0);
    await offer.getByRole("button", { name: "Add CVSS:4.0/" }).click();
    await expect(vector).toHaveValue(CRITICAL_VECTOR);
    await expect(assessment.getByText("This vector has no version prefix.")).toHaveCount(0);
    const calculator = assessment.getByRole("region", { name: "CVSS calculator" });
    await expect(calculator.getByRole("status")).toHaveText("This vector scores 9.3 (Critical)");
    await calculator.getByRole("button", { name: "Choose the metrics" }).click();
    await expect(calculator.getByRole("group", { name: "Attack Vector (AV)" }).getByRole("radio", { name: "Network", exact: true })).toBeChecked();

    // A 3.1 vector without its prefix: offered 3.1 only.
    await vector.fill("AV:N/AC:L/PR:N/UI:R/S:C/C:L/I:L/A:N");
    await offer.getByRole("button", { name: "Add CVSS:3.1/" }).click();
    await expect(vector).toHaveValue("CVSS:3.1/AV:N/AC:L/PR:N/UI:R/S:C/C:L/I:L/A:N");
    await expect(calculator.getByRole("status")).toHaveText("This vector scores 6.1 (Medium)");
    await expect(calculator.getByRole("group", { name: "CVSS version" }).getByRole("radio", { name: "3.1", exact: true })).toBeChecked();

    // By keyboard: the arrow keys move a metric's choice, and the vector follows.
    await calculator.getByRole("group", { name: "Attack Vector (AV)" }).getByRole("radio", { name: "Network", exact: true }).focus();
    await page.keyboard.press("ArrowRight");
    await expect(calculator.getByRole("group", { name: "Attack Vector (AV)" }).getByRole("radio", { name: "Adjacent Network" })).toBeChecked();
    await expect(vector).toHaveValue("CVSS:3.1/AV:A/AC:L/PR:N/UI:R/S:C/C:L/I:L/A:N");
  });
});

test("a reporter's reply marks the report in the inbox and on its page", async ({ page, request }) => {
  const tag = marker();
  const created = await request.post("/api/security/reports", {
    headers: { "x-forwarded-for": "198.51.100.209" },
    multipart: validReportFields({ vulnerability_title: `${tag} with a reply` }),
  });
  expect(created.status()).toBe(201);
  const { id, caseUrl } = (await created.json()) as { id: string; caseUrl: string };
  const reply = await request.post(`/api/security/case/${new URL(caseUrl).pathname.split("/").at(-1)}/messages`, {
    headers: { "x-forwarded-for": "198.51.100.209" },
    data: { body: "One more detail: it also works on https://app.example/other." },
  });
  expect(reply.status()).toBe(201);

  await signIn(page);
  await searchInbox(page, tag);
  const row = page.getByRole("row").filter({ hasText: tag });
  await expect(row.getByText("New reply")).toBeVisible();
  await row.getByRole("link").click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${tag} with a reply`);
  await expect(page.getByText("The reporter wrote", { exact: true })).toBeVisible();
  const message = page.getByRole("region", { name: "Conversation" }).getByRole("listitem").filter({ hasText: "One more detail" });
  await expect(message).toContainText("Reporter");
  await expect(message.getByRole("link", { name: "https://app.example/other" })).toBeVisible();
  expect(page.url()).toContain(id);
});

test("the inbox sorts by due date and keeps only overdue reports when asked", async ({ page, request }) => {
  const tag = marker();
  await fileReport(request, `${tag} first`);
  await fileReport(request, `${tag} second`);
  await signIn(page);
  await searchInbox(page, tag);
  const rows = page.getByRole("row").filter({ hasText: tag });
  await expect(rows).toHaveCount(2);
  // Both just received: acknowledge within 3 business days, nothing late.
  await expect(rows.first().getByRole("cell").nth(4)).toHaveText(/\(acknowledge\)/);
  await expect(rows.getByText("Overdue")).toHaveCount(0);

  await page.getByLabel("Sort").selectOption("due");
  await expect(page).toHaveURL(/sort=due/);
  // The same due day: the earlier report first.
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText(`${tag} first`);

  await page.getByLabel("Deadlines").selectOption("open");
  await expect(page).toHaveURL(/due=open/);
  await expect(rows).toHaveCount(2);

  await page.getByLabel("Deadlines").selectOption("overdue");
  await expect(page).toHaveURL(/due=overdue/);
  await expect(page.getByText("No reports match.")).toBeVisible();
  await expect(rows).toHaveCount(0);
});

test.describe("the metrics page", () => {
  test.use({ allowedConsoleErrors: [/status of 400/] });

  test("shows the period's counts by status and severity, the medians and the long-open list", async ({ page, request }) => {
    const tag = marker();
    await fileReport(request, `${tag} for the metrics`, "Low");
    const token = await apiToken(request);
    const expected = async (query: string) => {
      const response = await request.get(`/api/admin/security/metrics?${query}`, { headers: { authorization: `Bearer ${token}` } });
      expect(response.status()).toBe(200);
      return (await response.json()) as { received: number; by_status: Record<string, number>; by_severity: Record<string, number> };
    };

    await signIn(page);
    await page.goto("/admin/reports");
    await page.getByRole("link", { name: "Metrics", exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/reports\/metrics$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Disclosure Metrics");
    // Other tests file reports too: the page shows what the API counts at the moment of reading.
    const received = page.getByRole("region", { name: "Reports received" });
    await expect(received.getByText(/^\d+$/).first()).toBeVisible();
    const shown = Number(await received.locator("dd").first().textContent());
    const first = await expected("days=30");
    expect(shown).toBeGreaterThanOrEqual(1);
    expect(shown).toBeLessThanOrEqual(first.received);
    await expect(received.getByText("Median days: to acknowledge")).toBeVisible();

    const byStatus = page.getByRole("region", { name: "By status" });
    await expect(byStatus.getByRole("rowheader")).toHaveText([
      "New",
      "Triaged",
      "Needs more information",
      "Resolved",
      "Not applicable",
      "Duplicate",
      "Informative",
      "Out of scope",
      "Spam",
      "Withdrawn",
    ]);
    const lowRow = page.getByRole("region", { name: "By severity" }).getByRole("row").filter({ hasText: "Low" });
    expect(Number(await lowRow.getByRole("cell").textContent())).toBeGreaterThanOrEqual(1);
    await expect(page.getByRole("heading", { name: "Open longer than 90 days" })).toBeVisible();
    await expect(page.getByText("No report has been open longer than 90 days.")).toBeVisible();
    expect(await axeViolations(page), "metrics").toEqual([]);

    // A longer period, then dates of one's own (today only: the new report is counted).
    await page.getByLabel("Period").selectOption("365");
    await expect(page).toHaveURL(/days=365/);
    await expect(page.getByText(/^Reports received from /)).toBeVisible();
    const today = new Date().toISOString().slice(0, 10);
    await page.getByLabel("From", { exact: true }).fill(today);
    await page.getByLabel("To", { exact: true }).fill(today);
    await page.getByRole("button", { name: "Show" }).click();
    await expect(page).toHaveURL(new RegExp(`from=${today}&to=${today}`));
    const day = await expected(`from=${today}&to=${today}`);
    expect(day.received).toBeGreaterThanOrEqual(1);
    await expect(page.getByLabel("Period")).toHaveValue("range");

    // A wrong date: the API's words under the field, what was typed kept.
    await page.getByLabel("From", { exact: true }).fill("2026-13-01");
    await page.getByRole("button", { name: "Show" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "from must be a date written YYYY-MM-DD." })).toBeVisible();
    await expect(page.getByLabel("From", { exact: true })).toHaveValue("2026-13-01");
    expect(await axeViolations(page), "metrics with a refused date").toEqual([]);
  });
});
