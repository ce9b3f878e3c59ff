import type { Kysely } from "kysely";

/**
 * A page's revision names the person who saved it (docs/decisions/223), as a post's does since
 * 0073: their id, read back with their name (people are never deleted, only removed). `saved_by`
 * keeps the admin session. Null on older rows, imported ones and the seeded first revision.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("page_revisions").addColumn("saved_by_person", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("page_revisions").dropColumn("saved_by_person").execute();
}
