import type { Kysely } from "kysely";

const ACTOR_COLUMNS = ["actor_id", "actor_name", "actor_role"] as const;

/**
 * Reports assigned to a person of the team (docs/decisions/211): the timeline of a report names
 * who of the team did each step (their id, and their name and role as they were then), and keeps
 * two kinds of event beside status changes and messages: "assignment" (`body`: the assignee's
 * name, null when unassigned) and "assessment" (`body`: what was set, in words). The inbox's
 * "Assigned to me" reads reports by assignee.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of ACTOR_COLUMNS) await db.schema.alterTable("report_events").addColumn(column, "text").execute();
  await db.schema.createIndex("security_reports_assignee").on("security_reports").columns(["assignee_id", "created_at"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("security_reports_assignee").execute();
  for (const column of ACTOR_COLUMNS) await db.schema.alterTable("report_events").dropColumn(column).execute();
}
