import { describe, expect, test } from "vitest";
import { apiTestServer } from "../../tests/helpers/api-test-server";
import { softAuthenticator } from "../../tests/helpers/soft-authenticator";
import { testDatabaseKinds } from "../../tests/helpers/test-database";
import { auditRouter } from "../audit/audit-api.server";
import { accountRouter } from "../auth/account-api.server";
import { ensureAdminPassword } from "../auth/admin-auth.server";
import { loginRouter } from "../auth/login-api.server";
import { peopleRouter } from "../people/people-api.server";
import { passkeysRouter } from "./passkeys-api.server";

const PASSWORD = "correct horse battery staple";
const EDITOR_PASSWORD = "an editor's own long password";
// The test services' SITE_URL: the relying party is its host.
const ORIGIN = "http://localhost:3000";

type Options = { challenge: string; user: { id: string }; rp: { id: string }; excludeCredentials: { id: string }[]; authenticatorSelection: unknown; allowCredentials?: unknown[]; userVerification?: string };

describe.each(testDatabaseKinds)("passkeys API on %s", (kind) => {
  const server = apiTestServer(kind);

  async function start() {
    const { db, send } = await server.start({
      env: { MFA_SECRET_KEY: "a test key that is long enough to be one" },
      prepare: (db) => ensureAdminPassword(db, PASSWORD),
      routers: (services) => [loginRouter(services), passkeysRouter(services), accountRouter(services), auditRouter(services), peopleRouter(services)],
    });
    const call = (method: string, path: string, token?: string, body?: unknown) => send(path, { method, token, body });
    const json = async <T>(response: Response | Promise<Response>) => (await (await response).json()) as T;
    const owner = (await json<{ token: string }>(call("POST", "/admin/login", undefined, { password: PASSWORD }))).token;
    /** Registers a new passkey for the holder of `token`. */
    async function register(token: string, name: string) {
      const authenticator = softAuthenticator(ORIGIN);
      const options = await json<Options>(call("POST", "/admin/passkeys/options", token, {}));
      const added = await call("POST", "/admin/passkeys", token, { name, response: authenticator.create(options) });
      return { authenticator, added };
    }
    async function signInWith(authenticator: ReturnType<typeof softAuthenticator>) {
      const options = await json<Options>(call("POST", "/admin/login/passkey/options"));
      const answer = authenticator.get(options);
      return { answer, response: await call("POST", "/admin/login/passkey", undefined, { response: answer }) };
    }
    return { db, call, json, owner, register, signInWith };
  }

  test("the owner adds a passkey, signs in with it alone, renames it and removes it with the password", async () => {
    const { db, call, json, owner, register, signInWith } = await start();
    const options = await json<Options>(call("POST", "/admin/passkeys/options", owner, {}));
    expect(options).toMatchObject({
      rp: { id: "localhost" },
      excludeCredentials: [],
      authenticatorSelection: { residentKey: "required", userVerification: "required" },
    });
    expect((await call("POST", "/admin/passkeys", owner, { name: "", response: {} })).status).toBe(400);

    const { authenticator, added } = await register(owner, "Laptop");
    expect(added.status).toBe(201);
    const passkey = (await added.json()) as { id: string };
    expect(passkey).toMatchObject({ name: "Laptop", last_used_at: null });
    expect(await json(call("GET", "/admin/passkeys", owner))).toEqual([passkey]);
    // The same authenticator is not offered again.
    expect((await json<Options>(call("POST", "/admin/passkeys/options", owner, {}))).excludeCredentials).toEqual([expect.objectContaining({ id: authenticator.id })]);

    const sign = await json<Options>(call("POST", "/admin/login/passkey/options"));
    expect(sign).toMatchObject({ rpId: "localhost", userVerification: "required" });
    expect(sign.allowCredentials ?? []).toEqual([]);
    const { answer, response } = await signInWith(authenticator);
    expect(response.status).toBe(200);
    expect(response.headers.get("set-cookie")).toMatch(/^admin_device=/);
    const { token } = (await response.json()) as { token: string };
    expect(await json(call("POST", "/admin/verify", token))).toMatchObject({ valid: true, me: { id: "owner" } });
    // An answer is used once.
    expect((await call("POST", "/admin/login/passkey", undefined, { response: answer })).status).toBe(401);
    const stored = await db.selectFrom("admin_passkeys").select(["counter", "last_used_at"]).executeTakeFirstOrThrow();
    expect(Number(stored.counter)).toBe(1);
    expect(stored.last_used_at).not.toBeNull();

    const renamed = await call("PATCH", `/admin/passkeys/${passkey.id}`, token, { name: "Work laptop" });
    expect(await renamed.json()).toMatchObject({ id: passkey.id, name: "Work laptop" });
    expect((await call("DELETE", `/admin/passkeys/${passkey.id}`, token, {})).status).toBe(400);
    expect((await call("DELETE", `/admin/passkeys/${passkey.id}`, token, { password: "wrong password" })).status).toBe(400);
    expect((await call("DELETE", `/admin/passkeys/${passkey.id}`, token, { password: PASSWORD })).status).toBe(204);
    expect(await json(call("GET", "/admin/passkeys", owner))).toEqual([]);
    expect(await json((await signInWith(authenticator)).response)).toEqual({ error: "Invalid credentials" });

    const audit = await json<{ items: { action: string; target_label: string | null }[] }>(call("GET", "/admin/audit", owner));
    const actions = audit.items.map((item) => item.action);
    expect(actions).toEqual(expect.arrayContaining(["passkey.added", "login.passkey", "passkey.renamed", "passkey.removed", "login.passkey_refused"]));
    expect(audit.items.find((item) => item.action === "passkey.removed")?.target_label).toBe("Work laptop");
  });

  test("another person's passkey is not found; a removed person's passkeys go with them and sign nobody in", async () => {
    const { db, call, json, owner, register, signInWith } = await start();
    const invited = await json<{ id: string }>(call("POST", "/admin/people", owner, { email: "priya@example.com", name: "Priya", role: "editor" }));
    const email = await db.selectFrom("mail_outbox").select("text_body").where("to_address", "=", "priya@example.com").executeTakeFirstOrThrow();
    const link = /\/admin\/invite\/([\w-]{43})/.exec(email.text_body)![1]!;
    const editor = (await json<{ token: string }>(call("POST", `/admin/invitations/${link}`, undefined, { name: "Priya", password: EDITOR_PASSWORD }))).token;

    const { authenticator, added } = await register(editor, "Phone");
    expect(added.status).toBe(201);
    const passkey = (await added.json()) as { id: string };
    // She is told by email.
    const told = await db.selectFrom("mail_outbox").select("subject").where("to_address", "=", "priya@example.com").orderBy("created_at", "desc").executeTakeFirstOrThrow();
    expect(told.subject).toContain("passkey");

    expect((await call("PATCH", `/admin/passkeys/${passkey.id}`, owner, { name: "Mine now" })).status).toBe(404);
    expect((await call("DELETE", `/admin/passkeys/${passkey.id}`, owner, { password: PASSWORD })).status).toBe(404);
    expect(await json(call("GET", "/admin/passkeys", owner))).toEqual([]);
    expect((await signInWith(authenticator)).response.status).toBe(200);

    expect((await call("DELETE", `/admin/people/${invited.id}`, owner)).status).toBe(204);
    expect(await db.selectFrom("admin_passkeys").selectAll().execute()).toEqual([]);
    expect((await signInWith(authenticator)).response.status).toBe(401);
  });

  test("unknown credentials count against the login limit like wrong passwords", async () => {
    const { call, json } = await start();
    const stranger = softAuthenticator(ORIGIN);
    expect((await call("POST", "/admin/login/passkey", undefined, { response: { id: "x" } })).status).toBe(400);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 9; attempt += 1) {
      const options = await json<Options>(call("POST", "/admin/login/passkey/options"));
      statuses.push((await call("POST", "/admin/login/passkey", undefined, { response: stranger.get(options) })).status);
    }
    // The malformed answer counted too: eight refusals, then the limit.
    expect(statuses).toEqual([401, 401, 401, 401, 401, 401, 401, 401, 429]);
    expect((await call("POST", "/admin/login", undefined, { password: PASSWORD })).status).toBe(429);
  });
});
