import { describe, expect, test } from "vitest";
import { apiTestServer } from "../../tests/helpers/api-test-server";
import { testDatabaseKinds } from "../../tests/helpers/test-database";
import { ensureAdminPassword, login } from "../auth/admin-auth.server";
import { contactApiRouter } from "./contact-api.server";

type Inbox = {
  messages: { id: string; name: string; read: boolean }[];
  page: number;
  pageSize: number;
  total: number;
  unread: number;
};

describe.each(testDatabaseKinds)("the admin inbox's query on %s", (kind) => {
  const server = apiTestServer(kind);

  /** 60 messages a minute apart; every fifth mentions "Invoice_2%" (LIKE's wildcards, literally). */
  async function startWithSixty() {
    const current = await server.start({ env: {}, routers: (services) => [contactApiRouter(services)] });
    const { db, send } = current;
    const start = Date.parse("2026-11-01T09:00:00Z");
    await db
      .insertInto("contact_messages")
      .values(
        Array.from({ length: 60 }, (_, index) => ({
          id: `m-${String(index).padStart(2, "0")}`,
          name: `Sender ${index}`,
          email: `sender${index}@example.com`,
          message: index % 5 === 0 ? `About INVOICE_2% number ${index}` : `Plain question ${index}`,
          created_at: new Date(start + index * 60_000).toISOString(),
          read_at: index < 10 ? new Date(start).toISOString() : null,
          mail_id: null,
        })),
      )
      .execute();
    await ensureAdminPassword(db, "correct horse battery staple");
    const token = (await login(db, "correct horse battery staple"))!.token;
    const get = async (query: string) => {
      const response = await send(`/admin/contact/messages?${query}`, { method: "GET", token });
      return { status: response.status, body: (await response.json()) as Inbox & { error?: string } };
    };
    return { get, send, token };
  }

  test("pages of 25 with the total; the old ?page=N keeps pages of 50", async () => {
    const { get } = await startWithSixty();
    const first = await get("page=1&pageSize=25");
    expect(first.body).toMatchObject({ page: 1, pageSize: 25, total: 60, unread: 50 });
    expect(first.body.messages).toHaveLength(25);
    expect(first.body.messages[0]!.name).toBe("Sender 59");
    const third = await get("page=3&pageSize=25");
    expect(third.body.messages.map((message) => message.name)).toEqual(
      Array.from({ length: 10 }, (_, index) => `Sender ${9 - index}`),
    );
    const old = await get("page=2");
    expect(old.body).toMatchObject({ pageSize: 50, total: 60 });
    expect(old.body.messages).toHaveLength(10);
  });

  test("search is case-insensitive, treats % and _ as text, and total counts the matches", async () => {
    const { get } = await startWithSixty();
    const found = await get("q=invoice_2%25&pageSize=25");
    expect(found.body.total).toBe(12);
    expect(found.body.messages.every((message) => Number(message.name.split(" ")[1]) % 5 === 0)).toBe(true);
    expect((await get("q=sender7%40example")).body.messages.map((message) => message.name)).toEqual(["Sender 7"]);
    expect((await get("q=_")).body.total).toBe(12);
    expect((await get("q=nothing-like-this")).body).toMatchObject({ total: 0, messages: [], unread: 50 });
  });

  test("read and unread filters, oldest first, and the filters together", async () => {
    const { get } = await startWithSixty();
    const read = await get("read=read");
    expect(read.body.total).toBe(10);
    expect(read.body.messages.every((message) => message.read)).toBe(true);
    const unread = await get("read=unread&sort=oldest&pageSize=5");
    expect(unread.body.total).toBe(50);
    expect(unread.body.messages.map((message) => message.name)).toEqual(
      ["Sender 10", "Sender 11", "Sender 12", "Sender 13", "Sender 14"],
    );
    const both = await get("read=unread&q=invoice");
    expect(both.body.total).toBe(10);
  });

  test("mark all read turns every unread message read in one call", async () => {
    const { get, send, token } = await startWithSixty();
    expect((await send("/admin/contact/messages/read-all", { method: "POST" })).status).toBe(401);
    const marked = await send("/admin/contact/messages/read-all", { method: "POST", token });
    expect(marked.status).toBe(200);
    expect(await marked.json()).toEqual({ updated: 50, unread: 0 });
    expect((await get("read=unread")).body).toMatchObject({ total: 0, unread: 0 });
  });

  test("parameters out of range are refused with 400 naming the parameter", async () => {
    const { get } = await startWithSixty();
    for (const [query, field] of [
      ["pageSize=0", "pageSize"],
      ["pageSize=101", "pageSize"],
      ["read=maybe", "read"],
      ["sort=sideways", "sort"],
      [`q=${"x".repeat(201)}`, "q"],
      ["q=a&q=b", "q"],
    ] as const) {
      const answer = await get(query);
      expect(answer.status, query).toBe(400);
      expect(Object.keys((answer.body as unknown as { fields: object }).fields)).toEqual([field]);
    }
  });
});
