import { generate } from "otplib";
import { describe, expect, test } from "vitest";
import { apiTestServer } from "../../tests/helpers/api-test-server";
import { testDatabaseKinds } from "../../tests/helpers/test-database";
import { auditRouter } from "../audit/audit-api.server";
import { accountRouter } from "./account-api.server";
import { ensureAdminPassword } from "./admin-auth.server";
import { ENROLMENT_SHOWN_MS } from "./factors.server";
import { loginRouter } from "./login-api.server";

// Issue 34 (decision 191): an enrolment that survives a reload, plain addresses, the password's state.

const PASSWORD = "correct horse battery staple";

describe.each(testDatabaseKinds)("enrolment, sessions and password state on %s", (kind) => {
  const server = apiTestServer(kind);

  async function start(env: Record<string, string> = {}) {
    const started = await server.start({
      env: { MFA_SECRET_KEY: "a test key that is long enough to be one", ...env },
      prepare: (db) => ensureAdminPassword(db, PASSWORD),
      routers: (services) => [loginRouter(services), accountRouter(services), auditRouter(services)],
    });
    const { send } = started;
    const signIn = async () => ((await (await send("/admin/login", { body: { password: PASSWORD } })).json()) as { token: string }).token;
    const get = (path: string, token: string) => send(path, { method: "GET", token });
    return { ...started, signIn, get };
  }

  test("the session that added an authenticator sees its QR code and secret again for 15 minutes, no other session and never in the list", async () => {
    const { db, send, signIn, get } = await start();
    const mine = await signIn();
    const other = await signIn();
    const created = await send("/admin/factors", { body: { friendly_name: "Phone" }, token: mine });
    expect(created.status).toBe(201);
    const factor = (await created.json()) as { id: string; secret: string; qr_svg: string; otpauth_uri: string };

    const again = await get(`/admin/factors/${factor.id}/enrolment`, mine);
    expect(again.status).toBe(200);
    expect(again.headers.get("cache-control")).toBe("no-store");
    expect(await again.json()).toMatchObject({ id: factor.id, status: "unverified", secret: factor.secret, otpauth_uri: factor.otpauth_uri });
    expect((await get(`/admin/factors/${factor.id}/enrolment`, other)).status).toBe(404);
    expect(JSON.stringify(await (await get("/admin/factors", mine)).json())).not.toContain(factor.secret);

    // Later than 15 minutes, or once verified, it is not shown again.
    const old = new Date(Date.now() - ENROLMENT_SHOWN_MS - 1000).toISOString();
    await db.updateTable("admin_factors").set({ created_at: old }).execute();
    const gone = await get(`/admin/factors/${factor.id}/enrolment`, mine);
    expect(gone.status).toBe(404);
    expect(await gone.json()).toMatchObject({ error: "This authenticator's QR code can no longer be shown: remove it and add it again" });
    await db.updateTable("admin_factors").set({ created_at: new Date().toISOString() }).execute();
    const code = await generate({ secret: factor.secret });
    expect((await send(`/admin/factors/${factor.id}/verify`, { body: { code }, token: mine })).status).toBe(200);
    expect((await get(`/admin/factors/${factor.id}/enrolment`, mine)).status).toBe(404);
    expect((await get("/admin/factors/no-such-factor/enrolment", mine)).status).toBe(404);
  });

  test("an unverified authenticator is removed without a code from another session, and the trail names it", async () => {
    const { send, signIn, get } = await start();
    const mine = await signIn();
    const other = await signIn();
    const { id } = (await (await send("/admin/factors", { body: { friendly_name: "Old phone" }, token: mine })).json()) as { id: string };
    expect((await send(`/admin/factors/${id}`, { method: "DELETE", token: other })).status).toBe(204);
    const trail = (await (await get("/admin/audit?kind=second-factor", other)).json()) as {
      items: { action: string; target_label: string | null; target_kind: string | null }[];
    };
    expect(trail.items.map((item) => [item.action, item.target_label, item.target_kind])).toEqual([
      ["factor.deleted", "Old phone", null],
      ["factor.enrolled", "Old phone", null],
    ]);
  });

  test("addresses are plain: IPv4 as IPv4 in the sessions and the audit trail", async () => {
    const { db, signIn, get } = await start();
    const token = await signIn();
    await db.updateTable("admin_sessions").set({ ip: "::ffff:203.0.113.5" }).execute();
    await db.updateTable("audit_events").set({ ip: "::ffff:203.0.113.5" }).execute();
    const sessions = (await (await get("/admin/sessions", token)).json()) as { ip: string }[];
    expect(sessions.map((session) => session.ip)).toEqual(["203.0.113.5"]);
    const trail = (await (await get("/admin/audit", token)).json()) as { items: { ip: string; session_label: string }[] };
    expect(trail.items.map((item) => item.ip)).toEqual(["203.0.113.5"]);
    expect(trail.items[0]!.session_label).toMatch(/, 203\.0\.113\.5$/);
  });

  test("the password's state: set here, or by the server's configuration", async () => {
    const here = await start();
    expect(await (await here.get("/admin/password", await here.signIn())).json()).toEqual({ set_by_environment: false });
  });

  test("with ADMIN_PASSWORD set, the password is the server's configuration's", async () => {
    const { get, signIn } = await start({ ADMIN_PASSWORD: PASSWORD });
    expect(await (await get("/admin/password", await signIn())).json()).toEqual({ set_by_environment: true });
  });
});
