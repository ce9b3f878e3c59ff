import pino from "pino";
import { describe, expect, test } from "vitest";
import { NOTE_MAX, triageMessages } from "../../domain/report-triage";
import { validReportFields } from "../../tests/helpers/sample-files";
import { apiTestServer } from "../../tests/helpers/api-test-server";
import { startSmtpServer } from "../../tests/helpers/smtp-server";
import { testDatabaseKinds } from "../../tests/helpers/test-database";
import { ensureAdminPassword, login } from "../auth/admin-auth.server";
import { startOutboxWorker } from "../mail/outbox-worker.server";
import { createMailTransport } from "../mail/transport.server";
import { securityReportsRouter } from "../reports/security-reports-api.server";
import { createUploadGate } from "../reports/upload-quota.server";
import { caseApiRouter } from "./case-api.server";
import { copyDbDatabases, reportRow } from "../../tests/helpers/copy-db";
import { copyDatabase } from "../db/copy-database.server";
import { SITE_COPY_STEPS } from "../copy-steps.server";
import { teamTimeline } from "../reports/report-timeline.server";
import { suggestCvss } from "./case-suggestions.server";
import { addInternalNote } from "./internal-notes.server";
import { triageApiRouter } from "./triage-api.server";
import type { TriagedReport } from "./triage.server";

const PASSWORD = "correct horse battery staple";
const NOTE = "Internal: the fix waits for the auth rewrite, do not promise a date";

describe.each(testDatabaseKinds)("the team's internal notes on %s", (kind) => {
  const server = apiTestServer(kind);

  test("a note is on the team's timeline, audited, and never in the case API or in an email to the reporter", async () => {
    const smtp = await startSmtpServer();
    const { db, url, send } = await server.start({
      env: { REPORT_RATE_LIMIT: "100", SMTP_URL: smtp.url, DISCLOSURE_REPORTER_DIGEST_SECONDS: "1" },
      routers: (services) => {
        const gate = createUploadGate(4);
        return [securityReportsRouter(services, { gate }), caseApiRouter(services, { gate }), triageApiRouter(services)];
      },
    });
    const silent = pino({ level: "silent" });
    const transport = createMailTransport({ smtpUrl: smtp.url, from: "Dialogic <no-reply@dialogic.test>", logger: silent });
    const worker = startOutboxWorker({ db, transport, logger: silent, pollIntervalMs: 20 });
    try {
      await ensureAdminPassword(db, PASSWORD);
      const token = (await login(db, PASSWORD))!.token;
      const form = new FormData();
      for (const [name, value] of Object.entries(validReportFields({ reporter_email: "noor@example.com" }))) form.append(name, value);
      const report = (await (await fetch(`${url}/security/reports`, { method: "POST", body: form })).json()) as { id: string; reference: string; caseUrl: string };
      const team = (path: string, method: string, body?: unknown) => send(`/admin/security/reports/${report.id}${path}`, { method, body, token });

      // Bad notes name the field; nothing is added.
      for (const body of [{ body: "   " }, {}, { body: 42 }, { body: "x".repeat(NOTE_MAX + 1) }, { body: "before\u0000after" }, { body: "\ud800" }]) {
        const refused = await team("/notes", "POST", body);
        expect(refused.status).toBe(400);
        expect(((await refused.json()) as { fields: Record<string, string> }).fields).toHaveProperty("body");
      }
      expect(((await (await team("/notes", "POST", { body: "" })).json()) as { error: string }).error).toBe(triageMessages.noteRequired);
      expect((await send("/admin/security/reports/no-such-report/notes", { body: { body: NOTE }, token })).status).toBe(404);

      // The team triages, notes, and writes to the reporter: changes the reporter hears of as one email.
      expect((await team("", "PATCH", { status: "triaged" })).status).toBe(200);
      const noted = await team("/notes", "POST", { body: NOTE });
      expect(noted.status).toBe(201);
      const afterNote = ((await noted.json()) as { report: TriagedReport }).report;
      expect(afterNote.events.at(-1)).toMatchObject({ kind: "note", author: "team", body: NOTE, actor: { id: "owner", name: "Owner", role: "owner" } });
      // A note answers nobody: the reporter's mark and the acknowledgement are the status change's.
      expect((await team("/messages", "POST", { body: "We reproduced it." })).status).toBe(201);
      const page = ((await (await team("", "GET")).json()) as { report: TriagedReport }).report;
      expect(page.events.filter((event) => event.kind === "note")).toHaveLength(1);

      const audit = await db.selectFrom("audit_events").select(["action", "target"]).where("action", "=", "report.note_added").execute();
      expect(audit).toEqual([{ action: "report.note_added", target: report.id }]);

      const caseToken = report.caseUrl.split("/security/case/")[1]!;
      const caseAnswer = await (await fetch(`${url}/security/case/${caseToken}`)).text();
      expect(caseAnswer).toContain("We reproduced it.");
      expect(caseAnswer).not.toContain(NOTE);
      expect(caseAnswer).not.toContain('"note"');

      // The digest with the status and the message arrives; no email anywhere carries the note.
      await expect
        .poll(() => smtp.received.find((email) => email.rcptTo.includes("noor@example.com") && email.text.includes("We reproduced it.")), { timeout: 15_000 })
        .toBeTruthy();
      expect(smtp.received.filter((email) => email.rcptTo.includes("noor@example.com")).length).toBeGreaterThanOrEqual(2);
      for (const email of smtp.received) {
        expect(email.text).not.toContain("the auth rewrite");
        expect(email.raw.replace(/=\r\n/g, "")).not.toContain("the auth rewrite");
      }
      const queued = await db.selectFrom("mail_outbox").select(["text_body", "html_body"]).execute();
      for (const email of queued) expect(`${email.text_body}${email.html_body ?? ""}`).not.toContain("the auth rewrite");
    } finally {
      await worker.stop();
      transport.close();
      await smtp.close();
    }
  });
});

// Notes and suggestions are timeline rows: copy-db (and the backup, which copies the same way) carries them.
describe.each(testDatabaseKinds)("copy-db from SQLite to %s", (targetKind) => {
  const open = copyDbDatabases();

  test("a report's suggestion, with its score, and its internal note move with the report", async () => {
    const source = await open("sqlite");
    const target = await open(targetKind);
    const now = new Date().toISOString();
    await source.insertInto("security_reports").values(reportRow("VR-2026-ABCDEF", now)).execute();
    expect((await suggestCvss(source, "r1", "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:N/A:N")).ok).toBe(true);
    expect((await addInternalNote(source, "r1", NOTE, { id: "owner", name: "Owner", role: "owner" })).ok).toBe(true);

    const counts = await copyDatabase(source, target, SITE_COPY_STEPS);
    expect(counts).toMatchObject({ report_events: 2 });
    const moved = await teamTimeline(target, "r1");
    expect(moved).toEqual(await teamTimeline(source, "r1"));
    expect(moved.map((event) => event.kind)).toEqual(["suggestion", "note"]);
    expect(moved[0]).toMatchObject({ cvss_score: 7.5 });
  });
});
