import { describe, expect, test, vi, afterEach } from "vitest";
import { tinyPng, validReportFields } from "../../tests/helpers/sample-files";
import { apiTestServer } from "../../tests/helpers/api-test-server";
import { testDatabaseKinds } from "../../tests/helpers/test-database";
import { ensureAdminPassword, login } from "../auth/admin-auth.server";
import { securityReportsRouter } from "../reports/security-reports-api.server";
import { createUploadGate } from "../reports/upload-quota.server";
import { caseApiRouter } from "./case-api.server";
import { CASE_CLIENT_RULE } from "./case.server";
import { triageApiRouter } from "./triage-api.server";
import type { AppDatabase } from "../db/database.server";

const PASSWORD = "correct horse battery staple";

function reportForm(fields: Record<string, string> = validReportFields()): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return form;
}

const tokenOf = (caseUrl: string) => caseUrl.split("/security/case/")[1]!;

async function emailsTo(db: AppDatabase, address: string) {
  return db.selectFrom("mail_outbox").select(["subject", "text_body"]).where("to_address", "=", address).orderBy("created_at").execute();
}

afterEach(() => {
  vi.useRealTimers();
});

describe.each(testDatabaseKinds)("the disclosure loop on %s", (kind) => {
  const server = apiTestServer(kind);

  async function start(env: NodeJS.ProcessEnv = {}) {
    const started = await server.start({
      env: { REPORT_RATE_LIMIT: "100", ...env },
      routers: (services) => {
        const gate = createUploadGate(4);
        return [securityReportsRouter(services, { gate }), caseApiRouter(services, { gate }), triageApiRouter(services)];
      },
    });
    await ensureAdminPassword(started.db, PASSWORD);
    const file = async (fields = validReportFields()) => {
      const response = await fetch(`${started.url}/security/reports`, { method: "POST", body: reportForm(fields) });
      expect(response.status).toBe(201);
      return (await response.json()) as { id: string; reference: string; caseUrl: string };
    };
    // Signed in again when the session is over: the tests move the clock by weeks.
    let token = (await login(started.db, PASSWORD))!.token;
    const team = async (path: string, method: string, body?: unknown): Promise<Response> => {
      const response = await started.send(`/admin/security/reports${path}`, { method, body, token });
      if (response.status !== 401) return response;
      token = (await login(started.db, PASSWORD))!.token;
      return started.send(`/admin/security/reports${path}`, { method, body, token });
    };
    return { ...started, file, team };
  }

  test("a reporter follows the case, the team asks, the reporter answers with a file, and the outcome is sent", async () => {
    const { db, url, send, file, team } = await start();
    const report = await file();
    expect(report.caseUrl).toMatch(/^http:\/\/localhost:\d+\/security\/case\/[A-Za-z0-9_-]{43}$/);
    const token = tokenOf(report.caseUrl);
    // Kept hashed: the token itself is nowhere in the database but in the email still to be sent.
    const stored = await db.selectFrom("report_case_tokens").selectAll().execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.token_hash).not.toContain(token);
    const [acknowledgement] = await emailsTo(db, "ada@example.com");
    expect(acknowledgement!.text_body).toContain(report.caseUrl);

    const opened = await fetch(`${url}/security/case/${token}`);
    expect(opened.status).toBe(200);
    expect(opened.headers.get("cache-control")).toBe("no-store");
    expect(opened.headers.get("x-robots-tag")).toContain("noindex");
    const view = ((await opened.json()) as { case: Record<string, unknown> }).case;
    expect(view).toMatchObject({ reference: report.reference, status: "new", statusLabel: expect.stringMatching(/^Received/), events: [] });
    // The case shows the report as sent, the reporter's address included (docs/decisions/190); the
    // team's assessment is shown since decision 214, null until the team assesses.
    expect(view).toMatchObject({ reporter_email: "ada@example.com", assessed_severity: null, cvss_vector: null, cvss_score: null });

    expect((await team(`/${report.id}`, "PATCH", { status: "needs_more_info" })).status).toBe(200);
    const asked = await team(`/${report.id}/messages`, "POST", { body: "Which browser did you use? See https://example.com/help." });
    expect(asked.status).toBe(201);
    const emails = await emailsTo(db, "ada@example.com");
    // The status and the message, moments apart, are one email (docs/decisions/188).
    expect(emails.map((email) => email.subject)).toEqual([
      `We received your vulnerability report ${report.reference}`,
      `[${report.reference}] New message about your vulnerability report`,
    ]);
    const question = emails[1]!.text_body;
    expect(question).toContain("Waiting for your reply");
    expect(question).toContain("Which browser did you use?");
    // Each email carries a link of its own that opens the same case.
    const emailedToken = /\/security\/case\/([A-Za-z0-9_-]{43})/.exec(question)![1]!;
    expect(emailedToken).not.toBe(token);
    expect((await fetch(`${url}/security/case/${emailedToken}`)).status).toBe(200);

    const reply = new FormData();
    reply.append("body", "Firefox 140 on Linux.");
    reply.append("attachment_0", new Blob([new Uint8Array(tinyPng())], { type: "image/png" }), "browser.png");
    const replied = await fetch(`${url}/security/case/${token}/messages`, { method: "POST", body: reply });
    expect(replied.status).toBe(201);
    const afterReply = ((await replied.json()) as { case: { events: Array<Record<string, unknown>> } }).case;
    // The answer puts the report back where it was before the question (docs/decisions/189).
    expect(afterReply.events.map((event) => [event.kind, event.author])).toEqual([
      ["status", "team"],
      ["message", "team"],
      ["message", "reporter"],
      ["status", "reporter"],
    ]);
    expect(afterReply).toMatchObject({ status: "new", awaitingTeam: true });
    const teamNotice = (await emailsTo(db, "security@dialogic.localhost")).at(-1)!;
    expect(teamNotice.subject).toContain("Reporter replied");
    expect(teamNotice.text_body).toContain("Firefox 140 on Linux.");
    expect(teamNotice.text_body).toContain("browser.png");

    const seen = ((await (await team(`/${report.id}`, "GET")).json()) as { report: Record<string, unknown> & { events: Array<{ files?: unknown[] }> } }).report;
    expect(seen.awaiting_team).toBe(true);
    expect(seen.events.at(-2)!.files).toHaveLength(1);
    const list = (await (await team("", "GET")).json()) as { reports: Array<{ id: string; awaiting_team: boolean }> };
    expect(list.reports.find((row) => row.id === report.id)!.awaiting_team).toBe(true);

    const resolved = await team(`/${report.id}`, "PATCH", { status: "resolved", assessed_severity: "High", publish_title: true });
    expect(resolved.status).toBe(200);
    expect(((await resolved.json()) as { report: { awaiting_team: boolean } }).report.awaiting_team).toBe(false);
    const outcome = (await emailsTo(db, "ada@example.com")).at(-1)!;
    expect(outcome.subject).toBe(`[${report.reference}] Outcome of your vulnerability report`);
    expect(outcome.text_body).toContain("Resolved: the issue is fixed");

    // A resolved case still takes a reply for 30 days, reopening nothing (docs/decisions/212); credit is the reporter's to choose.
    expect((await send(`/security/case/${token}/messages`, { body: { body: "One more thing" } })).status).toBe(201);
    expect((await send(`/security/case/${token}/credit`, { method: "PUT", body: { credit: "named" } })).status).toBe(400);
    const badUrl = await send(`/security/case/${token}/credit`, { method: "PUT", body: { credit: "named", name: "Ada", url: "javascript:alert(1)" } });
    expect(badUrl.status).toBe(400);
    expect(((await badUrl.json()) as { fields: Record<string, string> }).fields.url).toMatch(/https:\/\//);
    const credited = await send(`/security/case/${token}/credit`, { method: "PUT", body: { credit: "named", name: "Ada R.", url: "https://ada.example" } });
    expect(credited.status).toBe(204);
    const final = ((await (await fetch(`${url}/security/case/${token}`)).json()) as { case: Record<string, unknown> }).case;
    expect(final).toMatchObject({ status: "resolved", closed: true, credit: { choice: "named", name: "Ada R.", url: "https://ada.example" } });
  });

  test("wrong, revoked and foreign tokens fail cleanly, a flood is refused, and a lost-link request reveals nothing", async () => {
    const { db, url, send, file } = await start();
    const mine = await file();
    const theirs = await file(validReportFields({ reporter_email: "bob@example.com" }));
    for (const path of ["/security/case/not-a-token", `/security/case/${"A".repeat(43)}`, `/security/case/${tokenOf(mine.caseUrl)}x`]) {
      const response = await fetch(`${url}${path}`);
      expect(response.status, path).toBe(404);
      expect(((await response.json()) as { error: string }).error).toMatch(/not valid/);
    }
    // A token opens its own report only, and another report's files are not reachable through it.
    const theirs2 = await fetch(`${url}/security/case/${tokenOf(theirs.caseUrl)}`);
    expect(((await theirs2.json()) as { case: { reference: string } }).case.reference).toBe(theirs.reference);
    const reply = new FormData();
    reply.append("attachment_0", new Blob([new Uint8Array(tinyPng())], { type: "image/png" }), "theirs.png");
    expect((await fetch(`${url}/security/case/${tokenOf(theirs.caseUrl)}/messages`, { method: "POST", body: reply })).status).toBe(201);
    const [theirFile] = await db.selectFrom("report_attachments").select("id").where("report_id", "=", theirs.id).execute();
    expect((await fetch(`${url}/security/case/${tokenOf(theirs.caseUrl)}/attachments/${theirFile!.id}`)).status).toBe(200);
    expect((await fetch(`${url}/security/case/${tokenOf(mine.caseUrl)}/attachments/${theirFile!.id}`)).status).toBe(404);

    const before = (await emailsTo(db, "ada@example.com")).length;
    const answers = await Promise.all([
      send("/security/case-link", { body: { reference: mine.reference, email: "ADA@Example.com" } }),
      send("/security/case-link", { body: { reference: mine.reference, email: "mallory@example.com" } }),
      send("/security/case-link", { body: { reference: "VR-2026-ZZZZZZ", email: "ada@example.com" } }),
      send("/security/case-link", { body: { nonsense: true } }),
    ]);
    const bodies = await Promise.all(answers.map((answer) => answer.text()));
    expect(answers.map((answer) => answer.status)).toEqual([202, 202, 202, 202]);
    expect(new Set(bodies).size).toBe(1);
    const sent = await emailsTo(db, "ada@example.com");
    expect(sent).toHaveLength(before + 1);
    expect(sent.at(-1)!.subject).toBe(`[${mine.reference}] Your new case link`);
    expect(await emailsTo(db, "mallory@example.com")).toHaveLength(0);
    // The old link works until the new one is first used; then it ends (docs/decisions/177).
    const fresh = /\/security\/case\/([A-Za-z0-9_-]{43})/.exec(sent.at(-1)!.text_body)![1]!;
    expect((await fetch(`${url}/security/case/${tokenOf(mine.caseUrl)}`)).status).toBe(200);
    expect((await fetch(`${url}/security/case/${fresh}`)).status).toBe(200);
    expect((await fetch(`${url}/security/case/${tokenOf(mine.caseUrl)}`)).status).toBe(404);

    // A flood from one client, found or not, is refused.
    const statuses: number[] = [];
    for (let index = 0; index < CASE_CLIENT_RULE.limit; index += 1) statuses.push((await fetch(`${url}/security/case/${fresh}`)).status);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThan(0);
    const refused = await fetch(`${url}/security/case/${fresh}`);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
  });

  test("due dates skip weekends and holidays, a critical report is overdue after its 10th business day, and the clock stops while waiting for the reporter", async () => {
    const { file, team } = await start({ DISCLOSURE_HOLIDAYS: "2026-11-26" });
    vi.useFakeTimers({ toFake: ["Date"] });
    // Friday 20 November 2026.
    vi.setSystemTime(new Date("2026-11-20T10:00:00Z"));
    const report = await file(validReportFields({ severity: "Critical" }));
    const due = async () => ((await (await team(`/${report.id}`, "GET")).json()) as { report: { due: Record<string, string>; overdue: string[] } }).report;
    // Acknowledge: Mon 23, Tue 24, Wed 25 (3 business days). Assess: 7 calendar days. Resolve: 10
    // business days with Thursday 26 a holiday: 23, 24, 25, 27, 30, 1, 2, 3, 4, 7 December.
    expect((await due()).due).toEqual({ acknowledge_by: "2026-11-25", assess_by: "2026-11-27", resolve_by: "2026-12-07" });

    vi.setSystemTime(new Date("2026-11-23T09:00:00Z"));
    await team(`/${report.id}`, "PATCH", { status: "triaged", assessed_severity: "Critical" });
    vi.setSystemTime(new Date("2026-12-07T23:00:00Z"));
    expect((await due()).overdue).toEqual([]);
    vi.setSystemTime(new Date("2026-12-08T08:00:00Z"));
    expect((await due()).overdue).toEqual(["resolve"]);

    // Another critical report, waiting three days (Tue 1 to Fri 4 December) for its reporter.
    vi.setSystemTime(new Date("2026-11-30T10:00:00Z"));
    const waiting = await file(validReportFields({ severity: "Critical" }));
    const dueOf = async () => ((await (await team(`/${waiting.id}`, "GET")).json()) as { report: { due: Record<string, string> } }).report.due;
    const before = (await dueOf()).resolve_by;
    expect(before).toBe("2026-12-14");
    vi.setSystemTime(new Date("2026-12-01T10:00:00Z"));
    await team(`/${waiting.id}`, "PATCH", { status: "needs_more_info" });
    vi.setSystemTime(new Date("2026-12-04T10:00:00Z"));
    await team(`/${waiting.id}`, "PATCH", { status: "triaged" });
    // Tuesday 1 to Friday 4 stood still: four business days more.
    expect((await dueOf()).resolve_by).toBe("2026-12-18");
  });

  test("the metrics count a period's reports by status and severity and give the median days to each step", async () => {
    const { file, team } = await start();
    vi.useFakeTimers({ toFake: ["Date"] });
    const received: string[] = [];
    for (const [day, severity] of [["2026-10-01", "High"], ["2026-10-02", "Low"], ["2026-10-05", "Critical"]] as const) {
      vi.setSystemTime(new Date(`${day}T00:00:00Z`));
      received.push((await file(validReportFields({ severity }))).id);
    }
    const at = async (time: string, id: string, patch: Record<string, unknown>) => {
      vi.setSystemTime(new Date(time));
      expect((await team(`/${id}`, "PATCH", patch)).status).toBe(200);
    };
    // Acknowledged after 1, 2 and 4 days; assessed after 2 and 6; resolved after 10.
    await at("2026-10-02T00:00:00Z", received[0]!, { status: "triaged" });
    await at("2026-10-03T00:00:00Z", received[0]!, { assessed_severity: "Medium" });
    await at("2026-10-04T00:00:00Z", received[1]!, { status: "triaged" });
    await at("2026-10-08T00:00:00Z", received[1]!, { assessed_severity: "Low" });
    await at("2026-10-09T00:00:00Z", received[2]!, { status: "triaged" });
    await at("2026-10-11T00:00:00Z", received[0]!, { status: "resolved" });
    vi.setSystemTime(new Date("2027-02-01T00:00:00Z"));
    const response = await team("/../metrics?from=2026-10-01&to=2026-10-31", "GET");
    expect(response.status).toBe(200);
    const metrics = (await response.json()) as Record<string, unknown>;
    expect(metrics).toMatchObject({
      received: 3,
      by_status: { triaged: 2, resolved: 1, new: 0 },
      by_severity: { Medium: 1, Low: 1, Critical: 1, High: 0 },
      median_days_to: { acknowledge: 2, assess: 4, resolve: 10 },
    });
    // Open since October: longer than 90 days by February.
    expect((metrics.open_over_90_days as unknown[]).length).toBe(2);
    expect((await team("/../metrics?from=2026-10-31&to=2026-10-01", "GET")).status).toBe(400);
  });

  test("the team's decisions are checked: statuses, duplicates both ways, severities and CVSS vectors", async () => {
    const { file, team } = await start();
    const first = await file();
    const second = await file();
    const patch = async (id: string, body: unknown) => {
      const response = await team(`/${id}`, "PATCH", body);
      return { status: response.status, body: (await response.json()) as { error?: string; fields?: Record<string, string>; report?: Record<string, unknown> } };
    };
    expect((await patch(second.id, { status: "withdrawn" })).status).toBe(400);
    expect((await patch(second.id, { status: "duplicate" })).body.fields?.duplicate_of).toMatch(/reference/);
    expect((await patch(second.id, { status: "duplicate", duplicate_of: "VR-2026-ZZZZZZ" })).body.fields?.duplicate_of).toBe("No other report has that reference");
    expect((await patch(second.id, { status: "duplicate", duplicate_of: second.reference })).status).toBe(400);
    const duplicate = await patch(second.id, { status: "duplicate", duplicate_of: first.reference.toLowerCase() });
    expect(duplicate.body.report).toMatchObject({ status: "duplicate", duplicate_of_reference: first.reference });
    expect((await patch(first.id, { assessed_severity: "Severe" })).status).toBe(400);
    const badVector = await patch(first.id, { cvss_vector: "CVSS:3.1/AV:N" });
    expect(badVector.body.fields?.cvss_vector).toMatch(/CVSS 4.0 or 3.1/);
    const scored = await patch(first.id, { cvss_vector: "CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N" });
    expect(scored.body.report).toMatchObject({ cvss_score: 9.3, duplicates: [{ id: second.id, reference: second.reference }] });
    expect((await patch(first.id, {})).status).toBe(400);
    expect((await patch(first.id, { publish_title: "yes" })).status).toBe(400);
    const sorted = (await (await team("?sort=cvss", "GET")).json()) as { reports: Array<{ id: string }> };
    expect(sorted.reports[0]!.id).toBe(first.id);
    expect((await team("?sort=sideways", "GET")).status).toBe(400);
  });
});
