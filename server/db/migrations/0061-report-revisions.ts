import type { Kysely } from "kysely";

/**
 * The reporter's corrections before triage (docs/decisions/190): each one keeps the fields it
 * changed, before and after, as JSON text, for the team to read beside the report.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("report_revisions")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("report_id", "text", (col) => col.notNull().references("security_reports.id").onDelete("cascade"))
    // { field: { before, after } } for each field the correction changed.
    .addColumn("changes", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("report_revisions_report").on("report_revisions").columns(["report_id", "created_at"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("report_revisions").execute();
}
