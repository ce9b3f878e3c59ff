import { describe, expect, test } from "vitest";
import { apiTestServer, type ApiTestServer } from "../../tests/helpers/api-test-server";
import { testDatabaseKinds } from "../../tests/helpers/test-database";
import { CONTACT_HONEYPOT_FIELD, CONTACT_LIMITS } from "../../domain/contact";
import { ensureAdminPassword, login } from "../auth/admin-auth.server";
import { submitContactMessage } from "./contact-messages.server";
import { CONTACT_LIMIT } from "./contact-messages.server";
import { contactApiRouter } from "./contact-api.server";

const valid = { name: "Grace Hopper", email: "grace@example.com", message: "Please call me back about pricing." };

describe.each(testDatabaseKinds)("contact API on %s", (kind) => {
  const server = apiTestServer(kind);

  let current: ApiTestServer | undefined;

  async function start() {
    current = await server.start({
      env: { CONTACT_TO: "team@dialogic.test" },
      routers: (services) => [contactApiRouter(services)],
    });
    return current;
  }

  async function counts() {
    const { db } = current!;
    const messages = await db.selectFrom("contact_messages").select(db.fn.countAll().as("n")).executeTakeFirstOrThrow();
    const emails = await db.selectFrom("mail_outbox").select(db.fn.countAll().as("n")).executeTakeFirstOrThrow();
    return { messages: Number(messages.n), emails: Number(emails.n) };
  }

  test("a valid message answers 201 { id } after it and its email are committed", async () => {
    const { db, send } = await start();
    const response = await send("/contact", { body: valid });
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };
    const stored = await db.selectFrom("contact_messages").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ ...valid, read_at: null });
    const email = await db.selectFrom("mail_outbox").selectAll().where("id", "=", stored.mail_id!).executeTakeFirstOrThrow();
    expect(email).toMatchObject({ to_address: "team@dialogic.test", reply_to: "grace@example.com", status: "pending" });
    expect(email.text_body).toContain("Please call me back about pricing.");
  });

  test("missing, invalid and over-long fields answer 400 naming each field; nothing is stored", async () => {
    const { send } = await start();
    const missing = await send("/contact", { body: { name: " ", email: "", message: "" } });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({
      error: "Please fill in all required fields.",
      fields: {
        name: "Please enter your name.",
        email: "Please enter your email address.",
        message: "Please enter a message.",
      },
    });
    const invalid = await send("/contact", { body: { ...valid, email: "grace@localhost" } });
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toEqual({
      error: "Please enter a valid email address.",
      fields: { email: "Please enter a valid email address." },
    });
    const long = await send("/contact", { body: { ...valid, message: "x".repeat(CONTACT_LIMITS.message + 1) } });
    expect(long.status).toBe(400);
    expect(await long.json()).toMatchObject({ fields: { message: "Must be at most 10,000 characters" } });
    const notAnObject = await send("/contact", { raw: "[1,2,3]" });
    expect(notAnObject.status).toBe(400);
    const notJson = await send("/contact", { raw: "{name:" });
    expect(notJson.status).toBe(400);
    expect(await counts()).toEqual({ messages: 0, emails: 0 });
  });

  test("a filled honeypot is answered like a success and nothing is stored", async () => {
    const { send } = await start();
    const response = await send("/contact", { body: { ...valid, [CONTACT_HONEYPOT_FIELD]: "http://spam.example" } });
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ id: expect.any(String) });
    expect(await counts()).toEqual({ messages: 0, emails: 0 });
  });

  test("emoji and other scripts are stored; NUL, which PostgreSQL refuses, answers 400, not a 500", async () => {
    const { db, send } = await start();
    const nul = await send("/contact", {
      body: { name: "Zoë 李", email: "zoe@example.com", message: "Hello\u0000 world 👋 — ça va?" },
    });
    expect(nul.status).toBe(400);
    expect(await nul.json()).toMatchObject({ fields: { message: expect.stringContaining("not allowed") } });
    const response = await send("/contact", {
      body: { name: "Zoë 李", email: "zoe@example.com", message: "Hello world 👋 — ça va?" },
    });
    expect(response.status).toBe(201);
    const row = await db.selectFrom("contact_messages").selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ name: "Zoë 李", message: "Hello world 👋 — ça va?" });
  });

  test(`the ${CONTACT_LIMIT.limit + 1}th message from one client in the window answers 429 with a clear message`, async () => {
    const { send } = await start();
    for (let index = 0; index < CONTACT_LIMIT.limit; index += 1) {
      expect((await send("/contact", { body: valid })).status).toBe(201);
    }
    const limited = await send("/contact", { body: valid });
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual({
      error: "Too many messages from your network. Please wait 10 minutes and try again.",
    });
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  test("a flood of 200 concurrent submissions from one client is limited and none acknowledged is lost", async () => {
    const { send } = await start();
    const statuses = await Promise.all(
      Array.from({ length: 200 }, (_, index) =>
        send("/contact", { body: { ...valid, message: `Flood ${index}` } }).then(async (response) => {
          await response.arrayBuffer();
          return response.status;
        }),
      ),
    );
    const acknowledged = statuses.filter((status) => status === 201).length;
    const limited = statuses.filter((status) => status === 429).length;
    expect(acknowledged).toBe(CONTACT_LIMIT.limit);
    expect(limited).toBe(200 - acknowledged);
    expect(await counts()).toEqual({ messages: acknowledged, emails: acknowledged });
  });

  test("many concurrent submissions are all stored with their email (service level)", async () => {
    const { db, services } = await start();
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, index) =>
        submitContactMessage(services, { ...valid, message: `Concurrent ${index}` }),
      ),
    );
    expect(results.every((result) => result.ok)).toBe(true);
    expect(await counts()).toEqual({ messages: 100, emails: 100 });
    const orphans = await db
      .selectFrom("contact_messages")
      .leftJoin("mail_outbox", "mail_outbox.id", "contact_messages.mail_id")
      .select("contact_messages.id")
      .where("mail_outbox.id", "is", null)
      .execute();
    expect(orphans).toEqual([]);
  });

  test("the admin inbox lists messages newest first and marks them read or unread", async () => {
    const { db, send } = await start();
    await ensureAdminPassword(db, "correct horse battery staple");
    const session = await login(db, "correct horse battery staple");
    const token = session!.token;

    expect((await send("/admin/contact/messages", { method: "GET" })).status).toBe(401);
    for (const name of ["First", "Second", "Third"]) {
      expect((await send("/contact", { body: { ...valid, name } })).status).toBe(201);
      // Distinct timestamps, so "newest first" is observable.
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const listed = await send("/admin/contact/messages", { method: "GET", token });
    expect(listed.status).toBe(200);
    const inbox = (await listed.json()) as {
      messages: { id: string; name: string; read: boolean; email_status: string }[];
      total: number;
      unread: number;
    };
    expect(inbox.messages.map((message) => message.name)).toEqual(["Third", "Second", "First"]);
    expect(inbox).toMatchObject({ total: 3, unread: 3, page: 1 });
    expect(inbox.messages[0]).toMatchObject({ read: false, email_status: "pending" });

    const id = inbox.messages[1]!.id;
    const marked = await send(`/admin/contact/messages/${id}`, { method: "PATCH", body: { read: true }, token });
    expect(marked.status).toBe(200);
    expect(await marked.json()).toMatchObject({ id, name: "Second", read: true });
    const after = (await (await send("/admin/contact/messages", { method: "GET", token })).json()) as { unread: number };
    expect(after.unread).toBe(2);
    const unmarked = await send(`/admin/contact/messages/${id}`, { method: "PATCH", body: { read: false }, token });
    expect(await unmarked.json()).toMatchObject({ read: false, read_at: null });

    expect((await send(`/admin/contact/messages/${id}`, { method: "PATCH", body: { read: true } })).status).toBe(401);
    expect((await send(`/admin/contact/messages/${id}`, { method: "PATCH", body: { read: "yes" }, token })).status).toBe(400);
    expect((await send("/admin/contact/messages/nope", { method: "PATCH", body: { read: true }, token })).status).toBe(404);
    expect((await send("/admin/contact/messages?page=0", { method: "GET", token })).status).toBe(400);
  });
});
