import { describe, expect, test } from "vitest";
import { apiTestServer } from "../../tests/helpers/api-test-server";
import { testDatabaseKinds } from "../../tests/helpers/test-database";
import { ensureAdminPassword, login, verifyToken } from "./admin-auth.server";
import { LOGIN_LIMIT } from "./admin-login.server";
import { loginRouter } from "./login-api.server";

const PASSWORD = "correct horse battery staple";

describe.each(testDatabaseKinds)("admin auth API on %s", (kind) => {
  const server = apiTestServer(kind);

  async function start() {
    const { db, send } = await server.start({
      // The factor key from configuration: no key file is made in the working folder.
      env: { MFA_SECRET_KEY: "a test key that is long enough to be one" },
      prepare: (db) => ensureAdminPassword(db, PASSWORD),
      routers: (services) => [loginRouter(services)],
    });
    const post = (path: string, body?: unknown, token?: string) => send(path, { body, token });
    return { db, post, send };
  }

  test("login, verify and logout; the token then stops working", async () => {
    const { post } = await start();
    const response = await post("/admin/login", { password: PASSWORD });
    expect(response.status).toBe(200);
    const { token, expiresAt } = (await response.json()) as { token: string; expiresAt: string };
    expect(Buffer.from(token, "base64url").length).toBeGreaterThanOrEqual(32);
    expect(Date.parse(expiresAt)).toBeGreaterThan(Date.now());

    expect(await (await post("/admin/verify", undefined, token)).json()).toEqual({ valid: true, me: { id: "owner", email: null, name: "Owner", role: "owner" } });
    expect((await post("/admin/logout", undefined, token)).status).toBe(204);
    expect(await (await post("/admin/verify", undefined, token)).json()).toEqual({ valid: false });
    const again = await post("/admin/logout", undefined, token);
    expect(again.status).toBe(401);
    expect(await again.json()).toEqual({ error: "Authentication required" });
  });

  test("a wrong password gets 401 Invalid credentials, a missing one 400", async () => {
    const { post } = await start();
    const wrong = await post("/admin/login", { password: "nope" });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({ error: "Invalid credentials" });
    const missing = await post("/admin/login", {});
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ fields: { password: "Password is required" } });
  });

  test("the tenth wrong password in a row from one client gets 429", async () => {
    const { post } = await start();
    for (let attempt = 1; attempt <= LOGIN_LIMIT.limit; attempt += 1) {
      expect((await post("/admin/login", { password: `wrong-${attempt}` })).status).toBe(401);
    }
    const limited = await post("/admin/login", { password: "wrong-10" });
    expect(limited.status).toBe(429);
    expect((await limited.json()) as { error: string }).toEqual({
      error: "Too many failed login attempts. Please wait 15 minutes and try again.",
    });
    expect(limited.headers.get("retry-after")).toBeTruthy();
  });

  test("an expired token is refused", async () => {
    const { db, post } = await start();
    const session = await login(db, PASSWORD, { ttlMs: 1000, now: new Date(Date.now() - 5000) });
    expect(session).toBeDefined();
    expect(await verifyToken(db, session!.token)).toBeUndefined();
    expect(await (await post("/admin/verify", undefined, session!.token)).json()).toEqual({ valid: false });
    expect((await post("/admin/logout", undefined, session!.token)).status).toBe(401);
  });

  test("neither the password nor the token is stored in the database", async () => {
    const { db, post } = await start();
    const { token } = (await (await post("/admin/login", { password: PASSWORD })).json()) as { token: string };
    const credentials = await db.selectFrom("admin_credentials").selectAll().execute();
    const sessions = await db.selectFrom("admin_sessions").selectAll().execute();
    const stored = JSON.stringify({ credentials, sessions });
    expect(stored).not.toContain(PASSWORD);
    expect(stored).not.toContain(token);
    expect(credentials[0]?.password_hash).toMatch(/^scrypt\$/);
  });

  test("without a configured password one is generated once, and it works", async () => {
    const db = await server.database();
    const first = await ensureAdminPassword(db, undefined);
    expect(first.generated).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(await ensureAdminPassword(db, undefined)).toEqual({});
    expect(await login(db, first.generated!)).toBeDefined();
  });

  test("a changed ADMIN_PASSWORD replaces the stored one", async () => {
    const db = await server.database();
    await ensureAdminPassword(db, PASSWORD);
    await ensureAdminPassword(db, "another long password");
    expect(await login(db, PASSWORD)).toBeUndefined();
    expect(await login(db, "another long password")).toBeDefined();
  });
});
