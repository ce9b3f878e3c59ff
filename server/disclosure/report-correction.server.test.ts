import { describe, expect, test } from "vitest";
import { validReportFields } from "../../tests/helpers/sample-files";
import { apiTestServer } from "../../tests/helpers/api-test-server";
import { testDatabaseKinds } from "../../tests/helpers/test-database";
import { caseTexts, type CaseView } from "../../domain/disclosure-case";
import { correctionTexts, CORRECTIONS_PER_HOUR } from "../../domain/report-correction";
import { reportMessages } from "../../domain/report-fields";
import { ensureAdminPassword, login } from "../auth/admin-auth.server";
import { securityReportsRouter } from "../reports/security-reports-api.server";
import { createUploadGate } from "../reports/upload-quota.server";
import { caseApiRouter } from "./case-api.server";
import { caseCorrectionRouter } from "./case-correction-api.server";
import type { TriagedReport } from "./triage.server";
import { triageApiRouter } from "./triage-api.server";

const PASSWORD = "correct horse battery staple";

describe.each(testDatabaseKinds)("the reporter's correction before triage on %s", (kind) => {
  const server = apiTestServer(kind);

  async function start() {
    const started = await server.start({
      env: { REPORT_RATE_LIMIT: "100" },
      ownBodies: (services) => [caseCorrectionRouter(services)],
      routers: (services) => {
        const gate = createUploadGate(4);
        return [securityReportsRouter(services, { gate }), caseApiRouter(services, { gate }), triageApiRouter(services)];
      },
    });
    await ensureAdminPassword(started.db, PASSWORD);
    const token = (await login(started.db, PASSWORD))!.token;
    const file = async (fields = validReportFields()) => {
      const form = new FormData();
      for (const [name, value] of Object.entries(fields)) form.append(name, value);
      const response = await fetch(`${started.url}/security/reports`, { method: "POST", body: form });
      expect(response.status).toBe(201);
      const created = (await response.json()) as { id: string; caseUrl: string };
      return { ...created, token: created.caseUrl.split("/security/case/")[1]! };
    };
    const correct = (caseToken: string, body: unknown) => started.send(`/security/case/${caseToken}`, { method: "PATCH", body });
    const team = (path: string, method = "GET", body?: unknown) => started.send(path, { method, body, token });
    const teamReport = async (id: string) => ((await (await team(`/admin/security/reports/${id}`)).json()) as { report: TriagedReport }).report;
    return { ...started, file, correct, team, teamReport };
  }

  test("before triage the reporter corrects the description and impact; the report takes them and the team sees both versions", async () => {
    const { db, file, correct, teamReport } = await start();
    const original = validReportFields();
    const report = await file(original);
    const description = `${original.description} It also works on the sign-up page's redirect parameter.`;

    const response = await correct(report.token, { description, impact: "Accounts can be taken over.", reproduction_steps: original.reproduction_steps });
    expect(response.status).toBe(200);
    const { case: view, changed } = (await response.json()) as { case: CaseView; changed: string[] };
    expect(changed).toEqual(["description", "impact"]);
    expect(view).toMatchObject({ description, impact: "Accounts can be taken over.", reproduction_steps: original.reproduction_steps, correctable: true });
    expect(view.correctedAt).toEqual(expect.any(String));

    const seen = await teamReport(report.id);
    expect(seen.description).toBe(description);
    expect(seen.awaiting_team).toBe(true);
    expect(seen.revisions).toEqual([
      {
        id: expect.any(String),
        at: view.correctedAt,
        changes: {
          description: { before: original.description, after: description },
          impact: { before: original.impact, after: "Accounts can be taken over." },
        },
      },
    ]);
    // The team hears of it with the reporter's messages.
    const toTeam = await db.selectFrom("mail_outbox").select("text_body").where("subject", "like", "%Reporter replied%").execute();
    expect(toTeam.map((email) => email.text_body).join("\n")).toContain(correctionTexts.teamNotice("the description, the impact"));

    // The same text again is no correction.
    const again = await correct(report.token, { description });
    expect(((await again.json()) as { changed: string[] }).changed).toEqual([]);
    expect((await teamReport(report.id)).revisions).toHaveLength(1);
  });

  test("a correction follows the report form's rules, field by field, and names anything else it refuses", async () => {
    const { file, correct, teamReport } = await start();
    const report = await file();
    const refused = async (body: unknown) => {
      const response = await correct(report.token, body);
      expect(response.status).toBe(400);
      return (await response.json()) as { error: string; fields?: Record<string, string> };
    };

    expect((await refused({ description: "Too short.", impact: "  " })).fields).toEqual({
      description: reportMessages.descriptionTooShort,
      impact: reportMessages.impactRequired,
    });
    expect((await refused({ reproduction_steps: "" })).fields).toEqual({ reproduction_steps: reportMessages.stepsRequired });
    expect((await refused({ description: "x".repeat(50_001) })).fields).toEqual({ description: reportMessages.tooLong(50_000) });
    expect((await refused({ description: 42 })).fields).toHaveProperty("description");
    expect(await refused({ severity: "Critical", description: "d".repeat(60) })).toEqual({
      error: correctionTexts.onlyTheseFields("severity"),
      fields: { severity: correctionTexts.onlyTheseFields("severity") },
    });
    expect((await refused({})).error).toBe(correctionTexts.nothingSent);
    expect((await teamReport(report.id)).revisions).toEqual([]);

    // The fields at their longest together are more than the shared JSON parser takes: accepted here.
    const longest = { description: "d".repeat(50_000), reproduction_steps: "s".repeat(50_000), impact: "i".repeat(20_000) };
    expect((await correct(report.token, longest)).status).toBe(200);
  });

  test("once the team has changed the status, a correction is refused with 409, even if the report is put back to new", async () => {
    const { file, correct, team, teamReport } = await start();
    const report = await file();
    // A message from the team is no status change: the report can still be corrected.
    expect((await team(`/admin/security/reports/${report.id}/messages`, "POST", { body: "Thanks, we are looking." })).status).toBe(201);
    expect((await correct(report.token, { impact: "Worse than I thought." })).status).toBe(200);

    expect((await team(`/admin/security/reports/${report.id}`, "PATCH", { status: "triaged" })).status).toBe(200);
    const late = await correct(report.token, { impact: "Even worse." });
    expect(late.status).toBe(409);
    expect(((await late.json()) as { error: string }).error).toBe(correctionTexts.tooLate);
    const view = ((await (await team(`/security/case/${report.token}`, "GET")).json()) as { case: CaseView }).case;
    expect(view).toMatchObject({ impact: "Worse than I thought.", correctable: false });

    expect((await team(`/admin/security/reports/${report.id}`, "PATCH", { status: "new" })).status).toBe(200);
    expect((await correct(report.token, { impact: "Even worse." })).status).toBe(409);
    expect((await teamReport(report.id)).impact).toBe("Worse than I thought.");
  });

  test("a report its reporter withdrew is closed to corrections, and says so", async () => {
    const { file, correct, send } = await start();
    const report = await file();
    expect((await send(`/security/case/${report.token}/withdraw`)).status).toBe(204);
    const refused = await correct(report.token, { impact: "Never mind." });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { error: string }).error).toBe(caseTexts.closedNoReplies);
  });

  test(`a case takes ${CORRECTIONS_PER_HOUR} corrections an hour; a wrong link none`, async () => {
    const { file, correct } = await start();
    const report = await file();
    for (let n = 1; n <= CORRECTIONS_PER_HOUR; n += 1) {
      expect((await correct(report.token, { impact: `Impact, version ${n}.` })).status).toBe(200);
    }
    const over = await correct(report.token, { impact: "One too many." });
    expect(over.status).toBe(429);
    expect(over.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(((await over.json()) as { error: string }).error).toBe(correctionTexts.tooMany);
    expect((await correct("x".repeat(43), { impact: "Not mine." })).status).toBe(404);
  });
});
