import { afterEach, describe, expect, test, vi } from "vitest";
import { tinyPng, validReportFields } from "../../tests/helpers/sample-files";
import { apiTestServer } from "../../tests/helpers/api-test-server";
import { testDatabaseKinds } from "../../tests/helpers/test-database";
import type { CaseView } from "../../domain/disclosure-case";
import { ensureAdminPassword, login } from "../auth/admin-auth.server";
import { adminCountsRouter } from "../admin/admin-counts-api.server";
import { securityReportsRouter } from "../reports/security-reports-api.server";
import { createUploadGate } from "../reports/upload-quota.server";
import { caseApiRouter } from "./case-api.server";
import { triageApiRouter } from "./triage-api.server";

const PASSWORD = "correct horse battery staple";

afterEach(() => {
  vi.useRealTimers();
});

describe.each(testDatabaseKinds)("the researcher's case page and the team's queue on %s", (kind) => {
  const server = apiTestServer(kind);

  async function start(env: NodeJS.ProcessEnv = {}) {
    const started = await server.start({
      env: { REPORT_RATE_LIMIT: "100", ...env },
      routers: (services) => {
        const gate = createUploadGate(4);
        return [securityReportsRouter(services, { gate }), caseApiRouter(services, { gate }), triageApiRouter(services), adminCountsRouter(services)];
      },
    });
    await ensureAdminPassword(started.db, PASSWORD);
    const token = (await login(started.db, PASSWORD))!.token;
    const file = async (fields = validReportFields(), files: Record<string, Buffer> = {}) => {
      const form = new FormData();
      for (const [name, value] of Object.entries(fields)) form.append(name, value);
      Object.entries(files).forEach(([name, bytes], index) => form.append(`attachment_${index}`, new Blob([new Uint8Array(bytes)]), name));
      const response = await fetch(`${started.url}/security/reports`, { method: "POST", body: form });
      expect(response.status).toBe(201);
      const created = (await response.json()) as { id: string; reference: string; caseUrl: string };
      return { ...created, token: created.caseUrl.split("/security/case/")[1]! };
    };
    const team = (path: string, method = "GET", body?: unknown) => started.send(path, { method, body, token });
    const open = async (caseToken: string) => ((await (await fetch(`${started.url}/security/case/${caseToken}`)).json()) as { case: CaseView }).case;
    const reply = (caseToken: string, body: string) => started.send(`/security/case/${caseToken}/messages`, { body: { body } });
    return { ...started, file, team, open, reply };
  }

  test("the case answers the report as sent and its original files, which only its own link downloads", async () => {
    const { url, file, open, reply } = await start();
    const fields = validReportFields({ asset_affected: "api.example.com", impact: "Accounts can be taken over." });
    const mine = await file(fields, { "proof.png": tinyPng() });
    const theirs = await file();
    await reply(mine.token, "A later note.");

    const view = await open(mine.token);
    // Every field of the form, the reporter's own name and address included (docs/decisions/190).
    for (const field of Object.keys(fields) as (keyof typeof fields & keyof CaseView)[]) {
      expect(view[field], field).toBe(fields[field]);
    }
    expect(view.attachments).toEqual([{ id: expect.any(String), filename: "proof.png", content_type: "image/png", size: tinyPng().length }]);
    // Not assessed yet (the assessment is shown since decision 214).
    expect(view).toMatchObject({ assessed_severity: null, cvss_vector: null, cvss_score: null });
    expect(view.nextStep).toMatchObject({ step: "acknowledge", by: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });

    const own = await fetch(`${url}/security/case/${mine.token}/attachments/${view.attachments[0]!.id}`);
    expect(own.status).toBe(200);
    // A PNG checked by its content is shown inline, as an image (docs/decisions/217).
    expect(own.headers.get("content-disposition")).toMatch(/^inline/);
    expect(Buffer.from(await own.arrayBuffer())).toEqual(tinyPng());
    expect((await fetch(`${url}/security/case/${theirs.token}/attachments/${view.attachments[0]!.id}`)).status).toBe(404);
  });

  test("a reply to 'needs more information' puts the report back in the team's queue, first in the inbox and counted by the badge", async () => {
    const { file, team, open, reply } = await start();
    const asked = await file(validReportFields({ vulnerability_title: "Asked for more" }));
    const other = await file(validReportFields({ vulnerability_title: "Filed later" }));
    expect((await team(`/admin/security/reports/${asked.id}`, "PATCH", { status: "triaged" })).status).toBe(200);
    expect((await team(`/admin/security/reports/${other.id}`, "PATCH", { status: "triaged" })).status).toBe(200);
    expect((await team(`/admin/security/reports/${asked.id}`, "PATCH", { status: "needs_more_info" })).status).toBe(200);
    const counts = async () => ((await (await team("/admin/counts")).json()) as { reportsAwaitingTeam: number }).reportsAwaitingTeam;
    expect(await counts()).toBe(0);
    expect((await open(asked.token)).nextStep).toBeNull();

    expect((await reply(asked.token, "Here are the details you asked for.")).status).toBe(201);
    const view = await open(asked.token);
    expect(view).toMatchObject({ status: "triaged", awaitingTeam: true });
    expect(await counts()).toBe(1);
    const inbox = (await (await team("/admin/security/reports")).json()) as { reports: { id: string; status: string; awaiting_team: boolean }[] };
    expect(inbox.reports[0]).toMatchObject({ id: asked.id, status: "triaged", awaiting_team: true });

    // The clock ran again from the reply: the pause ended with the status change.
    expect((await team(`/admin/security/reports/${asked.id}/messages`, "POST", { body: "Thanks, confirmed." })).status).toBe(201);
    expect(await counts()).toBe(0);
    expect((await open(asked.token)).awaitingTeam).toBe(false);
  });

  test("the team's changes within the digest's interval reach the reporter as one email; a later change starts another", async () => {
    const { db, file, team } = await start({ DISCLOSURE_REPORTER_DIGEST_SECONDS: "120" });
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-11-26T10:00:00Z"));
    const report = await file(validReportFields({ reporter_email: "lin@example.com" }));
    const toReporter = () =>
      db.selectFrom("mail_outbox").select(["subject", "text_body", "next_attempt_at"]).where("to_address", "=", "lin@example.com").orderBy("created_at").execute();

    await team(`/admin/security/reports/${report.id}`, "PATCH", { status: "triaged" });
    vi.setSystemTime(new Date("2026-11-26T10:00:20Z"));
    await team(`/admin/security/reports/${report.id}/messages`, "POST", { body: "We reproduced it." });
    vi.setSystemTime(new Date("2026-11-26T10:00:40Z"));
    await team(`/admin/security/reports/${report.id}`, "PATCH", { status: "resolved" });

    const [, digest, ...more] = await toReporter();
    expect(more).toHaveLength(0);
    expect(digest!.subject).toBe(`[${report.reference}] Outcome of your vulnerability report`);
    expect(digest!.next_attempt_at).toBe("2026-11-26T10:02:00.000Z");
    const text = digest!.text_body;
    const order = ["Confirmed: we are working on a fix", "We reproduced it.", "Resolved: the issue is fixed"].map((part) => text.indexOf(part));
    expect(order.every((at) => at >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(text.match(/\/security\/case\/[A-Za-z0-9_-]{43}/g)).toHaveLength(1);

    // Past the interval the held email is due; a change after it is a new email.
    vi.setSystemTime(new Date("2026-11-26T10:05:00Z"));
    await team(`/admin/security/reports/${report.id}`, "PATCH", { status: "triaged" });
    const after = await toReporter();
    expect(after).toHaveLength(3);
    expect(after[2]!.subject).toBe(`[${report.reference}] Update on your vulnerability report`);
  });
});
