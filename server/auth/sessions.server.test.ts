import { afterEach, describe, expect, test, vi } from "vitest";
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from "../../tests/helpers/test-database";
import { DatabaseRateLimitStore } from "../limits/sliding-window.server";
import { countAttempt } from "../limits/rate-limits.server";
import { attemptLogin, GLOBAL_LOGIN_LIMIT, LOGIN_LIMIT } from "./admin-login.server";
import {
  ensureAdminPassword,
  login,
  purgeSessions,
  revokeSession,
  SESSION_IDLE_MS,
  SESSION_TTL_MS,
  verifyToken,
} from "./admin-auth.server";
import { hashPassword, PASSWORD_PARAMETERS, verifyPassword } from "./password.server";

const PASSWORD = "correct horse battery staple";
const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const FAILED_LOGINS_ALLOWED = LOGIN_LIMIT.limit;
const LOGIN_WINDOW_MS = LOGIN_LIMIT.windowMs;

describe.each(testDatabaseKinds)("admin sessions and login limits on %s", (kind) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    vi.useRealTimers();
    await database?.destroy();
    database = undefined;
  });

  async function open() {
    database = await createTestDatabase(kind);
    await ensureAdminPassword(database.db, PASSWORD);
    return database.db;
  }

  test("a session unused for the idle timeout ends, one in use lasts until the absolute limit", async () => {
    const db = await open();
    expect(SESSION_IDLE_MS).toBe(2 * HOUR);
    const start = new Date("2026-03-01T08:00:00.000Z");
    const at = (ms: number) => new Date(start.getTime() + ms);

    const idle = (await login(db, PASSWORD, { now: start }))!;
    expect(await verifyToken(db, idle.token, at(2 * HOUR + MINUTE))).toBeUndefined();

    const busy = (await login(db, PASSWORD, { now: start }))!;
    for (let hour = 1; hour < 12; hour += 1) {
      expect(await verifyToken(db, busy.token, at(hour * HOUR)), `hour ${hour}`).toBeDefined();
    }
    expect(await verifyToken(db, busy.token, at(SESSION_TTL_MS + MINUTE))).toBeUndefined();
  });

  test("expired, revoked and idle sessions are deleted by the purge and at login; live ones stay", async () => {
    const db = await open();
    const now = new Date();
    const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
    const row = (token_hash: string, createdAgo: number, expiresIn: number, revoked: boolean, seenAgo: number) => ({
      token_hash,
      created_at: ago(createdAgo),
      expires_at: new Date(now.getTime() + expiresIn).toISOString(),
      revoked_at: revoked ? ago(0) : null,
      last_seen_at: ago(seenAgo),
    });
    await db
      .insertInto("admin_sessions")
      .values([
        row("expired", 13 * HOUR, -HOUR, false, 1 * HOUR),
        row("revoked", 1 * HOUR, 11 * HOUR, true, 0),
        row("idle", 3 * HOUR, 9 * HOUR, false, 2 * HOUR + MINUTE),
        row("live", 3 * HOUR, 9 * HOUR, false, 10 * MINUTE),
      ])
      .execute();
    const hashes = async () =>
      (await db.selectFrom("admin_sessions").select("token_hash").orderBy("token_hash").execute()).map((r) => r.token_hash);

    expect(await purgeSessions(db, { now })).toBe(3);
    expect(await hashes()).toEqual(["live"]);

    await db.insertInto("admin_sessions").values(row("revoked-later", HOUR, 11 * HOUR, true, 0)).execute();
    const session = (await login(db, PASSWORD, { now }))!;
    expect(await hashes()).toHaveLength(2);
    expect(await hashes()).not.toContain("revoked-later");
    await revokeSession(db, (await verifyToken(db, session.token, now))!);
    expect(await verifyToken(db, session.token, now)).toBeUndefined();
  });

  test("a hash with older scrypt parameters still verifies and is upgraded at the next login", async () => {
    const db = await open();
    expect(PASSWORD_PARAMETERS).toEqual({ N: 2 ** 17, r: 8, p: 1 });
    const old = await hashPassword(PASSWORD, { N: 2 ** 14, r: 8, p: 1 });
    await db.updateTable("admin_credentials").set({ password_hash: old }).execute();
    expect(await login(db, "not the password")).toBeUndefined();
    expect((await db.selectFrom("admin_credentials").select("password_hash").executeTakeFirstOrThrow()).password_hash).toBe(old);

    expect(await login(db, PASSWORD)).toBeDefined();
    const { password_hash: upgraded } = await db.selectFrom("admin_credentials").select("password_hash").executeTakeFirstOrThrow();
    expect(upgraded.split("$").slice(0, 4)).toEqual(["scrypt", String(2 ** 17), "8", "1"]);
    expect(await verifyPassword(PASSWORD, upgraded)).toBe(true);
    expect(await login(db, PASSWORD)).toBeDefined();
  });

  test("no client gets more than the stated failed logins in any window, even across a window boundary", async () => {
    const db = await open();
    const store = new DatabaseRateLimitStore(db, { name: "admin-login", windowMs: LOGIN_WINDOW_MS, limit: FAILED_LOGINS_ALLOWED });
    vi.useFakeTimers({ toFake: ["Date"] });
    const start = new Date("2026-03-01T08:00:00.000Z").getTime();
    const accepted: number[] = [];
    const attempt = async (ms: number) => {
      vi.setSystemTime(start + ms);
      const { totalHits } = await store.increment("203.0.113.7");
      if (totalHits <= FAILED_LOGINS_ALLOWED) accepted.push(ms);
    };
    await attempt(0);
    for (let index = 0; index < FAILED_LOGINS_ALLOWED; index += 1) await attempt(14 * MINUTE);
    // Just past where a fixed window would have started again.
    for (let index = 0; index < FAILED_LOGINS_ALLOWED; index += 1) await attempt(15 * MINUTE + 1000);
    for (const time of accepted) {
      const inWindow = accepted.filter((other) => other >= time && other < time + LOGIN_WINDOW_MS);
      expect(inWindow.length).toBeLessThanOrEqual(FAILED_LOGINS_ALLOWED);
    }
    expect(accepted).toHaveLength(FAILED_LOGINS_ALLOWED + 1);
  });

  test("a global limit stops guesses spread over many addresses", async () => {
    const db = await open();
    await ensureAdminPassword(db, PASSWORD);
    // Fill the shared allowance as failures from many addresses would.
    for (let index = 0; index < GLOBAL_LOGIN_LIMIT.limit; index += 1) {
      await countAttempt(db, GLOBAL_LOGIN_LIMIT, "all");
    }
    const fresh = await attemptLogin({ db }, { password: "a wrong guess" }, { clientKey: "198.51.100.77" });
    expect(fresh).toMatchObject({ ok: false, code: "rate_limited" });
    // The refused address did not use up its own allowance.
    const store = new DatabaseRateLimitStore(db, { name: LOGIN_LIMIT.name, windowMs: LOGIN_WINDOW_MS, limit: FAILED_LOGINS_ALLOWED });
    expect((await store.increment("198.51.100.77")).totalHits).toBe(1);
  });
});
