import { describe, expect, test } from "vitest";
import { apiTestServer } from "../../tests/helpers/api-test-server";
import { testDatabaseKinds } from "../../tests/helpers/test-database";
import { auditRouter } from "../audit/audit-api.server";
import { accountRouter } from "./account-api.server";
import { ensureAdminPassword } from "./admin-auth.server";
import { loginRouter } from "./login-api.server";

const PASSWORD = "correct horse battery staple";

describe.each(testDatabaseKinds)("admin account API on %s", (kind) => {
  const server = apiTestServer(kind);

  async function start() {
    const { db, send } = await server.start({
      // The factor key from configuration: no key file is made in the working folder.
      env: { MFA_SECRET_KEY: "a test key that is long enough to be one" },
      prepare: (db) => ensureAdminPassword(db, PASSWORD),
      routers: (services) => [loginRouter(services), accountRouter(services), auditRouter(services)],
    });
    const post = (path: string, body?: unknown, token?: string) => send(path, { body, token });
    return { db, post, send };
  }

  test("the account doors: a device cookie at sign-in, scopes, factors, sessions and the audit trail, with clear 400s", async () => {
    const { post, send } = await start();
    const signIn = await post("/admin/login", { password: PASSWORD });
    expect(signIn.headers.get("set-cookie")).toMatch(/^admin_device=[\w-]{43}; Max-Age=7776000; Path=\/api\/admin\/login; Expires=.*; HttpOnly; SameSite=Strict$/);
    const { token } = (await signIn.json()) as { token: string };
    const other = ((await (await post("/admin/login", { password: PASSWORD })).json()) as { token: string }).token;

    expect((await post("/admin/logout", { scope: "everywhere" }, token)).status).toBe(400);
    const enrolled = await post("/admin/factors", { friendly_name: "" }, token);
    expect(enrolled.status).toBe(400);
    expect(await enrolled.json()).toMatchObject({ fields: { friendly_name: "Give the authenticator a name" } });
    // With no verified factor, a sign-in with the password in the last 10 minutes stands for it
    // (decision 170; server/auth/step-up.server.test.ts has the older session that must type it).
    const created = await post("/admin/factors", { friendly_name: "Phone" }, token);
    expect(created.status).toBe(201);
    const factor = (await created.json()) as { id: string; status: string; qr_svg: string; secret: string };
    expect(factor).toMatchObject({ factor_type: "totp", status: "unverified" });
    expect((await post(`/admin/factors/${factor.id}/verify`, { code: "000000" }, token)).status).toBe(400);
    expect((await post(`/admin/factors/${factor.id}/verify`, {}, token)).status).toBe(400);
    expect((await post("/admin/factors/unknown/verify", { code: "000000" }, token)).status).toBe(404);

    const list = await send("/admin/sessions", { method: "GET", token });
    const sessions = (await list.json()) as { id: string; current: boolean }[];
    expect(sessions).toHaveLength(2);
    const otherId = sessions.find((session) => !session.current)!.id;
    expect((await send(`/admin/sessions/${otherId}`, { method: "DELETE", token })).status).toBe(204);
    expect(await (await post("/admin/verify", undefined, other)).json()).toEqual({ valid: false });
    expect((await send(`/admin/sessions/${otherId}`, { method: "DELETE", token })).status).toBe(404);

    expect((await send("/admin/audit?page=0", { method: "GET", token })).status).toBe(400);
    expect((await send("/admin/audit?action=nope", { method: "GET", token })).status).toBe(400);
    const audit = (await (await send("/admin/audit?action=session.ended", { method: "GET", token })).json()) as { items: unknown[] };
    expect(audit).toMatchObject({ items: [{ action: "session.ended", target: otherId }], page: 1, totalPages: 1 });
    const everything = JSON.stringify(await (await send("/admin/audit", { method: "GET", token })).json());
    expect(everything).not.toContain(factor.secret);
    expect(everything).not.toContain(token);
  });
});
