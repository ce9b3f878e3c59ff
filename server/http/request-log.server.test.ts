import type { IncomingMessage, ServerResponse } from "node:http";
import { Writable } from "node:stream";
import { describe, expect, test } from "vitest";
import { apiTestServer } from "../../tests/helpers/api-test-server";
import { testDatabaseKinds } from "../../tests/helpers/test-database";
import { ensureAdminPassword } from "../auth/admin-auth.server";
import { createLogger } from "../logger.server";
import { loginRouter } from "../auth/login-api.server";
import { adminPostsRouter } from "../blog/admin-posts-api.server";
import { loggedUrl, requestLog } from "./request-log.server";
import { withoutTokens } from "./path-spelling.server";
import { onceATurn } from "../logger.server";

const PASSWORD = "correct horse battery staple";

describe.each(testDatabaseKinds)("request logs on %s", (kind) => {
  const server = apiTestServer(kind);

  test("the admin password and tokens never reach the logs, whatever the request", async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const logger = createLogger("trace", sink);
    // Mounted as server/app.ts mounts them.
    const { send: sendJson } = await server.start({
      prepare: (db) => ensureAdminPassword(db, PASSWORD),
      services: { logger },
      beforeApi: [requestLog(logger)],
      routers: (services) => [loginRouter(services)],
      ownBodies: (services) => [adminPostsRouter(services)],
    });
    const send = (method: string, path: string, body?: unknown, token?: string) =>
      sendJson(path, { method, token, ...(typeof body === "string" ? { raw: body } : { body }) });

    expect((await send("POST", "/admin/login", { password: `${PASSWORD} but wrong` })).status).toBe(401);
    const { token } = (await (await send("POST", "/admin/login", { password: PASSWORD })).json()) as { token: string };
    expect((await send("POST", "/admin/verify", undefined, token)).status).toBe(200);
    expect((await send("POST", "/admin/posts", { title: "Logged", slug: "logged" }, token)).status).toBe(201);
    expect((await send("POST", "/admin/posts", `{"password":"${PASSWORD}"`, token)).status).toBe(400);
    expect((await send("POST", "/admin/logout", undefined, token)).status).toBe(204);

    const log = lines.join("");
    expect(lines.length).toBeGreaterThanOrEqual(6);
    expect(log).toContain('"url":"/api/admin/login"');
    expect(log).not.toContain(PASSWORD);
    expect(log).not.toContain(token);
  });
});

describe("the access log line", () => {
  test("is the line pino itself writes for the same fields", () => {
    const lines: string[] = [];
    const logger = createLogger("info", { write: (line: string) => void lines.push(line) });
    const req = { method: "GET", url: "/blog/a-post?x=1" } as IncomingMessage;
    const res = { statusCode: 200 } as ServerResponse;
    requestLog(logger).answered(req, res);
    logger.info({ req: { id: 1, method: "GET", url: "/blog/a-post?x=1" }, res: { statusCode: 200 }, responseTime: 0 }, "request completed");
    const [ours, pinos] = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines[0]!.endsWith("}\n")).toBe(true);
    expect(Math.abs(Number(ours!.time) - Number(pinos!.time))).toBeLessThan(1000);
    expect({ ...ours, time: 0 }).toEqual({ ...pinos, time: 0 });
    expect(Object.keys(ours!)).toEqual(Object.keys(pinos!));
  });

  test("never carries a preview link's token, whatever the spelling; other URLs as sent", () => {
    for (const url of ["/preview/tok3n", "/Preview/tok3n", "/x/../preview/tok3n", "/%70review/tok3n", "/preview/tok3n.data", "/preview//tok3n?a=1"]) {
      expect(loggedUrl(url), url).toBe("/preview/[redacted]");
    }
    for (const url of ["/blog/preview-of-2027", "/api/posts?q=%20", "/"]) expect(loggedUrl(url), url).toBe(url);
  });

  test("a reporter's case token is redacted from page and API addresses, however spelled", () => {
    const token = "a".repeat(43);
    expect(loggedUrl(`/security/case/${token}`)).toBe("/security/case/[redacted]");
    expect(loggedUrl(`/Security/Case/${token}?x=1`)).toBe("/security/case/[redacted]");
    expect(loggedUrl(`/api/security/case/${token}/messages`)).toBe("/api/security/case/[redacted]");
    expect(loggedUrl(`/%73ecurity/case/${token}`)).toBe("/security/case/[redacted]");
    for (const url of ["/blog/a-case-study", "/api/security/case-link", "/security"]) expect(loggedUrl(url), url).toBe(url);
  });

  test("an invitation's token is redacted from its page and its API, however spelled", () => {
    const token = "b".repeat(43);
    expect(loggedUrl(`/admin/invite/${token}`)).toBe("/admin/invite/[redacted]");
    expect(loggedUrl(`/Admin/%69nvite/${token}?from=mail`)).toBe("/admin/invite/[redacted]");
    expect(loggedUrl(`http://site.example/api/admin/invitations/${token}`)).toBe("/api/admin/invitations/[redacted]");
    for (const url of ["/blog/an-invitation", "/admin/people"]) expect(loggedUrl(url), url).toBe(url);
  });
});

describe("log lines of one turn of the event loop", () => {
  test("leave together, in order, once the turn is over", async () => {
    const writes: string[] = [];
    const destination = onceATurn({ write: (lines: string) => void writes.push(lines) });
    destination.write("one\n");
    destination.write("two\n");
    expect(writes).toEqual([]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(writes).toEqual(["one\ntwo\n"]);
    destination.write("three\n");
    await new Promise((resolve) => setImmediate(resolve));
    expect(writes).toEqual(["one\ntwo\n", "three\n"]);
  });
});

describe("tokens in any form of request target", () => {
  test("an absolute-form target is logged as its path, its token redacted", () => {
    const token = "A".repeat(43);
    expect(loggedUrl(`http://example.com/api/security/case/${token}/messages`)).toBe("/api/security/case/[redacted]");
    expect(loggedUrl(`HTTP://example.com//preview/${token}`)).toBe("/preview/[redacted]");
    expect(loggedUrl("http://example.com/about")).toBe("http://example.com/about");
  });

  test("an error's text loses any segment long enough to be a token", () => {
    const token = "b".repeat(32);
    expect(withoutTokens(`Invalid URL: http://a.examplehttp://h/security/case/${token}?x=1`)).toBe("Invalid URL: http://a.examplehttp://h/security/case/[redacted]?x=1");
    expect(withoutTokens("/blog/a-short-slug")).toBe("/blog/a-short-slug");
  });
});
