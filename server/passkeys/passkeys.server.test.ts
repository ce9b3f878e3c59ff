import { describe, expect, test } from "vitest";
import { apiTestServer } from "../../tests/helpers/api-test-server";
import { softAuthenticator } from "../../tests/helpers/soft-authenticator";
import { testDatabaseKinds } from "../../tests/helpers/test-database";
import { ensureAdminPassword, openSession } from "../auth/admin-auth.server";
import { RECENT_SIGN_IN_MS } from "../auth/step-up.server";
import { loadConfig } from "../config.server";
import type { AppDatabase } from "../db/database.server";
import { authenticationOptions, PASSKEY_CHALLENGE_TTL_MS, registerPasskey, registrationOptions, relyingParty, signInWithPasskey } from "./passkeys.server";

const PASSWORD = "correct horse battery staple";
const ORIGIN = "https://www.example.com";

test("the relying party is SITE_URL's host, and only its origin is accepted", () => {
  const config = loadConfig({ SITE_URL: "https://www.example.com/", SITE_NAME: "Dialogic" });
  expect(relyingParty(config)).toEqual({ id: "www.example.com", origin: "https://www.example.com", name: "Dialogic" });
});

describe.each(testDatabaseKinds)("passkeys on %s", (kind) => {
  const server = apiTestServer(kind);

  async function start() {
    const db = await server.database();
    await ensureAdminPassword(db, PASSWORD);
    const services = { db, config: loadConfig({ SITE_URL: ORIGIN, MFA_SECRET_KEY: "a test key that is long enough to be one" }) };
    return { db, services };
  }

  /** A session of the owner opened `ageMs` ago. */
  async function sessionOf(db: AppDatabase, ageMs: number) {
    const { sessionId } = await openSession(db, { personId: "owner" });
    await db.updateTable("admin_sessions").set({ created_at: new Date(Date.now() - ageMs).toISOString() }).where("id", "=", sessionId).execute();
    return { ip: null, session: sessionId, personId: "owner" };
  }

  test("adding a passkey takes the step-up of adding an authenticator: the password after 10 minutes, a code once one is verified", async () => {
    const { db, services } = await start();
    const old = await sessionOf(db, RECENT_SIGN_IN_MS + 1000);
    expect(await registrationOptions(services, "owner", {}, old)).toMatchObject({ ok: false, fields: { password: "Enter your current password" } });
    expect(await registrationOptions(services, "owner", { password: "not it" }, old)).toMatchObject({ ok: false, code: "wrong_password" });
    expect(await registrationOptions(services, "owner", { password: PASSWORD }, old)).toMatchObject({ ok: true });
    expect(await registrationOptions(services, "owner", {}, await sessionOf(db, 0))).toMatchObject({ ok: true });

    await db
      .insertInto("admin_factors")
      .values({ id: "f1", factor_type: "totp", status: "verified", friendly_name: "Phone", issuer: "x", secret_sealed: "x", last_used_step: null, created_at: "2026-01-01T00:00:00Z", verified_at: "2026-01-01T00:00:00Z", last_used_at: null, enrolled_session: null })
      .execute();
    expect(await registrationOptions(services, "owner", { password: PASSWORD }, await sessionOf(db, 0))).toMatchObject({ ok: false, fields: { code: expect.any(String) } });
  });

  test("a challenge serves once, for its purpose and person, while it is fresh", async () => {
    const { db, services } = await start();
    const recent = await sessionOf(db, 0);
    const authenticator = softAuthenticator(ORIGIN);

    // A sign-in prompt's challenge cannot register a passkey.
    const signInPrompt = await authenticationOptions(services, undefined);
    if (!signInPrompt.ok) throw new Error("no options");
    const forged = authenticator.create({ challenge: signInPrompt.options.challenge, user: { id: "b3duZXI" } });
    expect(await registerPasskey(services, "owner", { name: "Key", response: forged })).toMatchObject({ ok: false, code: "expired" });

    // Nor another person's registration, nor a stale one.
    const prompt = await registrationOptions(services, "owner", {}, recent);
    if (!prompt.ok) throw new Error("no options");
    const answer = authenticator.create(prompt.options);
    expect(await registerPasskey(services, "someone-else", { name: "Key", response: answer })).toMatchObject({ ok: false, code: "expired" });
    const later = new Date(Date.now() + PASSKEY_CHALLENGE_TTL_MS + 1000);
    expect(await registerPasskey(services, "owner", { name: "Key", response: answer }, later)).toMatchObject({ ok: false, code: "expired" });
    expect(await registerPasskey(services, "owner", { name: "Key", response: answer })).toMatchObject({ ok: true });
    expect(await registerPasskey(services, "owner", { name: "Key", response: answer })).toMatchObject({ ok: false, code: "expired" });

    // A passkey's answer signed on another site's page is refused.
    const signIn = await authenticationOptions(services, undefined);
    if (!signIn.ok) throw new Error("no options");
    expect(await signInWithPasskey(services, { response: authenticator.get(signIn.options, "https://evil.example.net") })).toMatchObject({ ok: false, code: "refused" });
    const good = await authenticationOptions(services, undefined);
    if (!good.ok) throw new Error("no options");
    expect(await signInWithPasskey(services, { response: authenticator.get(good.options) })).toMatchObject({ ok: true });
  });
});
