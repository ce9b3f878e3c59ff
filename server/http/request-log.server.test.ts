import { Writable } from "node:stream";
import { describe, expect, test } from "vitest";
import { apiTestServer } from "../../tests/helpers/api-test-server";
import { testDatabaseKinds } from "../../tests/helpers/test-database";
import { ensureAdminPassword } from "../auth/admin-auth.server";
import { createLogger } from "../logger.server";
import { adminAuthRouter } from "./admin-auth-api.server";
import { adminPostsRouter } from "./admin-posts-api.server";
import { requestLog } from "./request-log.server";

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
      routers: (services) => [adminAuthRouter(services)],
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
