import type { Kysely } from "kysely";

/**
 * The reporter hears of the team's changes to a case as one email per few minutes
 * (docs/decisions/188): the report remembers the outbox row still gathering them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("security_reports").addColumn("reporter_digest_id", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("security_reports").dropColumn("reporter_digest_id").execute();
}
