import pino from "pino";
import { afterEach, describe, expect, test, vi } from "vitest";
import { caseTexts } from "../../domain/disclosure-case";
import { serveApi, testServices } from "../../tests/helpers/http-server";
import { validReportFields } from "../../tests/helpers/sample-files";
import { startSmtpServer, type TestSmtpServer } from "../../tests/helpers/smtp-server";
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from "../../tests/helpers/test-database";
import { startOutboxWorker, type OutboxWorker } from "../mail/outbox-worker.server";
import { createMailTransport } from "../mail/transport.server";
import { securityReportsRouter } from "../reports/security-reports-api.server";
import { createUploadGate } from "../reports/upload-quota.server";
import { ensureAdminPassword, login } from "../auth/admin-auth.server";
import { caseApiRouter } from "./case-api.server";
import { TEAM_DIGEST_INTERVAL_MS } from "./team-digest.server";
import { triageApiRouter } from "./triage-api.server";

const silent = pino({ level: "silent" });
const TEAM = "security@dialogic.localhost";
const MINUTE = 60 * 1000;
const T0 = Date.parse("2026-11-26T10:00:00.000Z");

const teardown: (() => Promise<void>)[] = [];
afterEach(async () => {
  vi.useRealTimers();
  for (const step of teardown.splice(0).reverse()) await step();
});

/**
 * Two app processes (each its own connection pool, API and outbox worker) on one database, and
 * a real SMTP server that receives what the workers send.
 */
async function twoProcesses(kind: (typeof testDatabaseKinds)[number]) {
  const database: TestDatabase = await createTestDatabase(kind);
  teardown.push(() => database.destroy());
  const smtp: TestSmtpServer = await startSmtpServer();
  teardown.push(() => smtp.close());
  const urls: string[] = [];
  for (const db of [database.db, database.connectAgain()]) {
    const services = testServices(db, { SMTP_URL: smtp.url, REPORT_RATE_LIMIT: "100" });
    const gate = createUploadGate(4);
    const served = await serveApi(services, [securityReportsRouter(services, { gate }), caseApiRouter(services, { gate }), triageApiRouter(services)]);
    const transport = createMailTransport({ smtpUrl: smtp.url, from: "Dialogic <no-reply@dialogic.test>", logger: silent });
    const worker: OutboxWorker = startOutboxWorker({ db, transport, logger: silent, pollIntervalMs: 20 });
    teardown.push(async () => {
      await worker.stop();
      transport.close();
      await served.close();
    });
    urls.push(served.url);
  }
  return { database, smtp, urls };
}

async function fileReport(url: string): Promise<{ id: string; reference: string; token: string }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(validReportFields())) form.append(name, value);
  const response = await fetch(`${url}/security/reports`, { method: "POST", body: form });
  expect(response.status).toBe(201);
  const created = (await response.json()) as { id: string; reference: string; caseUrl: string };
  return { ...created, token: created.caseUrl.split("/security/case/")[1]! };
}

function reply(url: string, token: string, body: string): Promise<Response> {
  return fetch(`${url}/security/case/${token}/messages`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ body }),
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const teamRepliesIn = (smtp: TestSmtpServer) => smtp.received.filter((email) => email.rcptTo.includes(TEAM) && email.headers.subject?.includes("Reporter replied"));

describe.each(testDatabaseKinds)("reporters' replies reach the team as a digest on %s", (kind) => {
  test("30 replies over six minutes, through two processes, reach the team as two emails: the first at once, the rest an interval later", async () => {
    const { database, smtp, urls } = await twoProcesses(kind);
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(T0);
    const report = await fileReport(urls[0]!);
    const teamReplies = () => smtp.received.filter((email) => email.rcptTo.includes(TEAM) && email.headers.subject?.includes("Reporter replied"));

    // Five a minute for six minutes: the first alone, then each minute's five at once, through
    // both processes.
    vi.setSystemTime(T0 + 1000);
    expect((await reply(urls[0]!, report.token, "Reply #1.")).status).toBe(201);
    await expect.poll(() => teamReplies().length, { timeout: 10_000 }).toBe(1);
    for (let minute = 0; minute < 6; minute += 1) {
      vi.setSystemTime(T0 + minute * MINUTE + 2000);
      const numbers = Array.from({ length: 5 }, (_, index) => minute * 5 + index + 1).filter((n) => n > 1);
      const responses = await Promise.all(numbers.map((n) => reply(urls[n % 2]!, report.token, `Reply #${n}.`)));
      expect(responses.map((response) => response.status)).toEqual(numbers.map(() => 201));
    }
    await sleep(300);
    expect(teamReplies()).toHaveLength(1);
    expect(teamReplies()[0]!.text).toContain("Reply #1.");
    expect(teamReplies()[0]!.text).not.toContain("Reply #2.");
    const held = await database.db
      .selectFrom("mail_outbox")
      .select(["status", "next_attempt_at"])
      .where("to_address", "=", TEAM)
      .where("subject", "like", "%Reporter replied%")
      .orderBy("created_at")
      .execute();
    expect(held).toEqual([
      { status: "sent", next_attempt_at: expect.any(String) },
      { status: "pending", next_attempt_at: new Date(T0 + 1000 + TEAM_DIGEST_INTERVAL_MS).toISOString() },
    ]);

    // An interval after the first email, the other 29 go together, oldest first.
    vi.setSystemTime(T0 + 1000 + TEAM_DIGEST_INTERVAL_MS);
    await expect.poll(() => teamReplies().length, { timeout: 10_000 }).toBe(2);
    const digest = teamReplies()[1]!.text;
    for (let n = 2; n <= 30; n += 1) expect(digest.split(`Reply #${n}.`)).toHaveLength(2);
    expect(digest.match(/^Message of 2026-11-26 10:0\d UTC:$/gm)).toHaveLength(29);
    expect(digest.indexOf("Reply #2.")).toBeLessThan(digest.indexOf("Reply #30."));
    expect(digest).toContain(`/admin/reports/${report.id}`);

    // The next reply waits for the next interval.
    vi.setSystemTime(T0 + 16 * MINUTE);
    expect((await reply(urls[0]!, report.token, "Reply #31.")).status).toBe(201);
    const next = await database.db
      .selectFrom("mail_outbox")
      .select("next_attempt_at")
      .where("status", "=", "pending")
      .where("to_address", "=", TEAM)
      .executeTakeFirstOrThrow();
    expect(next.next_attempt_at).toBe(new Date(T0 + 1000 + 2 * TEAM_DIGEST_INTERVAL_MS).toISOString());
  });

  test("a case takes five messages a minute: the sixth is refused with 429 naming the problem, with or without files", async () => {
    const { urls } = await twoProcesses(kind);
    const report = await fileReport(urls[0]!);
    for (let n = 1; n <= 5; n += 1) expect((await reply(urls[n % 2]!, report.token, `Reply #${n}.`)).status).toBe(201);

    const refused = await reply(urls[0]!, report.token, "Reply #6.");
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(((await refused.json()) as { error: string }).error).toBe(caseTexts.tooManyMessages);
    expect(caseTexts.tooManyMessages).toMatch(/at most 5 a minute/);

    const withFile = new FormData();
    withFile.append("body", "Reply #7.");
    withFile.append("attachment_0", new Blob([new Uint8Array(8)], { type: "image/png" }), "x.png");
    const refusedUpload = await fetch(`${urls[1]}/security/case/${report.token}/messages`, { method: "POST", body: withFile });
    expect(refusedUpload.status).toBe(429);
    expect(((await refusedUpload.json()) as { error: string }).error).toBe(caseTexts.tooManyMessages);

    // Another case is not held back by this one.
    const other = await fileReport(urls[1]!);
    expect((await reply(urls[0]!, other.token, "Another case.")).status).toBe(201);
  });

  test("an answer to 'needs more information' reaches the team at once, even right after a message, with what was held; ten more within the interval make one digest", async () => {
    const { database, smtp, urls } = await twoProcesses(kind);
    await ensureAdminPassword(database.db, "correct horse battery staple");
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(T0);
    const bearer = (await login(database.db, "correct horse battery staple"))!.token;
    const report = await fileReport(urls[0]!);
    const teamReplies = () => teamRepliesIn(smtp);

    vi.setSystemTime(T0 + 1000);
    expect((await reply(urls[0]!, report.token, "First note.")).status).toBe(201);
    await expect.poll(() => teamReplies().length, { timeout: 10_000 }).toBe(1);
    vi.setSystemTime(T0 + 5000);
    expect((await reply(urls[1]!, report.token, "Second note, held for the digest.")).status).toBe(201);
    vi.setSystemTime(T0 + 10_000);
    const asked = await fetch(`${urls[1]}/admin/security/reports/${report.id}`, {
      method: "PATCH",
      headers: { "content-type": "application/json", authorization: `Bearer ${bearer}` },
      body: JSON.stringify({ status: "needs_more_info" }),
    });
    expect(asked.status).toBe(200);

    // The answer goes now (the clock stands still here), with the held note before it.
    vi.setSystemTime(T0 + 20_000);
    expect((await reply(urls[0]!, report.token, "The answer: Firefox 140.")).status).toBe(201);
    await expect.poll(() => teamReplies().length, { timeout: 10_000 }).toBe(2);
    const answer = teamReplies()[1]!.text;
    expect(answer.indexOf("Second note, held for the digest.")).toBeGreaterThan(-1);
    expect(answer.indexOf("Second note, held for the digest.")).toBeLessThan(answer.indexOf("The answer: Firefox 140."));

    // Ten more within the interval, five a minute through both processes: held together.
    for (let n = 1; n <= 10; n += 1) {
      vi.setSystemTime(T0 + (Math.ceil(n / 5) + 1) * MINUTE + n);
      expect((await reply(urls[n % 2]!, report.token, `More #${n}.`)).status).toBe(201);
    }
    await sleep(300);
    expect(teamReplies()).toHaveLength(2);
    const held = await database.db
      .selectFrom("mail_outbox")
      .select("next_attempt_at")
      .where("status", "=", "pending")
      .where("to_address", "=", TEAM)
      .execute();
    expect(held).toEqual([{ next_attempt_at: new Date(T0 + 20_000 + TEAM_DIGEST_INTERVAL_MS).toISOString() }]);

    vi.setSystemTime(T0 + 20_000 + TEAM_DIGEST_INTERVAL_MS);
    await expect.poll(() => teamReplies().length, { timeout: 10_000 }).toBe(3);
    const digest = teamReplies()[2]!.text;
    for (let n = 1; n <= 10; n += 1) expect(digest.split(`More #${n}.`)).toHaveLength(2);
    expect(digest).not.toContain("The answer");
  });
});
