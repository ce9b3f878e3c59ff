import { mkdtempSync } from "node:fs";
import { OWNER_ID } from "../../domain/people";
import { tmpdir } from "node:os";
import path from "node:path";
import { generate } from "otplib";
import { afterEach, describe, expect, test } from "vitest";
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from "../../tests/helpers/test-database";
import { listAuditEvents, purgeAuditEvents, record } from "../audit/audit.server";
import { countAttempt } from "../limits/rate-limits.server";
import { ensureAdminPassword, listSessions, login, signOut, verifyToken } from "./admin-auth.server";
import { attemptLogin, GLOBAL_LOGIN_LIMIT, verifyLogin } from "./admin-login.server";
import { isCommonPassword } from "./common-passwords.server";
import { enrolFactor, hasVerifiedFactor, verifyFactor } from "./factors.server";
import { changePassword } from "./password-change.server";
import { factorKey, seal, unseal } from "./secret-box.server";
import { removeFactor } from "./step-up.server";

const PASSWORD = "correct horse battery staple";
const key = factorKey({ mfaSecretKey: undefined, dataDir: mkdtempSync(path.join(tmpdir(), "factor-key-")) });
const STEP = 30_000;

describe.each(testDatabaseKinds)("the admin account on %s", (kind) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.destroy();
    database = undefined;
  });
  async function open() {
    database = await createTestDatabase(kind);
    await ensureAdminPassword(database.db, PASSWORD);
    return database.db;
  }
  const codeAt = (secret: string, at: Date) => generate({ secret, epoch: Math.floor(at.getTime() / 1000) });

  test("a factor is verified by a code, brings ten recovery codes, takes each code once, and turns on the second step", async () => {
    const db = await open();
    const enrolled = await enrolFactor({ db, key, personId: OWNER_ID }, { friendlyName: "Phone", issuer: "Dialogic" });
    if (!enrolled.ok) throw new Error("not enrolled");
    const { secret, id, qr_svg, otpauth_uri } = enrolled.factor;
    expect(qr_svg).toMatch(/^<svg /);
    expect(otpauth_uri).toContain(`secret=${secret}`);
    const stored = await db.selectFrom("admin_factors").select("secret_sealed").executeTakeFirstOrThrow();
    expect(stored.secret_sealed).not.toContain(secret);

    // Password-only until verified.
    expect(await attemptLogin({ db }, { password: PASSWORD })).toMatchObject({ ok: true, token: expect.any(String) });
    const now = new Date();
    expect(await verifyFactor({ db, key, personId: OWNER_ID }, id, "000000", now)).toMatchObject({ ok: false, code: "wrong_code" });
    const verified = await verifyFactor({ db, key, personId: OWNER_ID }, id, await codeAt(secret, now), now);
    expect(verified).toMatchObject({ ok: true, status: "verified" });
    const recovery = verified.ok ? verified.recovery_codes! : [];
    expect(recovery).toHaveLength(10);
    expect(await hasVerifiedFactor(db, OWNER_ID)).toBe(true);

    const first = await attemptLogin({ db }, { password: PASSWORD });
    expect(first).toMatchObject({ ok: true, mfaRequired: true });
    const challenge = (first as { challenge: string }).challenge;
    // The code used to verify is spent; the next step's code works once; another secret's never.
    expect(await verifyLogin({ db, key }, { challenge, code: await codeAt(secret, now) })).toMatchObject({ ok: false, code: "wrong_code" });
    expect(await verifyLogin({ db, key }, { challenge, code: await codeAt("JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP", new Date()) })).toMatchObject({ ok: false });
    const later = new Date(Date.now() + STEP);
    const signedIn = await verifyLogin({ db, key }, { challenge, code: await codeAt(secret, later) });
    expect(signedIn).toMatchObject({ ok: true, token: expect.any(String) });
    // The challenge is single-use.
    expect(await verifyLogin({ db, key }, { challenge, code: recovery[0] })).toMatchObject({ ok: false, code: "expired" });

    // A recovery code works once.
    const again = (await attemptLogin({ db }, { password: PASSWORD })) as { challenge: string };
    expect(await verifyLogin({ db, key }, { challenge: again.challenge, code: recovery[1]!.toUpperCase() })).toMatchObject({ ok: true });
    const third = (await attemptLogin({ db }, { password: PASSWORD })) as { challenge: string };
    expect(await verifyLogin({ db, key }, { challenge: third.challenge, code: recovery[1] })).toMatchObject({ ok: false, code: "wrong_code" });

    // Removing the last factor needs a current code (a stale one is refused), a recovery code or
    // the password, and brings password-only sign-in back.
    const actor = { ip: "198.51.100.30", session: "s1", clientKey: "198.51.100.30" };
    expect(await removeFactor({ db, key, personId: OWNER_ID }, id, { code: "123456" }, actor)).toMatchObject({ ok: false, code: "wrong_code" });
    const twoStepsOn = new Date(Date.now() + 2 * STEP);
    expect(await removeFactor({ db, key, personId: OWNER_ID }, id, { code: await codeAt(secret, twoStepsOn) }, actor)).toMatchObject({ ok: false, code: "wrong_code" });
    expect(await removeFactor({ db, key, personId: OWNER_ID }, id, { password: "not it" }, actor)).toMatchObject({ ok: false, code: "wrong_password" });
    expect(await removeFactor({ db, key, personId: OWNER_ID }, id, { password: PASSWORD }, actor)).toEqual({ ok: true, lastFactor: true });
    expect(await attemptLogin({ db }, { password: PASSWORD })).toMatchObject({ ok: true, token: expect.any(String) });
  });

  test("a known device is not held by the site-wide limit, a new one is", async () => {
    const db = await open();
    const first = await attemptLogin({ db }, { password: PASSWORD }, { clientKey: "198.51.100.1" });
    const device = (first as { deviceToken: string }).deviceToken;
    for (let index = 0; index < GLOBAL_LOGIN_LIMIT.limit; index += 1) await countAttempt(db, GLOBAL_LOGIN_LIMIT, "all");
    expect(await attemptLogin({ db }, { password: PASSWORD }, { clientKey: "198.51.100.2" })).toMatchObject({ code: "rate_limited" });
    expect(await attemptLogin({ db }, { password: PASSWORD }, { clientKey: "198.51.100.3", device })).toMatchObject({ ok: true });
    expect(await attemptLogin({ db }, { password: PASSWORD }, { clientKey: "198.51.100.4", device: "forged" })).toMatchObject({ code: "rate_limited" });
  });

  test("sessions are listed with their origin and end by scope", async () => {
    const db = await open();
    const a = (await login(db, PASSWORD, { origin: { ip: "198.51.100.9", userAgent: "Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0 Safari/537.36" } }))!;
    const b = (await login(db, PASSWORD))!;
    const c = (await login(db, PASSWORD))!;
    const sessionA = (await verifyToken(db, a.token))!;
    const list = await listSessions(db, sessionA);
    expect(list).toHaveLength(3);
    expect(list.find((session) => session.current)).toMatchObject({ ip: "198.51.100.9", browser: "Chrome 131 on Linux" });
    expect(await signOut(db, sessionA, "others")).toBe(2);
    expect(await verifyToken(db, b.token)).toBeUndefined();
    expect(await verifyToken(db, a.token)).toBeDefined();
    const d = (await login(db, PASSWORD))!;
    expect(await signOut(db, sessionA, "global")).toBe(2);
    expect(await verifyToken(db, a.token)).toBeUndefined();
    expect(await verifyToken(db, d.token)).toBeUndefined();
    expect(await verifyToken(db, c.token)).toBeUndefined();
  });

  test("the password change keeps this session, ends the others, and refuses weak, wrong and environment-set passwords", async () => {
    const db = await open();
    const mine = (await verifyToken(db, (await login(db, PASSWORD))!.token))!;
    const other = (await login(db, PASSWORD))!;
    const change = (input: unknown, adminPassword?: string) => changePassword({ db, key, adminPassword }, input, { session: mine, clientKey: "198.51.100.20" });
    expect(await change({ current_password: PASSWORD, new_password: "a-long-enough-one" }, "from-env-password")).toMatchObject({ code: "managed_by_environment" });
    expect(await change({ current_password: PASSWORD, new_password: "short" })).toMatchObject({ code: "invalid", fields: { new_password: expect.any(String) } });
    expect(await change({ current_password: PASSWORD, new_password: "Password12345!" })).toMatchObject({ code: "invalid", error: expect.stringMatching(/common/) });
    expect(await change({ current_password: "not it", new_password: "a-brand-new-password" })).toMatchObject({ code: "wrong_password" });
    expect(await change({ current_password: PASSWORD, new_password: "a-brand-new-password" })).toEqual({ ok: true });
    expect(await verifyToken(db, other.token)).toBeUndefined();
    expect(await login(db, "a-brand-new-password")).toBeDefined();
    expect(await login(db, PASSWORD)).toBeUndefined();
  });

  test("the audit trail pages, filters and forgets after the retention", async () => {
    const db = await open();
    const old = new Date(Date.now() - 400 * 24 * 3600 * 1000);
    await record(db, { action: "post.created", target: "p1", ip: "198.51.100.5", session: "s1" }, old);
    // A millisecond apart: events of the same instant have no order between them.
    await record(db, { action: "login.success", ip: "198.51.100.5", session: "s2" }, new Date(Date.now() - 1));
    await record(db, { action: "post.deleted", target: "p1", ip: "198.51.100.5", session: "s2" });
    expect((await listAuditEvents(db)).items.map((item) => item.action)).toEqual(["post.deleted", "login.success", "post.created"]);
    expect(await listAuditEvents(db, { action: "login.success" })).toMatchObject({ items: [{ session: "s2" }], page: 1, totalPages: 1 });
    expect(await purgeAuditEvents(db, 365)).toBe(1);
  });
});

test("sealed secrets open only with their key and context; common passwords are known padded too", () => {
  const sealed = seal(key, "SECRET", "factor-1");
  expect(unseal(key, sealed, "factor-1")).toBe("SECRET");
  expect(unseal(key, sealed, "factor-2")).toBeUndefined();
  const other = factorKey({ mfaSecretKey: "x".repeat(40), dataDir: "/nonexistent" });
  expect(unseal(other, sealed, "factor-1")).toBeUndefined();
  expect(isCommonPassword("password")).toBe(true);
  expect(isCommonPassword("Dragon2024!!")).toBe(true);
  expect(isCommonPassword("monkeymonkey")).toBe(true);
  expect(isCommonPassword("plum-ladder-orbit-41")).toBe(false);
});
