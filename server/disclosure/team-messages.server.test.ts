import pino from "pino";
import { afterEach, describe, expect, test } from "vitest";
import type { CaseView } from "../../domain/disclosure-case";
import { reportMessages } from "../../domain/vulnerability-report";
import { apiTestServer } from "../../tests/helpers/api-test-server";
import { elfExecutable, tinyPng, validReportFields } from "../../tests/helpers/sample-files";
import { startSmtpServer, type TestSmtpServer } from "../../tests/helpers/smtp-server";
import { testDatabaseKinds } from "../../tests/helpers/test-database";
import { ensureAdminPassword, login } from "../auth/admin-auth.server";
import { startOutboxWorker } from "../mail/outbox-worker.server";
import { createMailTransport } from "../mail/transport.server";
import { securityReportsRouter } from "../reports/security-reports-api.server";
import { createUploadGate } from "../reports/upload-quota.server";
import { caseApiRouter } from "./case-api.server";
import { triageApiRouter } from "./triage-api.server";
import type { TriagedReport } from "./triage.server";

const PASSWORD = "correct horse battery staple";
const REPORTER = "ada@example.com";
const silent = pino({ level: "silent" });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const teardown: (() => Promise<void>)[] = [];

describe.each(testDatabaseKinds)("the team's messages, with a status and with files, on %s", (kind) => {
  const server = apiTestServer(kind);
  // Registered after the server's own, so it runs first: the outbox worker stops before its
  // database goes (a write to a destroyed database never settles, and the hook timed out).
  afterEach(async () => {
    for (const step of teardown.splice(0).reverse()) await step();
  });

  /** The API with the report, case and triage doors, an outbox worker and a real SMTP server. */
  async function start() {
    const smtp: TestSmtpServer = await startSmtpServer();
    teardown.push(() => smtp.close());
    const started = await server.start({
      // The reporter's digest holds an email one second (the shortest allowed) before it goes.
      env: { REPORT_RATE_LIMIT: "100", SMTP_URL: smtp.url, DISCLOSURE_REPORTER_DIGEST_SECONDS: "1" },
      routers: (services) => {
        const gate = createUploadGate(4);
        return [securityReportsRouter(services, { gate }), caseApiRouter(services, { gate }), triageApiRouter(services, { gate })];
      },
    });
    const transport = createMailTransport({ smtpUrl: smtp.url, from: "Dialogic <no-reply@dialogic.test>", logger: silent });
    const worker = startOutboxWorker({ db: started.db, transport, logger: silent, pollIntervalMs: 20 });
    teardown.push(async () => {
      await worker.stop();
      transport.close();
    });
    await ensureAdminPassword(started.db, PASSWORD);
    const token = (await login(started.db, PASSWORD))!.token;
    const form = new FormData();
    for (const [name, value] of Object.entries(validReportFields())) form.append(name, value);
    const filed = await fetch(`${started.url}/security/reports`, { method: "POST", body: form });
    expect(filed.status).toBe(201);
    const report = (await filed.json()) as { id: string; reference: string; caseUrl: string };
    const caseApi = `${started.url}/security/case/${report.caseUrl.split("/security/case/")[1]}`;
    const messages = `${started.url}/admin/security/reports/${report.id}/messages`;
    const sendJson = (body: unknown) =>
      fetch(messages, { method: "POST", headers: { authorization: `Bearer ${token}`, "content-type": "application/json" }, body: JSON.stringify(body) });
    const sendForm = (body: FormData) => fetch(messages, { method: "POST", headers: { authorization: `Bearer ${token}` }, body });
    const toReporter = () => smtp.received.filter((email) => email.rcptTo.includes(REPORTER));
    // The acknowledgement of the report is the reporter's first email.
    await expect.poll(() => toReporter().length, { timeout: 10_000 }).toBe(1);
    return { ...started, report, caseApi, sendJson, sendForm, toReporter };
  }

  test("a message with status needs_more_info is one timeline event and one email naming both", async () => {
    const { db, report, caseApi, sendJson, toReporter } = await start();
    const sent = await sendJson({ body: "Which browser did you use?", status: "needs_more_info" });
    expect(sent.status).toBe(201);
    const answered = ((await sent.json()) as { report: TriagedReport }).report;
    expect(answered.status).toBe("needs_more_info");
    expect(answered.events).toEqual([
      expect.objectContaining({ kind: "message", author: "team", body: "Which browser did you use?", newStatus: { status: "needs_more_info", label: "Needs more information" } }),
    ]);
    expect(await db.selectFrom("report_events").selectAll().where("report_id", "=", report.id).execute()).toHaveLength(1);

    await expect.poll(() => toReporter().length, { timeout: 10_000 }).toBe(2);
    await sleep(1500);
    expect(toReporter()).toHaveLength(2);
    const email = toReporter()[1]!;
    expect(email.headers.subject).toBe(`[${report.reference}] New message about your vulnerability report`);
    expect(email.text).toContain("We need more information from you");
    expect(email.text).toContain("Which browser did you use?");

    // The reporter reads one step, the status set by the message; the clock stands still.
    const view = ((await (await fetch(caseApi)).json()) as { case: CaseView }).case;
    expect(view.status).toBe("needs_more_info");
    expect(view.nextStep).toBeNull();
    expect(view.events).toEqual([expect.objectContaining({ kind: "message", author: "team", newStatus: expect.objectContaining({ status: "needs_more_info" }) })]);
  });

  test("an invalid status is a 400 naming the field, and nothing is stored or sent", async () => {
    const { db, report, sendJson, sendForm, toReporter } = await start();
    const refused = await sendJson({ body: "Closing this.", status: "archived" });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ error: reportMessages.statusInvalid, fields: { status: reportMessages.statusInvalid } });
    const form = new FormData();
    form.append("body", "Closing this.");
    form.append("status", "withdrawn");
    const withdrawn = await sendForm(form);
    expect(withdrawn.status).toBe(400);
    expect(((await withdrawn.json()) as { fields: Record<string, string> }).fields).toHaveProperty("status");

    expect(await db.selectFrom("report_events").selectAll().where("report_id", "=", report.id).execute()).toEqual([]);
    const outbox = await db.selectFrom("mail_outbox").select("subject").where("to_address", "=", REPORTER).execute();
    expect(outbox).toHaveLength(1);
    await sleep(1500);
    expect(toReporter()).toHaveLength(1);
  });

  test("a team message with a PNG and a text file: the reporter lists both, the PNG opens inline as an image, the text downloads", async () => {
    const { url, caseApi, sendForm, toReporter } = await start();
    const png = tinyPng(6);
    const form = new FormData();
    form.append("body", "The screenshot and the log of our test.");
    // Named wrongly on purpose: the kind is decided by the content.
    form.append("attachment_0", new Blob([new Uint8Array(png)], { type: "application/octet-stream" }), "screenshot.bin");
    form.append("attachment_1", new Blob(["GET /admin HTTP/1.1\n"], { type: "text/plain" }), "request.log");
    const sent = await sendForm(form);
    expect(sent.status).toBe(201);

    const view = ((await (await fetch(caseApi)).json()) as { case: CaseView }).case;
    const message = view.events.find((event) => event.kind === "message");
    expect(message?.kind === "message" ? message.files : []).toEqual([
      { id: expect.any(String), filename: "screenshot.png", content_type: "image/png", size: png.length },
      { id: expect.any(String), filename: "request.txt", content_type: "text/plain; charset=utf-8", size: 20 },
    ]);
    const [image, text] = message!.kind === "message" ? message!.files : [];

    const shown = await fetch(`${caseApi}/attachments/${image!.id}`);
    expect(shown.status).toBe(200);
    expect(shown.headers.get("content-type")).toBe("image/png");
    expect(shown.headers.get("content-disposition")).toMatch(/^inline; filename="screenshot.png"/);
    expect(shown.headers.get("x-content-type-options")).toBe("nosniff");
    expect(Buffer.from(await shown.arrayBuffer())).toEqual(png);

    const downloaded = await fetch(`${caseApi}/attachments/${text!.id}`);
    expect(downloaded.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(downloaded.headers.get("content-disposition")).toMatch(/^attachment; filename="request.txt"/);
    expect(downloaded.headers.get("content-security-policy")).toBe("default-src 'none'; sandbox");
    expect(await downloaded.text()).toBe("GET /admin HTTP/1.1\n");

    // No guessable address: without the case's token there is nothing to fetch.
    expect((await fetch(`${url}/security/case/not-a-token/attachments/${image!.id}`)).status).toBe(404);
    await expect.poll(() => toReporter().length, { timeout: 10_000 }).toBe(2);
    expect(toReporter()[1]!.text).toContain("screenshot.png");
  });

  test("a file whose content is not an accepted kind is refused, and nothing of the message is stored", async () => {
    const { db, report, sendForm } = await start();
    const form = new FormData();
    form.append("body", "Here is the tool.");
    form.append("attachment_0", new Blob([new Uint8Array(elfExecutable())], { type: "image/png" }), "tool.png");
    const refused = await sendForm(form);
    expect(refused.status).toBe(415);
    expect(((await refused.json()) as { error: string }).error).toContain("tool.png");
    expect(await db.selectFrom("report_events").selectAll().where("report_id", "=", report.id).execute()).toEqual([]);
    expect(await db.selectFrom("report_attachments").selectAll().where("report_id", "=", report.id).execute()).toEqual([]);
  });
});
