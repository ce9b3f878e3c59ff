import pino from "pino";
import { afterEach, describe, expect, test, vi } from "vitest";
import { testServices } from "../../tests/helpers/http-server";
import { emailParts } from "../../tests/helpers/email-parts";
import { startSmtpServer, type TestSmtpServer } from "../../tests/helpers/smtp-server";
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from "../../tests/helpers/test-database";
import { submitContactMessage } from "../contact/contact-messages.server";
import type { AppDatabase } from "../db/database.server";
import { startOutboxWorker, retryDelayMs, type OutboxWorker } from "./outbox-worker.server";
import { enqueueEmail, listUndeliveredEmails, retryFailedEmails } from "./outbox.server";
import { createMailTransport, type MailTransport } from "./transport.server";

const silent = pino({ level: "silent" });
/** Fast retries, so an outage of a few hundred milliseconds shows several attempts. */
const FAST = { pollIntervalMs: 20, baseDelayMs: 20, maxDelayMs: 100 };
const WAIT = { timeout: 15_000, interval: 20 };

test("retries back off exponentially from the base delay up to the cap", () => {
  const delays = [1, 2, 3, 4, 8, 9, 48].map((attempts) => retryDelayMs(attempts, 30_000, 3_600_000));
  expect(delays).toEqual([30_000, 60_000, 120_000, 240_000, 3_600_000, 3_600_000, 3_600_000]);
});

describe.each(testDatabaseKinds)("outbox delivery over real SMTP on %s", (kind) => {
  let database: TestDatabase | undefined;
  const smtpServers: TestSmtpServer[] = [];
  const workers: OutboxWorker[] = [];
  const transports: MailTransport[] = [];
  afterEach(async () => {
    await Promise.all(workers.splice(0).map((worker) => worker.stop()));
    for (const transport of transports.splice(0)) transport.close();
    await Promise.all(smtpServers.splice(0).map((server) => server.close()));
    await database?.destroy();
    database = undefined;
  });

  async function smtp(port = 0) {
    const server = await startSmtpServer(port);
    smtpServers.push(server);
    return server;
  }

  function worker(db: AppDatabase, smtpUrl: string | undefined, options: { maxAttempts?: number } = {}) {
    const transport = createMailTransport({ smtpUrl, from: "Dialogic <no-reply@dialogic.test>", logger: silent });
    transports.push(transport);
    const started = startOutboxWorker({ db, transport, logger: silent, ...FAST, ...options });
    workers.push(started);
    return started;
  }

  async function outboxRows(db: AppDatabase) {
    return db.selectFrom("mail_outbox").selectAll().orderBy("created_at").execute();
  }

  test("a submission arrives with the right recipient, reply-to and text", async () => {
    database = await createTestDatabase(kind);
    const server = await smtp();
    const services = testServices(database.db, { SMTP_URL: server.url, CONTACT_TO: "team@dialogic.test" });
    worker(database.db, server.url);

    const result = await submitContactMessage(services, {
      name: "Ada Lovelace",
      email: "ada@example.com",
      message: "We would like a demo for 300 employees.\nThursday works for us.",
    });
    expect(result.ok).toBe(true);

    await vi.waitFor(() => expect(server.received).toHaveLength(1), WAIT);
    const [email] = server.received;
    expect(email!.rcptTo).toEqual(["team@dialogic.test"]);
    expect(email!.mailFrom).toBe("no-reply@dialogic.test");
    expect(email!.headers.to).toBe("team@dialogic.test");
    expect(email!.headers["reply-to"]).toBe("ada@example.com");
    expect(email!.headers.from).toBe("Dialogic <no-reply@dialogic.test>");
    expect(email!.headers.subject).toBe("New contact message from Ada Lovelace");
    expect(email!.text).toContain("Name: Ada Lovelace");
    expect(email!.text).toContain("Email: ada@example.com");
    expect(email!.text).toContain("We would like a demo for 300 employees.\nThursday works for us.");

    await vi.waitFor(async () => {
      const [row] = await outboxRows(database!.db);
      expect(row).toMatchObject({ status: "sent", attempts: 1, delivered_via: "smtp", claimed_by: null });
    }, WAIT);
  });

  test("an email with an HTML part arrives as text and HTML alternatives; one without stays plain text", async () => {
    database = await createTestDatabase(kind);
    const server = await smtp();
    worker(database.db, server.url);
    await enqueueEmail(database.db, { to: "team@dialogic.test", subject: "Both", text: "Plain words", html: "<p>Rich <strong>words</strong> &#38; more</p>" });
    await enqueueEmail(database.db, { to: "team@dialogic.test", subject: "Text only", text: "Only words" });

    await vi.waitFor(() => expect(server.received).toHaveLength(2), WAIT);
    const both = server.received.find((email) => email.headers.subject === "Both")!;
    expect(both.headers["content-type"]).toMatch(/^multipart\/alternative;/);
    expect(emailParts(both)).toEqual([
      { type: "text/plain", body: "Plain words" },
      { type: "text/html", body: "<p>Rich <strong>words</strong> &#38; more</p>" },
    ]);
    const textOnly = server.received.find((email) => email.headers.subject === "Text only")!;
    expect(textOnly.headers["content-type"]).toMatch(/^text\/plain/);
    expect(textOnly.text).toBe("Only words");
  });

  test("no field of a submission can add a header or a recipient", async () => {
    database = await createTestDatabase(kind);
    const server = await smtp();
    const services = testServices(database.db, { CONTACT_TO: "team@dialogic.test" });
    worker(database.db, server.url);

    const refused = await submitContactMessage(services, {
      name: "Eve",
      email: "eve@example.com\r\nBcc: victim@example.com",
      message: "hello",
    });
    expect(refused).toMatchObject({ ok: false, fields: { email: "Please enter a valid email address." } });

    const accepted = await submitContactMessage(services, {
      name: "Eve\r\nBcc: victim@example.com\r\nSubject: free money",
      email: "eve@example.com",
      message: "Line one\r\nBcc: victim@example.com\r\n\r\nstill the body",
    });
    expect(accepted.ok).toBe(true);

    await vi.waitFor(() => expect(server.received).toHaveLength(1), WAIT);
    const [email] = server.received;
    expect(email!.rcptTo).toEqual(["team@dialogic.test"]);
    expect(email!.headers.bcc).toBeUndefined();
    expect(email!.headers.subject).toBe("New contact message from Eve Bcc: victim@example.com Subject: free money");
    const headerBlock = email!.raw.slice(0, email!.raw.indexOf("\r\n\r\n"));
    expect(headerBlock).not.toMatch(/^(Bcc|Subject: free)/im);
    expect(email!.text).toContain("Bcc: victim@example.com\n\nstill the body");
  });

  test("during an SMTP outage submissions are stored; once it is back each is delivered exactly once", async () => {
    database = await createTestDatabase(kind);
    // Find a free port, then close the server: the mail server is down.
    const first = await smtp();
    const port = first.port;
    await first.close();
    smtpServers.splice(smtpServers.indexOf(first), 1);

    const services = testServices(database.db);
    // Two workers on two connections, as two app processes sharing the database.
    worker(database.db, `smtp://127.0.0.1:${port}`);
    worker(database.connectAgain(), `smtp://127.0.0.1:${port}`);

    const submitted = 12;
    const ids: string[] = [];
    for (let index = 0; index < submitted; index += 1) {
      const result = await submitContactMessage(services, {
        name: `Visitor ${index}`,
        email: `visitor${index}@example.com`,
        message: `Message number ${index}`,
      });
      if (!result.ok) throw new Error("submission refused");
      ids.push(result.id);
    }
    const stored = await database.db.selectFrom("contact_messages").select("id").execute();
    expect(stored.map((row) => row.id).sort()).toEqual([...ids].sort());

    // Every email fails at least twice while the server is down; the error is kept.
    await vi.waitFor(async () => {
      const rows = await outboxRows(database!.db);
      expect(rows).toHaveLength(submitted);
      for (const row of rows) {
        expect(row.status).toBe("pending");
        expect(row.attempts).toBeGreaterThanOrEqual(2);
        expect(row.last_error).toMatch(/ECONNREFUSED/);
      }
    }, WAIT);
    const undelivered = await listUndeliveredEmails(database.db);
    expect(undelivered).toHaveLength(submitted);

    const server = await smtp(port);
    await vi.waitFor(async () => {
      const rows = await outboxRows(database!.db);
      expect(rows.filter((row) => row.status === "sent")).toHaveLength(submitted);
    }, WAIT);
    // Both workers keep polling a while longer: nothing is sent again.
    await Promise.all(workers.map((each) => each.runOnce()));
    await Promise.all(workers.map((each) => each.runOnce()));

    const byMessageId = new Map<string, number>();
    for (const email of server.received) {
      const id = email.headers["message-id"] ?? "";
      byMessageId.set(id, (byMessageId.get(id) ?? 0) + 1);
    }
    expect(server.received).toHaveLength(submitted);
    expect([...byMessageId.values()].every((count) => count === 1)).toBe(true);
    const texts = server.received.map((email) => /Message number (\d+)/.exec(email.text)?.[1]).sort();
    expect(new Set(texts).size).toBe(submitted);
    const rows = await outboxRows(database.db);
    expect(rows.every((row) => row.sent_at !== null && row.delivered_via === "smtp")).toBe(true);
    expect(await listUndeliveredEmails(database.db)).toEqual([]);
  });

  test("two workers racing over many due emails never send one twice", async () => {
    database = await createTestDatabase(kind);
    const server = await smtp();
    const second = database.connectAgain();
    const count = 40;
    for (let index = 0; index < count; index += 1) {
      await enqueueEmail(database.db, { to: "team@dialogic.test", subject: `Race ${index}`, text: `race ${index}` });
    }
    worker(database.db, server.url);
    worker(second, server.url);
    await vi.waitFor(async () => {
      const rows = await outboxRows(database!.db);
      expect(rows.filter((row) => row.status === "sent")).toHaveLength(count);
    }, WAIT);
    expect(server.received).toHaveLength(count);
    expect(new Set(server.received.map((email) => email.headers.subject)).size).toBe(count);
  });

  test("a crashed worker's claim expires and its email is retried; a live claim is respected", async () => {
    database = await createTestDatabase(kind);
    const server = await smtp();
    const { db } = database;
    const stale = await enqueueEmail(db, { to: "team@dialogic.test", subject: "Stale claim", text: "stale" });
    const live = await enqueueEmail(db, { to: "team@dialogic.test", subject: "Live claim", text: "live" });
    const past = new Date(Date.now() - 60_000).toISOString();
    const future = new Date(Date.now() + 60_000).toISOString();
    await db.updateTable("mail_outbox").set({ claimed_by: "crashed", claimed_until: past }).where("id", "=", stale).execute();
    await db.updateTable("mail_outbox").set({ claimed_by: "busy", claimed_until: future }).where("id", "=", live).execute();

    const running = worker(db, server.url);
    await vi.waitFor(() => expect(server.received).toHaveLength(1), WAIT);
    await running.runOnce();
    expect(server.received.map((email) => email.headers.subject)).toEqual(["Stale claim"]);
    const liveRow = await db.selectFrom("mail_outbox").selectAll().where("id", "=", live).executeTakeFirstOrThrow();
    expect(liveRow).toMatchObject({ status: "pending", claimed_by: "busy", attempts: 0 });
  });

  test("after the last allowed attempt an email is marked failed, and the CLI's retry requeues it", async () => {
    database = await createTestDatabase(kind);
    const down = await smtp();
    const port = down.port;
    await down.close();
    smtpServers.splice(smtpServers.indexOf(down), 1);
    const { db } = database;
    const id = await enqueueEmail(db, { to: "team@dialogic.test", subject: "Doomed", text: "doomed" });
    worker(db, `smtp://127.0.0.1:${port}`, { maxAttempts: 3 });
    await vi.waitFor(async () => {
      const row = await db.selectFrom("mail_outbox").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ status: "failed", attempts: 3 });
      expect(row.last_error).toMatch(/ECONNREFUSED/);
    }, WAIT);
    expect((await listUndeliveredEmails(db)).map((row) => row.status)).toEqual(["failed"]);

    const server = await smtp(port);
    expect(await retryFailedEmails(db)).toBe(1);
    await vi.waitFor(() => expect(server.received).toHaveLength(1), WAIT);
    await vi.waitFor(async () => {
      const row = await db.selectFrom("mail_outbox").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
      expect(row.status).toBe("sent");
    }, WAIT);
  });

  test("without SMTP_URL an email is logged, marked sent by the log, and kept in the outbox", async () => {
    database = await createTestDatabase(kind);
    const { db } = database;
    const id = await enqueueEmail(db, { to: "team@dialogic.test", replyTo: "ada@example.com", subject: "Hi", text: "body" });
    worker(db, undefined);
    await vi.waitFor(async () => {
      const row = await db.selectFrom("mail_outbox").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ status: "sent", delivered_via: "log", text_body: "body" });
    }, WAIT);
  });
});
