import type { Kysely } from "kysely";

/**
 * The weekly analytics email (docs/decisions/186 and 187). An outbox email may carry an HTML part
 * beside its text. A week's report is claimed by inserting its row: the primary key lets exactly
 * one process, of any number sharing the database, queue that week's emails.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("mail_outbox").addColumn("html_body", "text").execute();
  await db.schema
    .createTable("analytics_weekly_reports")
    // The week's Monday, UTC, YYYY-MM-DD.
    .addColumn("week", "text", (column) => column.primaryKey())
    .addColumn("recipients", "integer", (column) => column.notNull())
    .addColumn("queued_at", "text", (column) => column.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("analytics_weekly_reports").execute();
  await db.schema.alterTable("mail_outbox").dropColumn("html_body").execute();
}
