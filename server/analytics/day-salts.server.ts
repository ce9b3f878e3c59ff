import crypto from "node:crypto";
import { ipKeyGenerator } from "express-rate-limit";
import net from "node:net";
import { truncateWriteAheadLog, type AppDatabase } from "../db/database.server";

/**
 * The day's random salt and what is keyed under it (docs/decisions/141, 175). A salt lives from
 * the first view of its UTC day to that day's end: every process deletes the salts of past days
 * at midnight (its own timer) and whenever it first asks for a new day's salt, so a salt never
 * outlives its day by more than a process's clock.
 */

/**
 * The day's salt and the hashes keyed under it: they never leave the database they were made in
 * (backup and copy-db leave them out, decision 175).
 */
export const DAY_KEYED_TABLES = ["analytics_salts", "analytics_visitors", "analytics_page_visitors", "analytics_clients"] as const;

/**
 * The day's salt, made by whichever process asks first (every process and a restart then agree).
 * Asking for a new day's salt deletes the salts of the days before it.
 */
export async function daySalt(db: AppDatabase, day: string): Promise<string> {
  await forgetSaltsBefore(db, day);
  await db
    .insertInto("analytics_salts")
    .values({ day, salt: crypto.randomBytes(32).toString("base64url") })
    .onConflict((conflict) => conflict.column("day").doNothing())
    .execute();
  const row = await db.selectFrom("analytics_salts").select("salt").where("day", "=", day).executeTakeFirstOrThrow();
  return row.salt;
}

/**
 * Deletes the salts of the days before `day`. SQLite overwrites deleted rows (`secure_delete`,
 * database.server.ts), and its write-ahead log, which still holds the pages as they were, is
 * emptied at once rather than written over some time later. Returns how many salts went.
 */
export async function forgetSaltsBefore(db: AppDatabase, day: string): Promise<number> {
  const deleted = await db.deleteFrom("analytics_salts").where("day", "<", day).executeTakeFirst();
  const salts = Number(deleted.numDeletedRows);
  if (salts > 0) await truncateWriteAheadLog(db);
  return salts;
}

/** Longest part of a user agent that is classed and hashed: real browsers' fit, a flood's is cut. */
export const USER_AGENT_MAX = 512;

/** HMAC-SHA256 under the day's salt, cut to 128 bits: enough to tell a day's visitors apart. */
export function visitorHash(salt: string, address: string, userAgent: string, siteHost: string): string {
  return keyed(salt, `${address}\n${userAgent.slice(0, USER_AGENT_MAX)}\n${siteHost}`);
}

/**
 * A client as the day's per-client limits count it: its address, IPv6 grouped by /56 as the rate
 * limits group it (one host has a whole prefix to rotate through), keyed under the day's salt.
 */
export function clientHash(salt: string, address: string): string {
  return keyed(salt, `client\n${net.isIP(address) ? ipKeyGenerator(address) : address}`);
}

function keyed(salt: string, text: string): string {
  return crypto.createHmac("sha256", salt).update(text).digest("base64url").slice(0, 22);
}
