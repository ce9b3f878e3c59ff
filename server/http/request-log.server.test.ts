import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import express from "express";
import { afterEach, describe, expect, test } from "vitest";
import { testServices } from "../../tests/helpers/http-server";
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from "../../tests/helpers/test-database";
import { ensureAdminPassword } from "../auth/admin-auth.server";
import { createLogger } from "../logger.server";
import { adminAuthRouter } from "./admin-auth-api.server";
import { adminPostsRouter } from "./admin-posts-api.server";
import { apiErrorHandler, apiNotFound, jsonBody } from "./api-errors.server";
import { requestLog } from "./request-log.server";

const PASSWORD = "correct horse battery staple";

describe.each(testDatabaseKinds)("request logs on %s", (kind) => {
  let database: TestDatabase | undefined;
  let close: (() => void) | undefined;
  afterEach(async () => {
    close?.();
    await database?.destroy();
    database = undefined;
  });

  test("the admin password and tokens never reach the logs, whatever the request", async () => {
    database = await createTestDatabase(kind);
    await ensureAdminPassword(database.db, PASSWORD);
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const logger = createLogger("trace", sink);
    const services = { ...testServices(database.db), logger };
    // Mounted as server/app.ts mounts them.
    const app = express();
    const api = express.Router();
    api.use(adminPostsRouter(services));
    api.use(jsonBody());
    api.use(adminAuthRouter(services));
    api.use(apiNotFound);
    api.use(apiErrorHandler(logger));
    app.use(requestLog(logger));
    app.use("/api", api);
    const server = app.listen(0, "127.0.0.1");
    await new Promise<void>((resolve) => server.once("listening", resolve));
    close = () => {
      server.closeAllConnections();
      server.close();
    };
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
    const send = (method: string, path: string, body?: unknown, token?: string) =>
      fetch(`${url}${path}`, {
        method,
        headers: {
          "content-type": "application/json",
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
      });

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
