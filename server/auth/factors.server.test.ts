import crypto from "node:crypto";
import { generate } from "otplib";
import { afterEach, describe, expect, test } from "vitest";
import { cliEnv, runCli } from "../../tests/helpers/run-cli";
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from "../../tests/helpers/test-database";
import { countAttempt } from "../limits/rate-limits.server";
import { ensureAdminPassword, login, verifyToken } from "./admin-auth.server";
import { attemptLogin, CHALLENGE_ATTEMPTS, verifyLogin } from "./admin-login.server";
import { SECOND_FACTOR_LIMIT } from "./code-budget.server";
import { OWNER_ID } from "../../domain/people";
import { checkSecondFactor, enrolFactor, hasVerifiedFactor, verifyFactor } from "./factors.server";
import { factorKey } from "./secret-box.server";

const PASSWORD = "correct horse battery staple";
const MFA_SECRET_KEY = "a test key that is long enough to be one";
const key = factorKey({ mfaSecretKey: MFA_SECRET_KEY, dataDir: "/nonexistent" });

describe.each(testDatabaseKinds)("factors and recovery codes on %s", (kind) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.destroy();
    database = undefined;
  });

  /** A database with the password and one verified factor; answers its recovery codes. */
  async function withFactor() {
    database = await createTestDatabase(kind);
    const { db } = database;
    await ensureAdminPassword(db, PASSWORD);
    const enrolled = await enrolFactor({ db, key, personId: OWNER_ID }, { friendlyName: "Phone", issuer: "Dialogic" });
    if (!enrolled.ok) throw new Error("not enrolled");
    const now = new Date();
    const code = await generate({ secret: enrolled.factor.secret, epoch: Math.floor(now.getTime() / 1000) });
    const verified = await verifyFactor({ db, key, personId: OWNER_ID }, enrolled.factor.id, code, now);
    if (!verified.ok) throw new Error("not verified");
    return { db, target: database.target, recovery: verified.recovery_codes! };
  }

  test("recovery codes are stored as HMACs under the server key: a dump alone cannot be searched for them", async () => {
    const { db, recovery } = await withFactor();
    const stored = (await db.selectFrom("admin_recovery_codes").select("code_hash").execute()).map((row) => row.code_hash);
    const sha256 = (code: string) => crypto.createHash("sha256").update(code.replace("-", "")).digest("hex");
    expect(stored).toHaveLength(10);
    for (const hash of stored) expect(hash).toMatch(/^hmac1:[0-9a-f]{64}$/);
    // Decision 150's form (the plain SHA-256 of the code) is not what is kept.
    expect(stored.some((hash) => recovery.some((code) => hash.includes(sha256(code))))).toBe(false);
    // Another key (a dump taken elsewhere) opens nothing.
    const otherKey = factorKey({ mfaSecretKey: "another key that is long enough to be one", dataDir: "/nonexistent" });
    expect(await checkSecondFactor({ db, key: otherKey, personId: OWNER_ID }, recovery[0]!)).toEqual({ ok: false });
    expect(await checkSecondFactor({ db, key, personId: OWNER_ID }, recovery[0]!)).toEqual({ ok: true, via: "recovery" });
  });

  test("a recovery code stored before the HMAC (a plain SHA-256) keeps working once and is upgraded", async () => {
    const { db } = await withFactor();
    const legacy = "abcde-23456";
    const digest = crypto.createHash("sha256").update("abcde23456").digest("hex");
    await db.insertInto("admin_recovery_codes").values({ code_hash: digest, created_at: new Date().toISOString(), used_at: null }).execute();
    expect(await checkSecondFactor({ db, key, personId: OWNER_ID }, legacy)).toEqual({ ok: true, via: "recovery" });
    expect(await checkSecondFactor({ db, key, personId: OWNER_ID }, legacy)).toEqual({ ok: false });
    const hashes = (await db.selectFrom("admin_recovery_codes").select("code_hash").execute()).map((row) => row.code_hash);
    expect(hashes).not.toContain(digest);
    expect(hashes.every((hash) => hash.startsWith("hmac1:"))).toBe(true);
  });

  test("a challenge's attempts are counted atomically: parallel guesses get no more than the stated tries", async () => {
    const { db } = await withFactor();
    const first = await attemptLogin({ db }, { password: PASSWORD });
    const { challenge } = first as { challenge: string };
    const guesses = await Promise.all(
      Array.from({ length: CHALLENGE_ATTEMPTS + 3 }, (_, index) => verifyLogin({ db, key }, { challenge, code: `00000${index}` })),
    );
    expect(guesses.filter((result) => !result.ok && result.code === "wrong_code")).toHaveLength(CHALLENGE_ATTEMPTS);
    expect(guesses.filter((result) => !result.ok && result.code === "expired")).toHaveLength(3);
    expect(await db.selectFrom("admin_login_challenges").selectAll().execute()).toEqual([]);
  });

  test("`npm run admin -- reset-mfa` removes every factor and recovery code and ends every session, audited", { timeout: 60_000 }, async () => {
    const { db, target } = await withFactor();
    const session = (await login(db, PASSWORD))!;
    for (let index = 0; index <= SECOND_FACTOR_LIMIT.limit; index += 1) await countAttempt(db, SECOND_FACTOR_LIMIT, OWNER_ID);

    const { code, output } = await runCli(["reset-mfa"], cliEnv(target, { MFA_SECRET_KEY, ADMIN_PASSWORD: "" }));
    expect(output).toContain("Removed 1 authenticator(s) and 10 recovery code(s); ended 1 session(s).");
    expect(code).toBe(0);
    expect(await hasVerifiedFactor(db, OWNER_ID)).toBe(false);
    expect(await db.selectFrom("admin_recovery_codes").selectAll().execute()).toEqual([]);
    expect(await verifyToken(db, session.token)).toBeUndefined();
    // The password alone signs in again, and a new factor is not held by the spent budget.
    expect(await attemptLogin({ db }, { password: PASSWORD })).toMatchObject({ ok: true, token: expect.any(String) });
    expect(await countAttempt(db, SECOND_FACTOR_LIMIT, OWNER_ID)).toBeUndefined();
    expect(await db.selectFrom("audit_events").select(["action", "target"]).where("action", "=", "mfa.reset").execute()).toEqual([
      { action: "mfa.reset", target: "reset-mfa" },
    ]);
  });
});
