import type { Role } from "../../domain/roles";
import crypto from "node:crypto";
import { revokeAllPreviewLinks } from "../blog/preview-links.server";
import { describeBrowser, type LogoutScope, type SessionSummary } from "../../domain/account";
import { displayAddress } from "../../domain/ip-address";
import type { AppDatabase } from "../db/database.server";
import { generatePassword, hashPassword, needsRehash, verifyPassword } from "./password.server";
import { forgetDevices } from "./devices.server";
import { OWNER_ID } from "../../domain/people";
import type { Database } from "../db/schema";
import type { Transaction } from "kysely";

const CREDENTIALS_ID = "admin";
/** How long a login lasts at most. */
export const SESSION_TTL_MS = 12 * 60 * 60 * 1000;
/** A session unused this long ends too (docs/decisions/067). */
export const SESSION_IDLE_MS = 2 * 60 * 60 * 1000;
/** last_seen_at is written at most this often per session, so reads stay reads. */
const TOUCH_INTERVAL_MS = 60 * 1000;

export type AdminSession = {
  tokenHash: string;
  expiresAt: string;
  /** The public id lists and the audit trail show. */
  id: string;
  /** The person signed in ("owner" for the holder of the admin password) and what the policy lets them do. */
  personId: string;
  role: Role;
};

/** Where a session was opened from: kept with it for the session list. */
export type SessionOrigin = { ip?: string; userAgent?: string };
const USER_AGENT_MAX = 300;

function hashToken(token: string): string {
  return crypto.createHash("sha256").update(token).digest("hex");
}

/**
 * Makes sure an admin password hash is stored. ADMIN_PASSWORD, when set, wins: its hash replaces
 * a different stored one, a password change like any other (sessions and preview links end).
 * With neither, a strong password is generated and returned once so the caller can print it;
 * several processes starting together store exactly one.
 */
export async function ensureAdminPassword(
  db: AppDatabase,
  configured: string | undefined,
): Promise<{ generated?: string }> {
  const stored = await readPasswordHash(db);
  if (configured) {
    if (!stored || !(await verifyPassword(configured, stored))) await setAdminPassword(db, configured);
    return {};
  }
  if (stored) return {};
  const generated = generatePassword();
  const inserted = await db
    .insertInto("admin_credentials")
    .values({ id: CREDENTIALS_ID, password_hash: await hashPassword(generated), updated_at: new Date().toISOString() })
    .onConflict((conflict) => conflict.column("id").doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0 ? { generated } : {};
}

/**
 * Stores a new password hash and, in the same transaction, ends the owner's sessions, preview
 * links and known browsers: whoever held the old password (or a session) keeps no way in.
 */
export async function setAdminPassword(
  db: AppDatabase,
  password: string,
  { keepSession }: { keepSession?: AdminSession } = {},
): Promise<void> {
  const passwordHash = await hashPassword(password);
  const changedAt = new Date();
  const now = changedAt.toISOString();
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto("admin_credentials")
      .values({ id: CREDENTIALS_ID, password_hash: passwordHash, updated_at: now })
      .onConflict((conflict) => conflict.column("id").doUpdateSet({ password_hash: passwordHash, updated_at: now }))
      .execute();
    await endPersonAccess(trx, OWNER_ID, { keepSession, now: changedAt });
  });
}

async function readPasswordHash(db: AppDatabase): Promise<string | undefined> {
  const row = await db
    .selectFrom("admin_credentials")
    .select("password_hash")
    .where("id", "=", CREDENTIALS_ID)
    .executeTakeFirst();
  return row?.password_hash;
}

/** Checks the password; on success opens a session and returns its token (256 random bits). */
export async function login(
  db: AppDatabase,
  password: string,
  { ttlMs = SESSION_TTL_MS, now = new Date(), origin = {} }: { ttlMs?: number; now?: Date; origin?: SessionOrigin } = {},
): Promise<{ token: string; expiresAt: string; sessionId: string } | undefined> {
  if (!(await checkPassword(db, password))) return undefined;
  return openSession(db, { ttlMs, now, origin });
}

/** Whether this is the admin password (an older hash is upgraded on the way). */
export async function checkPassword(db: AppDatabase, password: string): Promise<boolean> {
  const stored = await readPasswordHash(db);
  if (!stored || !(await verifyPassword(password, stored))) return false;
  if (needsRehash(stored)) await upgradePasswordHash(db, stored, password);
  return true;
}

/** Opens a session for a sign-in that passed every check (the owner's unless a person is named); answers its token once. */
export async function openSession(
  db: AppDatabase,
  {
    ttlMs = SESSION_TTL_MS,
    now = new Date(),
    origin = {},
    personId = OWNER_ID,
  }: { ttlMs?: number; now?: Date; origin?: SessionOrigin; personId?: string } = {},
): Promise<{ token: string; expiresAt: string; sessionId: string }> {
  await purgeSessions(db, { now });
  const token = crypto.randomBytes(32).toString("base64url");
  const sessionId = crypto.randomUUID();
  const expiresAt = new Date(now.getTime() + ttlMs).toISOString();
  const nowText = now.toISOString();
  await db
    .insertInto("admin_sessions")
    .values({
      token_hash: hashToken(token),
      id: sessionId,
      created_at: nowText,
      expires_at: expiresAt,
      revoked_at: null,
      last_seen_at: nowText,
      ip: origin.ip?.slice(0, 100) ?? null,
      user_agent: origin.userAgent?.slice(0, USER_AGENT_MAX) ?? null,
      person_id: personId,
    })
    .execute();
  return { token, expiresAt, sessionId };
}

/**
 * Re-hashes the password with the current parameters after a successful login, only if the
 * stored hash is still the one just checked (another process may have changed the password).
 */
async function upgradePasswordHash(db: AppDatabase, checked: string, password: string): Promise<void> {
  await db
    .updateTable("admin_credentials")
    .set({ password_hash: await hashPassword(password), updated_at: new Date().toISOString() })
    .where("id", "=", CREDENTIALS_ID)
    .where("password_hash", "=", checked)
    .execute();
}

/**
 * Deletes sessions that can never be used again: expired, revoked, or idle past the timeout.
 * Runs at every login and periodically in each server process. Answers how many went.
 */
export async function purgeSessions(
  db: AppDatabase,
  { now = new Date(), idleMs = SESSION_IDLE_MS }: { now?: Date; idleMs?: number } = {},
): Promise<number> {
  const idleSince = new Date(now.getTime() - idleMs).toISOString();
  const result = await db
    .deleteFrom("admin_sessions")
    .where((eb) =>
      eb.or([
        eb("expires_at", "<=", now.toISOString()),
        eb("revoked_at", "is not", null),
        eb("last_seen_at", "<=", idleSince),
        eb.and([eb("last_seen_at", "is", null), eb("created_at", "<=", idleSince)]),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * The session a token belongs to, if it is not expired, not revoked and not idle for longer than
 * the idle timeout, and its person is still on the team; the role is the person's as it is now.
 * Using it counts as activity.
 */
export async function verifyToken(
  db: AppDatabase,
  token: string,
  now: Date = new Date(),
  { idleMs = SESSION_IDLE_MS }: { idleMs?: number } = {},
): Promise<AdminSession | undefined> {
  if (!token) return undefined;
  const row = await db
    .selectFrom("admin_sessions")
    .innerJoin("admin_people", "admin_people.id", "admin_sessions.person_id")
    .select(["token_hash", "admin_sessions.id", "expires_at", "admin_sessions.created_at", "last_seen_at", "person_id", "role"])
    .where("token_hash", "=", hashToken(token))
    .where("revoked_at", "is", null)
    .where("expires_at", ">", now.toISOString())
    .where("admin_people.removed_at", "is", null)
    .executeTakeFirst();
  if (!row) return undefined;
  const lastSeen = new Date(row.last_seen_at ?? row.created_at).getTime();
  if (now.getTime() - lastSeen >= idleMs) return undefined;
  if (now.getTime() - lastSeen >= TOUCH_INTERVAL_MS) {
    await db
      .updateTable("admin_sessions")
      .set({ last_seen_at: now.toISOString() })
      .where("token_hash", "=", row.token_hash)
      .execute();
  }
  return {
    tokenHash: row.token_hash,
    expiresAt: row.expires_at,
    id: row.id ?? row.token_hash.slice(0, 32),
    personId: row.person_id,
    role: row.role as Role,
  };
}

/** Ends a session; the token stops working in every process at once. */
export async function revokeSession(db: AppDatabase, session: AdminSession): Promise<void> {
  await db
    .updateTable("admin_sessions")
    .set({ revoked_at: new Date().toISOString() })
    .where("token_hash", "=", session.tokenHash)
    .execute();
}

/** The person's sessions that still work (not expired, revoked or idle), newest first. */
export async function listSessions(
  db: AppDatabase,
  current: AdminSession,
  { now = new Date(), idleMs = SESSION_IDLE_MS }: { now?: Date; idleMs?: number } = {},
): Promise<SessionSummary[]> {
  const idleSince = new Date(now.getTime() - idleMs).toISOString();
  const rows = await db
    .selectFrom("admin_sessions")
    .select(["token_hash", "id", "created_at", "last_seen_at", "ip", "user_agent"])
    .where("person_id", "=", current.personId)
    .where("revoked_at", "is", null)
    .where("expires_at", ">", now.toISOString())
    .where((eb) => eb(eb.fn.coalesce("last_seen_at", "created_at"), ">", idleSince))
    .orderBy("created_at", "desc")
    .execute();
  return rows.map((row) => ({
    id: row.id ?? row.token_hash.slice(0, 32),
    created_at: row.created_at,
    last_used_at: row.last_seen_at ?? row.created_at,
    // Shown as people read it: IPv4 as IPv4, never `::ffff:` (decision 191).
    ip: row.ip === null ? null : displayAddress(row.ip),
    browser: describeBrowser(row.user_agent),
    current: row.token_hash === current.tokenHash,
  }));
}

/** Ends one of the person's sessions by its public id; answers whether one that still worked was ended. */
export async function revokeSessionById(db: AppDatabase, id: string, personId: string): Promise<boolean> {
  const result = await db
    .updateTable("admin_sessions")
    .set({ revoked_at: new Date().toISOString() })
    .where("id", "=", id)
    .where("person_id", "=", personId)
    .where("revoked_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Sign-out with a scope: this session, the person's other ones, or all of theirs. Answers how many ended. */
export async function signOut(db: AppDatabase, session: AdminSession, scope: LogoutScope): Promise<number> {
  const now = new Date();
  return db.transaction().execute(async (trx) => {
    // Everywhere means everything a stolen session could have left behind: preview links, known browsers.
    if (scope === "global") return endPersonAccess(trx, session.personId, { now });
    let query = trx.updateTable("admin_sessions").set({ revoked_at: now.toISOString() }).where("revoked_at", "is", null);
    if (scope === "local") query = query.where("token_hash", "=", session.tokenHash);
    if (scope === "others") query = query.where("person_id", "=", session.personId).where("token_hash", "!=", session.tokenHash);
    return Number((await query.executeTakeFirst()).numUpdatedRows);
  });
}

/**
 * Ends what a person could still use (inside the caller's transaction): their sessions (but the
 * one kept), the preview links they made and the browsers they signed in from; with
 * `forgetFactors`, their second factors, recovery codes and passkeys too. Answers how many sessions ended.
 */
export async function endPersonAccess(
  trx: Transaction<Database>,
  personId: string,
  { keepSession, now = new Date(), forgetFactors = false }: { keepSession?: AdminSession; now?: Date; forgetFactors?: boolean } = {},
): Promise<number> {
  const ended = await trx
    .updateTable("admin_sessions")
    .set({ revoked_at: now.toISOString() })
    .where("person_id", "=", personId)
    .where("revoked_at", "is", null)
    .$if(keepSession !== undefined, (query) => query.where("token_hash", "!=", keepSession!.tokenHash))
    .executeTakeFirst();
  await revokeAllPreviewLinks(trx, now, personId);
  await forgetDevices(trx, personId);
  if (forgetFactors) {
    await trx.deleteFrom("admin_factors").where("person_id", "=", personId).execute();
    await trx.deleteFrom("admin_recovery_codes").where("person_id", "=", personId).execute();
    await trx.deleteFrom("admin_passkeys").where("person_id", "=", personId).execute();
  }
  return Number(ended.numUpdatedRows);
}
