import { sql, type Kysely } from "kysely";

/**
 * The disclosure loop (docs/decisions/144): each report's case links (their tokens' hashes only), the
 * team's assessment, the reporter's credit choice, when each step of the policy was done, and a
 * timeline of status changes and messages. Files added to the conversation are attachments of
 * the report that name the message they came with.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const columns: [string, "text" | "double precision" | "integer"][] = [
    ["assessed_severity", "text"],
    ["cvss_vector", "text"],
    ["cvss_score", "double precision"],
    ["duplicate_of", "text"],
    ["credit", "text"],
    ["credit_name", "text"],
    ["credit_url", "text"],
    ["acknowledged_at", "text"],
    ["assessed_at", "text"],
    ["resolved_at", "text"],
  ];
  for (const [name, type] of columns) {
    await db.schema.alterTable("security_reports").addColumn(name, type).execute();
  }
  await db.schema
    .alterTable("security_reports")
    .addColumn("publish_title", "integer", (col) => col.notNull().defaultTo(0))
    .execute();
  // Set when the reporter writes; cleared when the team answers. The inbox marks such reports.
  await db.schema
    .alterTable("security_reports")
    .addColumn("awaiting_team", "integer", (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex("security_reports_duplicate_of").on("security_reports").column("duplicate_of").execute();

  // Every email to the reporter carries a link of its own; asking for a new link ends them all.
  await db.schema
    .createTable("report_case_tokens")
    .addColumn("token_hash", "text", (col) => col.primaryKey())
    .addColumn("report_id", "text", (col) => col.notNull().references("security_reports.id").onDelete("cascade"))
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("report_case_tokens_report").on("report_case_tokens").column("report_id").execute();

  await db.schema
    .createTable("report_events")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("report_id", "text", (col) => col.notNull().references("security_reports.id").onDelete("cascade"))
    // "status" (a change to `status`) or "message" (`body`).
    .addColumn("kind", "text", (col) => col.notNull())
    // "team" or "reporter".
    .addColumn("author", "text", (col) => col.notNull())
    .addColumn("status", "text")
    .addColumn("body", "text")
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("report_events_report").on("report_events").columns(["report_id", "created_at"]).execute();

  await db.schema.alterTable("report_attachments").addColumn("event_id", "text").execute();

  // Reports triaged before this were acknowledged (and, if closed, resolved) when last changed.
  await sql`update security_reports set acknowledged_at = updated_at where status <> 'new'`.execute(db);
  await sql`update security_reports set resolved_at = updated_at where status in ('resolved', 'not_applicable')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("report_attachments").dropColumn("event_id").execute();
  await db.schema.dropTable("report_events").execute();
  await db.schema.dropTable("report_case_tokens").execute();
  await db.schema.dropIndex("security_reports_duplicate_of").execute();
  for (const name of [
    "awaiting_team", "publish_title", "resolved_at", "assessed_at", "acknowledged_at", "credit_url",
    "credit_name", "credit", "duplicate_of", "cvss_score", "cvss_vector", "assessed_severity",
  ]) {
    await db.schema.alterTable("security_reports").dropColumn(name).execute();
  }
}
