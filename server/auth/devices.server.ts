import crypto from "node:crypto";
import type { Transaction } from "kysely";
import type { AppDatabase } from "../db/database.server";
import type { Database } from "../db/schema";

/**
 * Device tokens (OWASP's "device cookie", docs/decisions/151): a browser that signed in carries
 * one; it exempts that browser from the site-wide failure limit, though not from its own.
 */
export const DEVICE_COOKIE = "admin_device";
/** How long a device stays known after its last sign-in. */
export const DEVICE_TTL_MS = 90 * 24 * 60 * 60 * 1000;
/** The most devices kept; the least recently used go first. */
export const MAX_DEVICES = 20;

function hashDevice(token: string): string {
  return crypto.createHash("sha256").update(token).digest("hex");
}

/** The device's key (its token's hash) when the token is one this site issued to the person and still knows. */
export async function knownDevice(db: AppDatabase, token: string | undefined, personId: string, now = new Date()): Promise<string | undefined> {
  if (!token || token.length > 100) return undefined;
  const hash = hashDevice(token);
  const row = await db
    .selectFrom("admin_devices")
    .select("token_hash")
    .where("token_hash", "=", hash)
    .where("person_id", "=", personId)
    .where("expires_at", ">", now.toISOString())
    .executeTakeFirst();
  return row?.token_hash;
}

/**
 * After a successful sign-in: the browser's known device is kept on, or a new one is issued.
 * Answers the token to set as the cookie (the same one, or a new one).
 */
export async function rememberDevice(db: AppDatabase, token: string | undefined, personId: string, now = new Date()): Promise<string> {
  const expiresAt = new Date(now.getTime() + DEVICE_TTL_MS).toISOString();
  const nowText = now.toISOString();
  if (token && (await knownDevice(db, token, personId, now))) {
    await db.updateTable("admin_devices").set({ last_used_at: nowText, expires_at: expiresAt }).where("token_hash", "=", hashDevice(token)).execute();
    return token;
  }
  const fresh = crypto.randomBytes(32).toString("base64url");
  await db
    .insertInto("admin_devices")
    .values({ token_hash: hashDevice(fresh), created_at: nowText, last_used_at: nowText, expires_at: expiresAt, person_id: personId })
    .execute();
  // Each person keeps their own most recent browsers: another's sign-ins cannot push theirs out.
  const keep = await db
    .selectFrom("admin_devices")
    .select("token_hash")
    .where("person_id", "=", personId)
    .orderBy("last_used_at", "desc")
    .orderBy("token_hash")
    .limit(MAX_DEVICES)
    .execute();
  await db
    .deleteFrom("admin_devices")
    .where((eb) =>
      eb.or([
        eb("expires_at", "<=", nowText),
        eb.and([eb("person_id", "=", personId), eb("token_hash", "not in", keep.map((row) => row.token_hash))]),
      ]),
    )
    .execute();
  return fresh;
}

/**
 * Every browser the person signed in from is forgotten: after a password change, a reset of the second factor or a
 * sign-out everywhere, a device cookie from before (perhaps a stolen browser's) grants nothing.
 */
export async function forgetDevices(db: AppDatabase | Transaction<Database>, personId: string): Promise<void> {
  await db.deleteFrom("admin_devices").where("person_id", "=", personId).execute();
}

/** The device cookie's value from a Cookie header. */
export function deviceFromCookies(header: string | undefined): string | undefined {
  for (const part of (header ?? "").split(";")) {
    const [name, ...value] = part.trim().split("=");
    if (name === DEVICE_COOKIE) return value.join("=") || undefined;
  }
  return undefined;
}
