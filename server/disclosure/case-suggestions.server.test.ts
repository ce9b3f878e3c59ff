import { describe, expect, test } from "vitest";
import { assessmentTexts, SUGGESTIONS_PER_CASE } from "../../domain/case-assessment";
import { cvssMessages, scoreCvss } from "../../domain/cvss";
import type { CaseView } from "../../domain/disclosure-case";
import { validReportFields } from "../../tests/helpers/sample-files";
import { apiTestServer } from "../../tests/helpers/api-test-server";
import { testDatabaseKinds } from "../../tests/helpers/test-database";
import { ensureAdminPassword, login } from "../auth/admin-auth.server";
import { securityReportsRouter } from "../reports/security-reports-api.server";
import { createUploadGate } from "../reports/upload-quota.server";
import { caseApiRouter } from "./case-api.server";
import { suggestCvss } from "./case-suggestions.server";
import { triageApiRouter } from "./triage-api.server";
import type { TriagedReport } from "./triage.server";

const PASSWORD = "correct horse battery staple";
const TEAM_VECTOR = "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:N/A:N";
const SUGGESTED = "CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N";

describe.each(testDatabaseKinds)("the reporter sees the assessment and suggests a vector on %s", (kind) => {
  const server = apiTestServer(kind);

  async function start() {
    const started = await server.start({
      env: { REPORT_RATE_LIMIT: "100" },
      routers: (services) => {
        const gate = createUploadGate(4);
        return [securityReportsRouter(services, { gate }), caseApiRouter(services, { gate }), triageApiRouter(services)];
      },
    });
    await ensureAdminPassword(started.db, PASSWORD);
    const token = (await login(started.db, PASSWORD))!.token;
    const form = new FormData();
    for (const [name, value] of Object.entries(validReportFields())) form.append(name, value);
    const filed = await fetch(`${started.url}/security/reports`, { method: "POST", body: form });
    expect(filed.status).toBe(201);
    const report = (await filed.json()) as { id: string; caseUrl: string };
    const caseToken = report.caseUrl.split("/security/case/")[1]!;
    const team = async (method: string, path = "", body?: unknown) => {
      const response = await started.send(`/admin/security/reports/${report.id}${path}`, { method, body, token });
      return { status: response.status, report: ((await response.json()) as { report: TriagedReport }).report };
    };
    const open = async () => ((await (await fetch(`${started.url}/security/case/${caseToken}`)).json()) as { case: CaseView }).case;
    const suggest = (body: unknown) => started.send(`/security/case/${caseToken}/suggestions`, { body });
    return { ...started, reportId: report.id, team, open, suggest };
  }

  test("the case API shows severity, vector, score and the team's next deadline once assessed; paused shows as paused", async () => {
    const { team, open } = await start();
    const before = await open();
    expect(before).toMatchObject({ assessed_severity: null, cvss_vector: null, cvss_score: null });
    expect(before.next_deadline).toEqual({ ...(await team("GET")).report.next_due, paused: false });

    const assessed = await team("PATCH", "", { status: "triaged", assessed_severity: "High", cvss_vector: TEAM_VECTOR });
    expect(assessed.status).toBe(200);
    const view = await open();
    expect(view).toMatchObject({ assessed_severity: "High", cvss_vector: TEAM_VECTOR, cvss_score: 7.5 });
    // The very deadline the team sees: the next open step (resolution, once assessed) and its day.
    expect(assessed.report.next_due).toMatchObject({ step: "resolve" });
    expect(view.next_deadline).toEqual({ ...assessed.report.next_due, paused: false });

    const asked = await team("PATCH", "", { status: "needs_more_info" });
    expect((await open()).next_deadline).toEqual({ ...asked.report.next_due, paused: true });

    await team("PATCH", "", { status: "resolved" });
    expect((await open()).next_deadline).toBeNull();
  });

  test("a suggested vector is scored, on the reporter's timeline, and beside the team's assessment in the admin report API", async () => {
    const { team, open, suggest } = await start();
    const expected = scoreCvss(SUGGESTED);
    if (!expected.ok) throw new Error(expected.error);

    const response = await suggest({ cvss_vector: `  ${SUGGESTED} ` });
    expect(response.status).toBe(201);
    const answer = (await response.json()) as { suggestion: { id: string; cvss_vector: string; cvss_score: number }; case: CaseView };
    expect(answer.suggestion).toMatchObject({ cvss_vector: SUGGESTED, cvss_score: expected.cvss.score });
    expect(answer.case.events.at(-1)).toMatchObject({ kind: "suggestion", author: "reporter", cvss_vector: SUGGESTED, cvss_score: expected.cvss.score });
    // A suggestion, not an assessment: the team's fields stay as they were.
    expect(answer.case).toMatchObject({ assessed_severity: null, cvss_vector: null, cvss_score: null });

    const { report } = await team("GET");
    expect(report.cvss_vector).toBeNull();
    expect(report.reporter_suggestion).toEqual({ cvss_vector: SUGGESTED, cvss_score: expected.cvss.score, at: expect.any(String) });
    expect(report.events.at(-1)).toMatchObject({ kind: "suggestion", author: "reporter", cvss_vector: SUGGESTED, cvss_score: expected.cvss.score, actor: null });
    expect((await open()).events.filter((event) => event.kind === "suggestion")).toHaveLength(1);
  });

  test("a vector that is not one, or is missing, is a 400 naming cvss_vector; writes share the case's rate limit", async () => {
    const { suggest } = await start();
    for (const body of [{ cvss_vector: "CVSS:3.1/AV:N" }, { cvss_vector: "AV:N/AC:L" }, { cvss_vector: 7 }, {}, { cvss_vector: `${SUGGESTED}/${"E:X/".repeat(100)}` }]) {
      const refused = await suggest(body);
      expect(refused.status, JSON.stringify(body).slice(0, 40)).toBe(400);
      expect(await refused.json()).toEqual({ error: cvssMessages.invalid, fields: { cvss_vector: cvssMessages.invalid } });
    }
    // Five writes a minute a case, the refused ones above included.
    const limited = await suggest({ cvss_vector: SUGGESTED });
    expect(limited.status).toBe(429);
  });

  test("a closed case takes no suggestion, and a case takes a limited number", async () => {
    const { db, reportId, team, suggest } = await start();
    for (let index = 0; index < SUGGESTIONS_PER_CASE; index += 1) expect((await suggestCvss(db, reportId, SUGGESTED)).ok).toBe(true);
    const full = await suggest({ cvss_vector: SUGGESTED });
    expect(full.status).toBe(409);
    expect(((await full.json()) as { error: string }).error).toBe(assessmentTexts.tooMany);

    await team("PATCH", "", { status: "not_applicable" });
    const closed = await suggest({ cvss_vector: SUGGESTED });
    expect(closed.status).toBe(409);
    expect(((await closed.json()) as { error: string }).error).toBe(assessmentTexts.closed);
  });
});
