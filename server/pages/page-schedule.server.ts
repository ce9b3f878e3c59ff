import type { AppDatabase } from "../db/database.server";

/**
 * When the next scheduled page goes on the site, or null when none waits. Like a scheduled post
 * (docs/decisions/125), a scheduled page needs no job: reads compare `publish_at` with the time,
 * and the page cache keeps pages until this moment at most.
 */
export async function nextScheduledPagePublication(db: AppDatabase, now: Date = new Date()): Promise<Date | null> {
  const row = await db
    .selectFrom("site_pages")
    .select((eb) => eb.fn.min("publish_at").as("next"))
    .where("status", "=", "scheduled")
    .where("publish_at", ">", now.toISOString())
    .executeTakeFirst();
  return row?.next ? new Date(row.next) : null;
}
