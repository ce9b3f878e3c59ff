import type { Kysely } from "kysely";

/**
 * Which client sent an attachment, for the per-client upload quota (docs/decisions/132): a hash
 * of the client key every door passes in, never the address itself. Null for attachments stored
 * before this, by internal callers without a key, and once the hash is older than the quota's
 * longest window (housekeeping forgets it). The index serves the quota's sum per client and time.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("report_attachments").addColumn("client_hash", "text").execute();
  await db.schema
    .createIndex("report_attachments_client_hash")
    .on("report_attachments")
    .columns(["client_hash", "created_at"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("report_attachments_client_hash").execute();
  await db.schema.alterTable("report_attachments").dropColumn("client_hash").execute();
}
