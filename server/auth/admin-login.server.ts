import crypto from "node:crypto";
import { accountMessages, verifyLoginSchema } from "../../domain/account";
import { authMessages } from "../../domain/auth";
import { loginSchema } from "../../domain/login";
import { fieldErrors } from "../../domain/validation";
import { audit } from "../audit/audit.server";
import type { AppServices } from "../context.server";
import type { AppDatabase } from "../db/database.server";
import { countAttempt, forgetAttempt, type RateLimited, type RateLimitRule } from "../limits/rate-limits.server";
import { checkPassword, openSession, type SessionOrigin } from "./admin-auth.server";
import { knownDevice, rememberDevice } from "./devices.server";
import { checkSecondFactor, hasVerifiedFactor } from "./factors.server";

/** Failed logins allowed per client in the window; the next attempt is refused (429). */
export const LOGIN_LIMIT: RateLimitRule = {
  name: "admin-login",
  windowMs: 15 * 60 * 1000,
  limit: 9,
  message: authMessages.tooManyAttempts,
};

/**
 * Failed logins allowed from all clients together in the same sliding window, so guesses spread
 * over many addresses stop too (docs/decisions/068). A browser with a known device token is not
 * held by it (docs/decisions/151).
 */
export const GLOBAL_LOGIN_LIMIT: RateLimitRule = { ...LOGIN_LIMIT, name: "admin-login:all", limit: 100 };
/** Failed logins allowed per known device in the window: what holds a device instead (151). */
export const DEVICE_LOGIN_LIMIT: RateLimitRule = { ...LOGIN_LIMIT, name: "admin-login:device", limit: 9 };
const EVERY_CLIENT = "all";

/** How long the second step may take, and how many codes one challenge may try. */
export const CHALLENGE_TTL_MS = 5 * 60 * 1000;
export const CHALLENGE_ATTEMPTS = 5;

export type SignedIn = { ok: true; token: string; expiresAt: string; sessionId: string; deviceToken: string };

export type LoginResult =
  | SignedIn
  | { ok: true; mfaRequired: true; challenge: string }
  | { ok: false; code: "invalid"; error: string; fields: Record<string, string> }
  | { ok: false; code: "wrong_password"; error: string }
  | RateLimited;

export type VerifyResult =
  | SignedIn
  | { ok: false; code: "invalid"; error: string; fields: Record<string, string> }
  | { ok: false; code: "wrong_code" | "expired"; error: string }
  | RateLimited;

/** What a door knows of the client: its limit key, its device cookie, its address and browser. */
export type LoginClient = { clientKey?: string; device?: string; origin?: SessionOrigin };

/** Every limit an attempt counts against; the second answer takes the attempt back (a success). */
async function countLoginAttempt(
  db: AppDatabase,
  { clientKey, device }: LoginClient,
): Promise<{ limited?: RateLimited; forget: () => Promise<void> }> {
  const limited = await countAttempt(db, LOGIN_LIMIT, clientKey);
  if (limited) return { limited, forget: async () => {} };
  if (clientKey === undefined) return { forget: async () => {} };
  // A known device counts against its own allowance instead of everyone's.
  const deviceKey = await knownDevice(db, device);
  const [rule, key] = deviceKey ? [DEVICE_LOGIN_LIMIT, deviceKey] : [GLOBAL_LOGIN_LIMIT, EVERY_CLIENT];
  const shared = await countAttempt(db, rule, key);
  if (shared) {
    await forgetAttempt(db, LOGIN_LIMIT, clientKey);
    return { limited: shared, forget: async () => {} };
  }
  return {
    forget: async () => {
      await forgetAttempt(db, LOGIN_LIMIT, clientKey);
      await forgetAttempt(db, rule, key);
    },
  };
}

/**
 * One login attempt from any door. Every attempt counts against the client's key first; a
 * successful one is taken back, so only failures use up the allowance. With a verified factor,
 * a right password answers a single-use challenge for the second step instead of a token.
 */
export async function attemptLogin(
  { db }: Pick<AppServices, "db">,
  input: unknown,
  client: LoginClient = {},
): Promise<LoginResult> {
  const ip = client.origin?.ip;
  const { limited, forget } = await countLoginAttempt(db, client);
  if (limited) {
    if (client.clientKey !== undefined) await audit.record(db, { action: "login.locked", ip });
    return limited;
  }
  const parsed = loginSchema.safeParse(input);
  if (!parsed.success) {
    const error = fieldErrors(parsed.error).password ?? authMessages.passwordRequired;
    return { ok: false, code: "invalid", error, fields: { password: error } };
  }
  if (!(await checkPassword(db, parsed.data.password))) {
    await audit.record(db, { action: "login.wrong_password", ip });
    return { ok: false, code: "wrong_password", error: authMessages.invalidCredentials };
  }
  await forget();
  if (await hasVerifiedFactor(db)) return { ok: true, mfaRequired: true, challenge: await createChallenge(db) };
  return signIn(db, client);
}

/** The second step: the challenge from the first and a code from a verified factor or a recovery code. */
export async function verifyLogin(
  { db, key }: { db: AppDatabase; key: Buffer },
  input: unknown,
  client: LoginClient = {},
): Promise<VerifyResult> {
  const ip = client.origin?.ip;
  const { limited, forget } = await countLoginAttempt(db, client);
  if (limited) {
    if (client.clientKey !== undefined) await audit.record(db, { action: "login.locked", ip });
    return limited;
  }
  const parsed = verifyLoginSchema.safeParse(input);
  if (!parsed.success) {
    const fields = fieldErrors(parsed.error);
    return { ok: false, code: "invalid", error: fields.code ?? fields.challenge ?? accountMessages.codeRequired, fields };
  }
  const now = new Date();
  const idHash = hashChallenge(parsed.data.challenge);
  const challenge = await db
    .selectFrom("admin_login_challenges")
    .select(["attempts"])
    .where("id_hash", "=", idHash)
    .where("expires_at", ">", now.toISOString())
    .executeTakeFirst();
  if (!challenge) return { ok: false, code: "expired", error: accountMessages.challengeExpired };
  const check = await checkSecondFactor({ db, key }, parsed.data.code, now);
  if (!check.ok) {
    await audit.record(db, { action: "login.wrong_code", ip });
    // A challenge that has tried too many codes is used up: back to the password.
    if (challenge.attempts + 1 >= CHALLENGE_ATTEMPTS) {
      await db.deleteFrom("admin_login_challenges").where("id_hash", "=", idHash).execute();
    } else {
      await db.updateTable("admin_login_challenges").set({ attempts: challenge.attempts + 1 }).where("id_hash", "=", idHash).execute();
    }
    return { ok: false, code: "wrong_code", error: accountMessages.codeInvalid };
  }
  // Single use: only the request that deletes it signs in.
  const taken = await db.deleteFrom("admin_login_challenges").where("id_hash", "=", idHash).executeTakeFirst();
  if (Number(taken.numDeletedRows) !== 1) return { ok: false, code: "expired", error: accountMessages.challengeExpired };
  await forget();
  if (check.via === "recovery") await audit.record(db, { action: "recovery_code.used", ip });
  return signIn(db, client, check.via === "totp" ? check.factorId : undefined);
}

async function signIn(db: AppDatabase, client: LoginClient, factorId?: string): Promise<SignedIn> {
  const session = await openSession(db, { origin: client.origin });
  const deviceToken = await rememberDevice(db, client.device);
  await audit.record(db, { action: "login.success", target: factorId ?? null, ip: client.origin?.ip, session: session.sessionId });
  return { ok: true, ...session, deviceToken };
}

function hashChallenge(challenge: string): string {
  return crypto.createHash("sha256").update(challenge).digest("hex");
}

async function createChallenge(db: AppDatabase, now = new Date()): Promise<string> {
  await db.deleteFrom("admin_login_challenges").where("expires_at", "<=", now.toISOString()).execute();
  const challenge = crypto.randomBytes(32).toString("base64url");
  await db
    .insertInto("admin_login_challenges")
    .values({
      id_hash: hashChallenge(challenge),
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + CHALLENGE_TTL_MS).toISOString(),
      attempts: 0,
    })
    .execute();
  return challenge;
}
