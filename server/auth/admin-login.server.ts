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
import { alertIfGuessing, checkWithinBudget, type GuessingAlert } from "./code-budget.server";
import { knownDevice, rememberDevice } from "./devices.server";
import { checkSecondFactor, hasVerifiedFactor } from "./factors.server";
import { OWNER_ID } from "../../domain/people";
import { checkPersonPassword, personIdByEmail, recordSignIn } from "../people/people.server";

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

export type SignedIn = {
  ok: true;
  token: string;
  expiresAt: string;
  sessionId: string;
  deviceToken: string;
  personId: string;
  /** A browser the person had not signed in from, though they had signed in before: they are told. */
  newBrowser: boolean;
  /** Signed in with a recovery code: they are told too. */
  recoveryCodeUsed?: boolean;
};

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

/** A refusal by a limit, with the counter that refused it: its lockout event's target. */
export type LoginLock = { limited: RateLimited; rule: RateLimitRule; key: string };

/**
 * The counters an attempt counts against. A browser with a known device counts against that
 * device's own allowance only, never its address's nor everyone's (docs/decisions/171): whoever
 * shares the admin's address cannot lock the admin out. Any other counts against its address and
 * then against everyone's.
 */
async function loginCounters(db: AppDatabase, { clientKey, device }: LoginClient, claimant: string): Promise<[RateLimitRule, string][]> {
  if (clientKey === undefined) return [];
  const deviceKey = await knownDevice(db, device, claimant);
  if (deviceKey) return [[DEVICE_LOGIN_LIMIT, deviceKey]];
  return [
    [LOGIN_LIMIT, clientKey],
    [GLOBAL_LOGIN_LIMIT, EVERY_CLIENT],
  ];
}

/**
 * Whose sign-in an attempt claims to be, before any secret is checked: the person of the address
 * given (or of the challenge), the owner without one. A device counts only for its own person.
 */
async function claimantOf(db: AppDatabase, input: unknown): Promise<string> {
  const body = (typeof input === "object" && input !== null ? input : {}) as { email?: unknown; challenge?: unknown };
  if (typeof body.challenge === "string" && body.challenge.length <= 100) {
    const row = await db.selectFrom("admin_login_challenges").select("person_id").where("id_hash", "=", hashChallenge(body.challenge)).executeTakeFirst();
    return row?.person_id ?? OWNER_ID;
  }
  if (typeof body.email !== "string") return OWNER_ID;
  return (await personIdByEmail(db, body.email.trim().toLowerCase())) ?? "";
}

/**
 * Counts an attempt at `claimant`'s sign-in against each counter in turn; the second answer takes
 * it back (a success). A passkey's door names the claimant by the credential it was given.
 */
export async function countLoginAttempt(db: AppDatabase, client: LoginClient, claimant: string): Promise<{ lock?: LoginLock; forget: () => Promise<void> }> {
  const counted: [RateLimitRule, string][] = [];
  const forget = async () => {
    for (const [rule, key] of counted) await forgetAttempt(db, rule, key);
  };
  for (const [rule, key] of await loginCounters(db, client, claimant)) {
    const limited = await countAttempt(db, rule, key);
    if (limited) {
      // Refused by a later counter: the earlier ones did not see a real attempt.
      await forget();
      return { lock: { limited, rule, key }, forget: async () => {} };
    }
    counted.push([rule, key]);
  }
  return { forget };
}

/** One `login.locked` event per limited key and window, however many requests it refuses. */
export async function recordLock(db: AppDatabase, { rule, key, limited }: LoginLock, ip: string | undefined): Promise<RateLimited> {
  // A device is named by a short piece of its token's hash; an address by its key.
  const who = rule === DEVICE_LOGIN_LIMIT ? `device ${key.slice(0, 8)}` : key;
  await audit.recordLockout(db, { action: "login.locked", target: `${rule.name} ${who}`, ip }, rule.windowMs);
  return limited;
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
  const { lock, forget } = await countLoginAttempt(db, client, await claimantOf(db, input));
  if (lock) return recordLock(db, lock, ip);
  const parsed = loginSchema.safeParse(input);
  if (!parsed.success) {
    const fields = fieldErrors(parsed.error);
    const error = fields.email ?? fields.password ?? authMessages.passwordRequired;
    return { ok: false, code: "invalid", error, fields: fields.email ? { email: fields.email } : { password: error } };
  }
  const { email, password } = parsed.data;
  const personId = email === undefined ? ((await checkPassword(db, password)) ? OWNER_ID : undefined) : (await checkPersonPassword(db, email, password))?.id;
  if (!personId) {
    await audit.record(db, { action: "login.wrong_password", ip, detail: email === undefined ? null : email });
    return { ok: false, code: "wrong_password", error: authMessages.invalidCredentials };
  }
  await forget();
  if (await hasVerifiedFactor(db, personId)) return { ok: true, mfaRequired: true, challenge: await createChallenge(db, personId) };
  return signIn(db, client, personId);
}

/** What the second step needs besides the database: the factor key, and where a guessing alert goes. */
export type VerifyContext = { db: AppDatabase; key: Buffer; alert?: GuessingAlert };

/** The second step: the challenge from the first and a code from a verified factor or a recovery code. */
export async function verifyLogin({ db, key, alert }: VerifyContext, input: unknown, client: LoginClient = {}): Promise<VerifyResult> {
  const ip = client.origin?.ip;
  const { lock, forget } = await countLoginAttempt(db, client, await claimantOf(db, input));
  if (lock) return recordLock(db, lock, ip);
  const parsed = verifyLoginSchema.safeParse(input);
  if (!parsed.success) {
    const fields = fieldErrors(parsed.error);
    return { ok: false, code: "invalid", error: fields.code ?? fields.challenge ?? accountMessages.codeRequired, fields };
  }
  const now = new Date();
  const idHash = hashChallenge(parsed.data.challenge);
  const taken = await takeChallengeAttempt(db, idHash, now);
  if (taken === undefined) return { ok: false, code: "expired", error: accountMessages.challengeExpired };
  const { attempts, personId } = taken;
  const check = await checkWithinBudget(db, { wrong: { action: "login.wrong_code", ip, personId }, actor: { ip, personId } }, () =>
    checkSecondFactor({ db, key, personId }, parsed.data.code, now),
  );
  if (!check.ok && "code" in check) return check;
  if (!check.ok) {
    // A challenge that has tried too many codes is used up: back to the password.
    if (attempts >= CHALLENGE_ATTEMPTS) await deleteChallenge(db, idHash);
    await alertIfGuessing(db, alert, { ip, personId }, now);
    return { ok: false, code: "wrong_code", error: accountMessages.codeInvalid };
  }
  // Single use: only the request that deletes it signs in.
  if (!(await deleteChallenge(db, idHash))) return { ok: false, code: "expired", error: accountMessages.challengeExpired };
  await forget();
  if (check.via === "recovery") await audit.record(db, { action: "recovery_code.used", ip, personId });
  if (check.via === "totp") return signIn(db, client, personId, { factorId: check.factorId });
  return { ...(await signIn(db, client, personId)), recoveryCodeUsed: true };
}

/**
 * Counts one code against the challenge in a single UPDATE (no read-then-write: parallel guesses
 * each take their own attempt) and answers its number and whose sign-in it is, or undefined when
 * the challenge is gone, expired or used up.
 */
async function takeChallengeAttempt(db: AppDatabase, idHash: string, now: Date): Promise<{ attempts: number; personId: string } | undefined> {
  const row = await db
    .updateTable("admin_login_challenges")
    .set((eb) => ({ attempts: eb("attempts", "+", 1) }))
    .where("id_hash", "=", idHash)
    .where("expires_at", ">", now.toISOString())
    .returning(["attempts", "person_id"])
    .executeTakeFirst();
  if (!row) return undefined;
  const attempts = Number(row.attempts);
  if (attempts <= CHALLENGE_ATTEMPTS) return { attempts, personId: row.person_id };
  await deleteChallenge(db, idHash);
  return undefined;
}

/** Answers whether this request deleted it (a challenge is used once). */
async function deleteChallenge(db: AppDatabase, idHash: string): Promise<boolean> {
  const deleted = await db.deleteFrom("admin_login_challenges").where("id_hash", "=", idHash).executeTakeFirst();
  return Number(deleted.numDeletedRows) === 1;
}

/** What a sign-in was made with, for the trail: the authenticator of its code, or a passkey. */
export type SignInVia = { factorId?: string; passkey?: { id: string; name: string } };

/**
 * Opens the person's session once every check passed (the password and code, or a passkey, which
 * stands for both), remembers the browser, and records the sign-in in their name.
 */
export async function signIn(db: AppDatabase, client: LoginClient, personId: string, via: SignInVia = {}): Promise<SignedIn> {
  const session = await openSession(db, { origin: client.origin, personId });
  const deviceToken = await rememberDevice(db, client.device, personId);
  const signedInBefore = await recordSignIn(db, personId);
  const event = via.passkey
    ? { action: "login.passkey" as const, target: via.passkey.id, label: via.passkey.name }
    : { action: "login.success" as const, target: via.factorId ?? null };
  await audit.record(db, { ...event, ip: client.origin?.ip, session: session.sessionId, personId });
  return { ok: true, ...session, deviceToken, personId, newBrowser: signedInBefore && deviceToken !== client.device };
}

function hashChallenge(challenge: string): string {
  return crypto.createHash("sha256").update(challenge).digest("hex");
}

async function createChallenge(db: AppDatabase, personId: string, now = new Date()): Promise<string> {
  await db.deleteFrom("admin_login_challenges").where("expires_at", "<=", now.toISOString()).execute();
  const challenge = crypto.randomBytes(32).toString("base64url");
  await db
    .insertInto("admin_login_challenges")
    .values({
      id_hash: hashChallenge(challenge),
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + CHALLENGE_TTL_MS).toISOString(),
      attempts: 0,
      person_id: personId,
    })
    .execute();
  return challenge;
}
