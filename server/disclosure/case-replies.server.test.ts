import pino from "pino";
import { afterEach, describe, expect, test, vi } from "vitest";
import { caseTexts, dayInWords, type CaseView } from "../../domain/disclosure-case";
import { apiTestServer } from "../../tests/helpers/api-test-server";
import { validReportFields } from "../../tests/helpers/sample-files";
import { startSmtpServer } from "../../tests/helpers/smtp-server";
import { testDatabaseKinds } from "../../tests/helpers/test-database";
import { adminCountsRouter } from "../admin/admin-counts-api.server";
import { ensureAdminPassword, login } from "../auth/admin-auth.server";
import { startOutboxWorker } from "../mail/outbox-worker.server";
import { createMailTransport } from "../mail/transport.server";
import { securityReportsRouter } from "../reports/security-reports-api.server";
import { createUploadGate } from "../reports/upload-quota.server";
import { caseApiRouter } from "./case-api.server";
import { triageApiRouter } from "./triage-api.server";

const PASSWORD = "correct horse battery staple";
const TEAM = "security@dialogic.localhost";
const DAY = 24 * 60 * 60 * 1000;
const silent = pino({ level: "silent" });

const teardown: (() => Promise<void>)[] = [];

type InboxRow = { id: string; status: string; awaiting_team: boolean; replied_after_close: boolean };

/** Replies after a report closed (docs/decisions/212): the case API, the team's doors and a real SMTP server. */
describe.each(testDatabaseKinds)("a reporter's reply after closing on %s", (kind) => {
  const server = apiTestServer(kind);
  // Registered after the server's own: the worker stops before its database goes.
  afterEach(async () => {
    vi.useRealTimers();
    for (const step of teardown.splice(0).reverse()) await step();
  });

  async function start() {
    const smtp = await startSmtpServer();
    teardown.push(() => smtp.close());
    const started = await server.start({
      env: { REPORT_RATE_LIMIT: "100", SMTP_URL: smtp.url, DISCLOSURE_REPORTER_DIGEST_SECONDS: "1" },
      routers: (services) => {
        const gate = createUploadGate(4);
        return [securityReportsRouter(services, { gate }), caseApiRouter(services, { gate }), triageApiRouter(services), adminCountsRouter(services)];
      },
    });
    const transport = createMailTransport({ smtpUrl: smtp.url, from: "Dialogic <no-reply@dialogic.test>", logger: silent });
    const worker = startOutboxWorker({ db: started.db, transport, logger: silent, pollIntervalMs: 20 });
    teardown.push(async () => {
      await worker.stop();
      transport.close();
    });
    await ensureAdminPassword(started.db, PASSWORD);
    let token = (await login(started.db, PASSWORD))!.token;
    // Signed in again when the session is over: a test moves the clock by weeks.
    const team = async (path: string, method = "GET", body?: unknown): Promise<Response> => {
      const response = await started.send(path, { method, body, token });
      if (response.status !== 401) return response;
      token = (await login(started.db, PASSWORD))!.token;
      return started.send(path, { method, body, token });
    };
    const file = async (email = "ada@example.com") => {
      const form = new FormData();
      for (const [name, value] of Object.entries(validReportFields({ reporter_email: email }))) form.append(name, value);
      const response = await fetch(`${started.url}/security/reports`, { method: "POST", body: form });
      expect(response.status).toBe(201);
      const created = (await response.json()) as { id: string; reference: string; caseUrl: string };
      return { ...created, token: created.caseUrl.split("/security/case/")[1]! };
    };
    const open = async (caseToken: string) => ((await (await fetch(`${started.url}/security/case/${caseToken}`)).json()) as { case: CaseView }).case;
    const reply = (caseToken: string, body: string) => started.send(`/security/case/${caseToken}/messages`, { body: { body } });
    const setStatus = async (id: string, status: string) => expect((await team(`/admin/security/reports/${id}`, "PATCH", { status })).status).toBe(200);
    const badge = async () => ((await (await team("/admin/counts")).json()) as { reportsAwaitingTeam: number }).reportsAwaitingTeam;
    const inbox = async () => ((await (await team("/admin/security/reports")).json()) as { reports: InboxRow[] }).reports;
    const received = (to: string, subject: string) => smtp.received.filter((email) => email.rcptTo.includes(to) && email.headers.subject?.includes(subject));
    return { ...started, team, file, open, reply, setStatus, badge, inbox, received };
  }

  test("the team resolves, the reporter replies on the case: the report stays resolved, is flagged for the team and counted, until the team answers", async () => {
    const { file, open, reply, setStatus, badge, inbox, team, received } = await start();
    const report = await file();
    const other = await file("bob@example.com");
    await setStatus(other.id, "triaged");
    await setStatus(report.id, "resolved");
    expect(await badge()).toBe(0);

    // The outcome says until when a reply is still taken.
    const view = await open(report.token);
    expect(view).toMatchObject({ status: "resolved", closed: true, awaitingTeam: false, repliesUntil: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
    await expect.poll(() => received("ada@example.com", "Outcome of").length, { timeout: 10_000 }).toBe(1);
    expect(received("ada@example.com", "Outcome of")[0]!.text).toContain(`You can still reply on your case page until ${dayInWords(view.repliesUntil!)}`);

    const replied = await reply(report.token, "Retested with the fix: the redirect is gone.");
    expect(replied.status).toBe(201);
    expect(((await replied.json()) as { case: CaseView }).case).toMatchObject({ status: "resolved", closed: true, awaitingTeam: true });
    // Flagged: counted by the badge, first in the inbox, and on the report.
    expect(await badge()).toBe(1);
    expect((await inbox())[0]).toEqual(expect.objectContaining({ id: report.id, status: "resolved", awaiting_team: true, replied_after_close: true }));
    const seen = ((await (await team(`/admin/security/reports/${report.id}`)).json()) as { report: InboxRow }).report;
    expect(seen).toMatchObject({ status: "resolved", replied_after_close: true });
    // The team hears of it at once, by one email that says the report stays closed.
    await expect.poll(() => received(TEAM, "Reporter replied after closing").length, { timeout: 10_000 }).toBe(1);
    expect(received(TEAM, "Reporter replied after closing")[0]!.text).toContain("Retested with the fix");

    // The team's answer clears the flag; so does a change of status.
    expect((await team(`/admin/security/reports/${report.id}/messages`, "POST", { body: "Thanks for checking." })).status).toBe(201);
    expect(await badge()).toBe(0);
    expect((await inbox()).find((row) => row.id === report.id)).toMatchObject({ awaiting_team: false, replied_after_close: false });
    expect((await reply(report.token, "One more question.")).status).toBe(201);
    expect(await badge()).toBe(1);
    await setStatus(report.id, "informative");
    expect(await badge()).toBe(0);
    expect((await open(report.token)).status).toBe("informative");
  });

  test("withdrawn and spam cases stay closed: a reply is refused with the closed text, nothing is flagged or sent", async () => {
    const { db, file, open, reply, setStatus, badge, send } = await start();
    const withdrawn = await file();
    expect((await send(`/security/case/${withdrawn.token}/withdraw`)).status).toBe(204);
    const spam = await file("spam@example.com");
    await setStatus(spam.id, "spam");
    const notApplicable = await file("na@example.com");
    await setStatus(notApplicable.id, "not_applicable");

    for (const closed of [withdrawn, spam, notApplicable]) {
      const refused = await reply(closed.token, "Please reconsider.");
      expect(refused.status).toBe(409);
      expect(((await refused.json()) as { error: string }).error).toBe(caseTexts.closedNoReplies);
      expect((await open(closed.token)).repliesUntil).toBeNull();
    }
    expect(await badge()).toBe(0);
    const teamEmails = await db.selectFrom("mail_outbox").select("subject").where("to_address", "=", TEAM).where("subject", "like", "%Reporter replied%").execute();
    expect(teamEmails).toEqual([]);
  });

  test("a resolved case takes replies until the 30th day after it closed; past it, a reply is refused and the page says the case is closed", async () => {
    const { file, open, reply, setStatus, badge } = await start();
    vi.useFakeTimers({ toFake: ["Date"] });
    const closedAt = Date.parse("2026-11-02T09:00:00.000Z");
    vi.setSystemTime(closedAt);
    const report = await file();
    await setStatus(report.id, "resolved");
    expect((await open(report.token)).repliesUntil).toBe("2026-12-02");

    vi.setSystemTime(Date.parse("2026-12-02T23:59:00.000Z"));
    expect((await reply(report.token, "Last-day retest: still fixed.")).status).toBe(201);
    expect(await badge()).toBe(1);

    vi.setSystemTime(closedAt + 31 * DAY);
    const refused = await reply(report.token, "Too late?");
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { error: string }).error).toBe(caseTexts.repliesEnded);
    // The flag set in time stays until the team acts; the page no longer offers a reply.
    expect(await badge()).toBe(1);
    expect(await open(report.token)).toMatchObject({ closed: true, repliesUntil: null });
  });
});
