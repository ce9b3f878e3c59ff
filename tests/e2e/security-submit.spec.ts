import crypto from "node:crypto";
import { readFile } from "node:fs/promises";
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { ADMIN_TOKEN_STORAGE_KEY } from "../../domain/auth";
import { REPORT_REFERENCE_PATTERN } from "../../domain/vulnerability-report";
import { axeViolations } from "../helpers/axe";
import { elfExecutable, pngOfSize, tinyPng, validReportFields } from "../helpers/sample-files";
import { expect, test } from "./fixtures";

const MB = 1024 * 1024;

const LABELS = {
  reporter_name: "Full Name",
  reporter_email: "Email Address",
  company: "Company (Optional)",
  asset_affected: "Asset Affected",
  vulnerability_title: "Vulnerability Title",
  vrt_category: "VRT Category",
  vrt_subcategory: "VRT Subcategory",
  weakness_type: "Weakness Type",
  severity: "Severity",
  description: "Detailed Description",
  reproduction_steps: "Steps to Reproduce",
  impact: "Impact",
} as const;

type Field = keyof typeof LABELS;
const SELECTS: Field[] = ["vrt_category", "vrt_subcategory", "weakness_type", "severity"];

function field(page: Page, name: Field) {
  return page.getByLabel(LABELS[name], { exact: true });
}

async function openForm(page: Page) {
  await page.goto("/security/submit");
  // The button is enabled once the page is interactive.
  await expect(page.getByRole("button", { name: "Submit Vulnerability Report" })).toBeEnabled();
}

async function fillReport(page: Page, values: Record<string, string> = validReportFields()) {
  for (const name of Object.keys(LABELS) as Field[]) {
    if (SELECTS.includes(name)) await field(page, name).selectOption(values[name]!);
    else await field(page, name).fill(values[name]!);
  }
}

function fileList(page: Page) {
  return page.getByRole("list", { name: "Chosen files" });
}

function textFile(name: string, text: string) {
  return { name, mimeType: "text/plain", buffer: Buffer.from(text) };
}

test("the page has its heading, the guidelines linking to the policy, and every field labelled", async ({ page }) => {
  await openForm(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Submit Vulnerability Report");
  const guidelines = page.getByRole("complementary", { name: "Important Guidelines" });
  await expect(guidelines.getByRole("link", { name: "Responsible Disclosure Policy" })).toHaveAttribute("href", "/security");
  await expect(guidelines.getByRole("listitem")).toHaveCount(4);
  for (const section of ["Reporter Information", "Vulnerability Details", "Attachments"]) {
    await expect(page.getByRole("heading", { level: 2, name: section })).toBeVisible();
  }
  for (const name of Object.keys(LABELS) as Field[]) await expect(field(page, name)).toBeVisible();
  await expect(field(page, "reporter_email")).toHaveAttribute("type", "email");
  await expect(page.getByText("PNG, JPG, PDF, TXT up to 10MB")).toBeVisible();
  // Beside the specified hint, what the server accepts, in its own words.
  await expect(page.getByLabel("Choose files")).toHaveAccessibleDescription(
    /Each file is checked by its content, not its name: PNG images, JPEG images, PDF documents and plain text \(UTF-8\) are accepted/,
  );
});

test("every validation message of section 5 appears next to its field", async ({ page }) => {
  await openForm(page);
  await page.getByRole("button", { name: "Submit Vulnerability Report" }).click();
  const messages: Record<Exclude<Field, "company">, string> = {
    reporter_name: "Name is required",
    reporter_email: "Valid email is required",
    asset_affected: "Asset affected is required",
    vulnerability_title: "Vulnerability title is required",
    vrt_category: "VRT Category is required",
    vrt_subcategory: "VRT Subcategory is required",
    weakness_type: "Weakness type is required",
    severity: "Severity is required",
    description: "Description must be at least 50 characters",
    reproduction_steps: "Reproduction steps are required",
    impact: "Impact description is required",
  };
  for (const [name, message] of Object.entries(messages) as [Field, string][]) {
    await expect(field(page, name)).toHaveAttribute("aria-invalid", "true");
    await expect(field(page, name)).toHaveAccessibleDescription(new RegExp(`${message}$`));
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  }
  await expect(field(page, "company")).not.toHaveAttribute("aria-invalid", "true");
  // The first invalid field has the focus.
  await expect(field(page, "reporter_name")).toBeFocused();

  await field(page, "reporter_email").fill("not-an-email");
  await expect(field(page, "reporter_email")).toHaveAccessibleDescription("Valid email is required");
  await field(page, "reporter_email").fill("ada@example.com");
  await expect(field(page, "reporter_email")).not.toHaveAttribute("aria-invalid", "true");

  await field(page, "description").fill("x".repeat(49));
  await expect(page.getByText("Description must be at least 50 characters")).toBeVisible();
  // The counter shows the minimum until it is reached, then the count alone.
  await expect(page.getByText("49 / 50 characters minimum")).toBeVisible();
  await field(page, "description").fill("x".repeat(50));
  await expect(page.getByText("Description must be at least 50 characters")).toHaveCount(0);
  await expect(page.getByText("50 characters", { exact: true })).toBeVisible();
  await field(page, "severity").selectOption("Low");
  await expect(page.getByText("Severity is required")).toHaveCount(0);
});

test("the selects offer exactly the specified options", async ({ page }) => {
  await openForm(page);
  const expected: Record<string, string[]> = {
    vrt_category: [
      "Server Security Misconfiguration",
      "Insecure Data Storage",
      "Insufficient Authentication/Authorization",
      "Input Validation",
      "Cryptography",
      "Business Logic",
      "Sensitive Data Exposure",
      "Other",
    ],
    vrt_subcategory: ["other"],
    weakness_type: ["Design", "Implementation", "Configuration", "Other"],
    severity: ["Critical", "High", "Medium", "Low", "Informational"],
  };
  for (const name of SELECTS) {
    const select = field(page, name);
    await expect(select).toHaveValue("");
    // The one empty option is a disabled prompt; the choices are exactly the enumeration.
    await expect(select.locator("option[value='']")).toBeDisabled();
    const values = await select.locator("option:not([value=''])").evaluateAll((options) =>
      options.map((option) => (option as HTMLOptionElement).value),
    );
    expect(values, name).toEqual(expected[name]);
  }
  await expect(field(page, "vrt_subcategory").locator("option[value='other']")).toHaveText("Other");
});

test("a valid report with a real PNG and a TXT is sent with progress, shows its reference in place of the form, and Report another brings the empty form back", async ({ page }) => {
  await openForm(page);
  await fillReport(page);
  const png = tinyPng(8);
  const bigText = "GET /login?next=%3Cscript%3E HTTP/1.1\n".repeat(60_000);
  await page.getByLabel("Choose files").setInputFiles([
    { name: "screenshot.png", mimeType: "image/png", buffer: png },
    textFile("request-log.txt", bigText),
  ]);
  await expect(fileList(page).getByRole("listitem")).toHaveCount(2);
  await expect(fileList(page)).toContainText("screenshot.png");
  await expect(fileList(page)).toContainText(`${png.length} B`);
  await expect(fileList(page)).toContainText("2.2 MB");

  // A slow uplink (real browser throttling), so the upload's progress can be seen.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: 512 * 1024,
  });

  await page.getByRole("button", { name: "Submit Vulnerability Report" }).click();
  const sending = page.getByRole("button", { name: "Submitting..." });
  await expect(sending).toBeDisabled();
  const progress = page.getByRole("progressbar", { name: "Upload progress" });
  await expect(progress).toHaveAttribute("aria-valuenow", /^\d+$/);
  await expect(field(page, "reporter_name")).toBeDisabled();

  await expect(page.getByText("Report Submitted Successfully")).toBeVisible({ timeout: 20_000 });
  await expect(
    page.getByText("Thank you for your security report. We'll review it and get back to you soon."),
  ).toBeVisible();
  await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });

  const panel = page.getByRole("status").filter({ hasText: "Report received" });
  await expect(panel).toBeVisible();
  const reference = await panel.locator("[data-reference]").textContent();
  expect(reference).toMatch(REPORT_REFERENCE_PATTERN);
  await expect(panel).toContainText(`Your reference is ${reference}.`);

  // The form gave way to the confirmation, which has the focus.
  await expect(panel).toBeFocused();
  await expect(field(page, "reporter_name")).toHaveCount(0);
  await expect(progress).toHaveCount(0);
  await expect(panel.getByRole("heading", { name: "What happens next" })).toBeVisible();

  await panel.getByRole("button", { name: "Report another" }).click();
  await expect(panel).toHaveCount(0);
  await expect(field(page, "reporter_name")).toBeFocused();
  for (const name of Object.keys(LABELS) as Field[]) await expect(field(page, name)).toHaveValue("");
  await expect(fileList(page)).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Submit Vulnerability Report" })).toBeEnabled();
  // Fresh: no validation messages on the empty form.
  await expect(page.getByText("Name is required")).toHaveCount(0);
});

test.describe("the success screen", () => {
  // axe is injected as a script of its own.
  test.use({ bypassCSP: true });

  test("shows the case page's whole address with a copy button that copies it, and is axe clean", async ({ page, context, baseURL }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
    await openForm(page);
    await fillReport(page);
    await page.getByRole("button", { name: "Submit Vulnerability Report" }).click();
    // The specification's toast, beside the confirmation.
    await expect(page.getByText("Report Submitted Successfully")).toBeVisible();
    await expect(page.getByText("Thank you for your security report. We'll review it and get back to you soon.")).toBeVisible();

    const panel = page.getByRole("status").filter({ hasText: "Report received" });
    const address = await panel.locator("[data-case-address]").textContent();
    expect(address).toMatch(new RegExp(`^${baseURL}/security/case/[\\w-]{43}$`));
    await expect(panel.getByRole("link", { name: "Open your case page" })).toHaveAttribute("href", new URL(address!).pathname);
    await panel.getByRole("button", { name: "Copy address" }).click();
    await expect(panel.getByText("Address copied")).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address);
    expect(await axeViolations(page), "success screen").toEqual([]);

    // The copied address opens the case.
    const opened = await page.goto(address!);
    expect(opened?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: "Your vulnerability report" })).toBeVisible();
  });
});

test("on a phone the success toast covers neither the confirmation's heading nor its reference, and the sticky header hides nothing", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openForm(page);
  await fillReport(page);
  await page.getByRole("button", { name: "Submit Vulnerability Report" }).click();
  const toast = page.locator("[data-sonner-toast]").filter({ hasText: "Report Submitted Successfully" });
  await expect(toast).toBeVisible();
  const panel = page.getByRole("status").filter({ hasText: "Report received" });
  await expect(panel).toBeFocused();
  const box = async (locator: Locator) => (await locator.boundingBox())!;
  const [toastBox, headingBox, referenceBox, headerBox] = await Promise.all([
    box(toast),
    box(panel.getByRole("heading", { level: 2 })),
    box(panel.locator("[data-reference]")),
    box(page.getByRole("banner")),
  ]);
  expect(headingBox.y).toBeGreaterThanOrEqual(headerBox.y + headerBox.height);
  for (const covered of [headingBox, referenceBox]) {
    const overlaps = covered.y < toastBox.y + toastBox.height && toastBox.y < covered.y + covered.height;
    expect(overlaps, JSON.stringify({ toastBox, covered })).toBe(false);
  }
});

test("choosing a category chooses the subcategory's one option with it", async ({ page }) => {
  await openForm(page);
  await field(page, "vrt_category").selectOption("Cryptography");
  await expect(field(page, "vrt_subcategory")).toHaveValue("other");
});

test("files accumulate across additions, by picker and by drag and drop, and are removed one by one", async ({ page }) => {
  await openForm(page);
  const picker = page.getByLabel("Choose files");
  await picker.setInputFiles([textFile("first.txt", "first file\n")]);
  await picker.setInputFiles([{ name: "second.png", mimeType: "image/png", buffer: tinyPng() }, textFile("third.txt", "third\n")]);
  await expect(fileList(page).getByRole("listitem")).toHaveCount(3);

  const dataTransfer = await page.evaluateHandle(() => {
    const transfer = new DataTransfer();
    transfer.items.add(new File(["dropped text\n"], "dropped.txt", { type: "text/plain" }));
    return transfer;
  });
  await page.getByText("Drag and drop files here").dispatchEvent("drop", { dataTransfer });
  await expect(fileList(page).getByRole("listitem")).toHaveText([
    /first\.txt\s*11 B/,
    /second\.png/,
    /third\.txt\s*6 B/,
    /dropped\.txt\s*13 B/,
  ]);

  await page.getByRole("button", { name: "Remove second.png" }).click();
  await expect(fileList(page).getByRole("listitem")).toHaveCount(3);
  await page.getByRole("button", { name: "Remove first.txt" }).click();
  await expect(fileList(page).getByRole("listitem")).toHaveText([/third\.txt/, /dropped\.txt/]);

  // The same file again is refused as a duplicate; a removed one can be added back.
  await picker.setInputFiles([textFile("third.txt", "third\n")]);
  await expect(page.getByRole("alert")).toContainText('"third.txt" is already attached.');
  await expect(fileList(page).getByRole("listitem")).toHaveCount(2);
  await page.getByRole("button", { name: "Remove dropped.txt" }).click();
  await page.getByRole("button", { name: "Remove third.txt" }).click();
  await expect(fileList(page)).toHaveCount(0);
});

test("too large, wrong type and too many files are refused in the page, the rest of the form intact", async ({ page }) => {
  await openForm(page);
  await field(page, "reporter_name").fill("Ada Researcher");
  await field(page, "vulnerability_title").fill("Stored XSS");
  await field(page, "severity").selectOption("Critical");
  const picker = page.getByLabel("Choose files");
  const problems = page.getByRole("alert").filter({ hasText: "Some files were not added:" });

  await picker.setInputFiles([
    { name: "huge.png", mimeType: "image/png", buffer: pngOfSize(11 * MB) },
    { name: "tool.png", mimeType: "image/png", buffer: elfExecutable() },
    { name: "ok.png", mimeType: "image/png", buffer: tinyPng() },
  ]);
  await expect(problems).toContainText('"huge.png" is larger than 10 MB.');
  await expect(problems).toContainText('"tool.png" is not a PNG, JPG, PDF or TXT file.');
  await expect(fileList(page).getByRole("listitem")).toHaveText([/ok\.png/]);

  await picker.setInputFiles(Array.from({ length: 10 }, (_, index) => textFile(`note-${index}.txt`, `note ${index}\n`)));
  await expect(problems).toContainText("You can attach at most 10 files.");
  await expect(fileList(page).getByRole("listitem")).toHaveCount(10);

  await expect(field(page, "reporter_name")).toHaveValue("Ada Researcher");
  await expect(field(page, "vulnerability_title")).toHaveValue("Stored XSS");
  await expect(field(page, "severity")).toHaveValue("Critical");
});

test.describe("when the server refuses", () => {
  test.use({ allowedConsoleErrors: [/status of 415/] });

  test("a file refused by the server keeps the form intact and shows the specific reason", async ({ page }) => {
    await openForm(page);
    await fillReport(page);
    // Text for its first 64 KB (all the page inspects), binary after that: only the server sees it.
    const disguised = Buffer.concat([Buffer.from("a".repeat(70_000)), elfExecutable()]);
    await page.getByLabel("Choose files").setInputFiles([
      { name: "notes.txt", mimeType: "text/plain", buffer: disguised },
      { name: "shot.png", mimeType: "image/png", buffer: tinyPng() },
    ]);
    await expect(fileList(page).getByRole("listitem")).toHaveCount(2);
    await page.getByRole("button", { name: "Submit Vulnerability Report" }).click();

    await expect(page.getByText("Submission Failed")).toBeVisible();
    const reason = '"notes.txt" is not a PNG, JPG, PDF or TXT file.';
    await expect(page.locator("[data-sonner-toast]")).toContainText(reason);
    await expect(page.getByRole("alert").filter({ hasText: "Some files were not added:" })).toContainText(reason);

    const values = validReportFields();
    for (const name of Object.keys(LABELS) as Field[]) await expect(field(page, name)).toHaveValue(values[name]!);
    await expect(fileList(page).getByRole("listitem")).toHaveCount(2);
    await expect(page.getByRole("button", { name: "Submit Vulnerability Report" })).toBeEnabled();
  });
});

async function adminToken(request: APIRequestContext): Promise<string> {
  const response = await request.post("/api/admin/login", { data: { password: process.env.E2E_ADMIN_PASSWORD } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

test("the administrator triages the report: list, every field as text, status and a byte-identical download", async ({ page, request }) => {
  const title = `<img src=x onerror="document.title='pwned'"> ${crypto.randomUUID()}`;
  const png = tinyPng(12);
  const created = await request.post("/api/security/reports", {
    multipart: {
      ...validReportFields({ vulnerability_title: title, severity: "Critical", description: `<script>alert(1)</script>${"d".repeat(60)}` }),
      attachment_0: { name: "proof.png", mimeType: "image/png", buffer: png },
    },
  });
  expect(created.status()).toBe(201);
  const { reference } = (await created.json()) as { reference: string };

  const token = await adminToken(request);
  await page.addInitScript(
    ([key, value]) => window.localStorage.setItem(key!, value!),
    [ADMIN_TOKEN_STORAGE_KEY, token],
  );
  await page.goto("/admin/reports");
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Vulnerability Reports");
  await expect(page.getByRole("link", { name: "Back to Admin" })).toHaveAttribute("href", "/admin/blog");
  const row = page.getByRole("row").filter({ hasText: reference });
  // Five columns; when it came, the team's severity and the score on the line under the title (docs/decisions/193).
  await expect(row.getByRole("cell")).toHaveText([reference, /Received .*\d{4}.*Assessed Not assessed.*CVSS No score/, /Critical$/, /New$/, /\(acknowledge\)/]);
  await expect(row.getByRole("cell").nth(1)).toContainText(title);

  await row.getByRole("link", { name: reference }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  await expect(page.getByText(`<script>alert(1)</script>${"d".repeat(60)}`)).toBeVisible();
  await expect(page.getByText(validReportFields().impact!)).toBeVisible();
  await expect(page.getByText(validReportFields().reporter_email!)).toBeVisible();
  await expect(page.locator("img[src='x']")).toHaveCount(0);
  expect(await page.title()).not.toBe("pwned");

  await page.getByLabel("Status").selectOption("triaged");
  // A change the reporter is emailed about is asked first (docs/decisions/216).
  await page.getByRole("button", { name: "Change and email the reporter" }).click();
  await expect(page.getByText("Status updated")).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Status")).toHaveValue("triaged");

  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download proof.png" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe("proof.png");
  const bytes = await readFile(await download.path());
  expect(crypto.createHash("sha256").update(bytes).digest("hex")).toBe(crypto.createHash("sha256").update(png).digest("hex"));
});

test("without a token the triage inbox sends the visitor to the login", async ({ page }) => {
  await page.goto("/admin/reports");
  await expect(page).toHaveURL(/\/admin\/login$/);
});

test("security.txt names the report form, the security email and the policy", async ({ request, baseURL }) => {
  const response = await request.get("/.well-known/security.txt");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("text/plain; charset=utf-8");
  const text = await response.text();
  expect(text).toContain(`Contact: ${baseURL}/security/submit\n`);
  expect(text).toMatch(/^Contact: mailto:\S+@\S+$/m);
  expect(text).toMatch(/^Expires: \d{4}-\d\d-\d\dT00:00:00Z$/m);
  expect(text).toContain(`Policy: ${baseURL}/security\n`);
  expect(text).toContain("Preferred-Languages: en\n");
  expect(text).toContain(`Canonical: ${baseURL}/.well-known/security.txt\n`);
});
