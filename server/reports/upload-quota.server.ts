import crypto from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import type { Database } from "../db/schema";

/**
 * Limits on report uploads (docs/decisions/066 and 132): bytes stored per hour and per day by
 * the whole site and by one client (counted from the stored attachments, so every process
 * sharing the database sees the same totals), and uploads in progress at once in this process.
 */
export type UploadQuota = {
  bytesPerHour: number;
  bytesPerDay: number;
  clientBytesPerHour: number;
  clientBytesPerDay: number;
  concurrentUploads: number;
};

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** The longest window any upload quota counts: a client's hash is not needed after it. */
export const UPLOAD_QUOTA_LONGEST_WINDOW_MS = DAY_MS;

/** Counts uploads in progress; `enter` answers undefined when the cap is reached. */
export function createUploadGate(concurrentUploads: number) {
  let active = 0;
  return {
    enter(): (() => void) | undefined {
      if (active >= concurrentUploads) return undefined;
      active += 1;
      let left = false;
      return () => {
        if (left) return;
        left = true;
        active -= 1;
      };
    },
    get active() {
      return active;
    },
  };
}

export type UploadGate = ReturnType<typeof createUploadGate>;

/**
 * What an attachment records of the client that sent it: a SHA-256 of the client key (the
 * address every door derives), so the quota can be counted across processes without storing the
 * address. It is a pseudonym, not anonymity (an IPv4 address is quickly guessed from it), which
 * is why housekeeping forgets it after a day (`forgetUploadClients`).
 */
export function uploadClientHash(clientKey: string): string {
  return crypto.createHash("sha256").update(`report-upload-client:${clientKey}`).digest("hex");
}

/**
 * Whether `incomingBytes` more would go over the site's hourly or daily cap. Answers the seconds
 * until the oldest bytes of the full window leave it (a Retry-After), or undefined when they fit.
 */
export async function quotaExceeded(
  db: Kysely<Database> | Transaction<Database>,
  quota: Pick<UploadQuota, "bytesPerHour" | "bytesPerDay">,
  incomingBytes: number,
  now: Date = new Date(),
): Promise<{ retryAfterSeconds: number } | undefined> {
  return windowsExceeded(db, [[HOUR_MS, quota.bytesPerHour], [DAY_MS, quota.bytesPerDay]], incomingBytes, now);
}

/** The same for one client's caps, counting only the attachments stored with its hash. */
export async function clientQuotaExceeded(
  db: Kysely<Database> | Transaction<Database>,
  quota: Pick<UploadQuota, "clientBytesPerHour" | "clientBytesPerDay">,
  clientHash: string,
  incomingBytes: number,
  now: Date = new Date(),
): Promise<{ retryAfterSeconds: number } | undefined> {
  return windowsExceeded(
    db,
    [[HOUR_MS, quota.clientBytesPerHour], [DAY_MS, quota.clientBytesPerDay]],
    incomingBytes,
    now,
    clientHash,
  );
}

async function windowsExceeded(
  db: Kysely<Database> | Transaction<Database>,
  windows: ReadonlyArray<readonly [windowMs: number, cap: number]>,
  incomingBytes: number,
  now: Date,
  clientHash?: string,
): Promise<{ retryAfterSeconds: number } | undefined> {
  if (incomingBytes <= 0) return undefined;
  for (const [windowMs, cap] of windows) {
    const since = new Date(now.getTime() - windowMs).toISOString();
    let query = db
      .selectFrom("report_attachments")
      .select((eb) => [eb.fn.sum<number | string | null>("size").as("bytes"), eb.fn.min<string | null>("created_at").as("oldest")])
      .where("created_at", ">", since);
    if (clientHash !== undefined) query = query.where("client_hash", "=", clientHash);
    const row = await query.executeTakeFirstOrThrow();
    const stored = Number(row.bytes ?? 0);
    if (stored + incomingBytes > cap) {
      const oldest = row.oldest ? new Date(row.oldest).getTime() : now.getTime();
      const retryAfterSeconds = Math.max(1, Math.ceil((oldest + windowMs - now.getTime()) / 1000));
      return { retryAfterSeconds };
    }
  }
  return undefined;
}

/**
 * Forgets which client sent attachments older than the longest quota window: the hash has no use
 * after it. Safe to run from every process at once. Answers how many attachments it touched.
 */
export async function forgetUploadClients(db: Kysely<Database>, now: Date = new Date()): Promise<number> {
  const before = new Date(now.getTime() - UPLOAD_QUOTA_LONGEST_WINDOW_MS).toISOString();
  const result = await db
    .updateTable("report_attachments")
    .set({ client_hash: null })
    .where("client_hash", "is not", null)
    .where("created_at", "<=", before)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
