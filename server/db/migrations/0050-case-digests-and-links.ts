import type { Kysely } from "kysely";

/**
 * The disclosure loop, hardened (docs/decisions/176 and 177). A report remembers the team's
 * digest email of the reporter's messages (the outbox row still gathering them, and when the
 * latest one goes), so replies reach the team once per interval whichever process takes them.
 * A case link remembers what it was sent with and when it was last used, so a link asked for
 * by reference and address ends the older links only once it is itself used.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("security_reports").addColumn("team_digest_id", "text").execute();
  await db.schema.alterTable("security_reports").addColumn("team_digest_at", "text").execute();
  // "report", "message", "status" or "request"; earlier links say nothing.
  await db.schema.alterTable("report_case_tokens").addColumn("issued_for", "text").execute();
  await db.schema.alterTable("report_case_tokens").addColumn("last_used_at", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("report_case_tokens").dropColumn("last_used_at").execute();
  await db.schema.alterTable("report_case_tokens").dropColumn("issued_for").execute();
  await db.schema.alterTable("security_reports").dropColumn("team_digest_at").execute();
  await db.schema.alterTable("security_reports").dropColumn("team_digest_id").execute();
}
