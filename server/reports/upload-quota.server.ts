import type { Kysely, Transaction } from "kysely";
import type { Database } from "../db/schema";

/**
 * Global limits on report uploads, whoever sends them (docs/decisions/066): bytes stored per
 * hour and per day (counted from the stored attachments, so every process sharing the database
 * sees the same total) and uploads in progress at once in this process.
 */
export type UploadQuota = { bytesPerHour: number; bytesPerDay: number; concurrentUploads: number };

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

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
 * Whether `incomingBytes` more would go over the hourly or daily cap. Answers the seconds until
 * the oldest bytes of the full window leave it (a Retry-After), or undefined when they fit.
 */
export async function quotaExceeded(
  db: Kysely<Database> | Transaction<Database>,
  quota: Pick<UploadQuota, "bytesPerHour" | "bytesPerDay">,
  incomingBytes: number,
  now: Date = new Date(),
): Promise<{ retryAfterSeconds: number } | undefined> {
  for (const [windowMs, cap] of [
    [HOUR_MS, quota.bytesPerHour],
    [DAY_MS, quota.bytesPerDay],
  ] as const) {
    const since = new Date(now.getTime() - windowMs).toISOString();
    const row = await db
      .selectFrom("report_attachments")
      .select((eb) => [eb.fn.sum<number | string | null>("size").as("bytes"), eb.fn.min<string | null>("created_at").as("oldest")])
      .where("created_at", ">", since)
      .executeTakeFirstOrThrow();
    const stored = Number(row.bytes ?? 0);
    if (incomingBytes > 0 && stored + incomingBytes > cap) {
      const oldest = row.oldest ? new Date(row.oldest).getTime() : now.getTime();
      const retryAfterSeconds = Math.max(1, Math.ceil((oldest + windowMs - now.getTime()) / 1000));
      return { retryAfterSeconds };
    }
  }
  return undefined;
}
