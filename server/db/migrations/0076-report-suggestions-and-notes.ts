import type { Kysely } from "kysely";

/**
 * The reporter's suggested CVSS vector and the team's internal notes (docs/decisions/214, 215)
 * are two more kinds of timeline event: "suggestion" (`body`: the vector, `cvss_score`: its
 * score when suggested) and "note" (`body`: the note, seen by the team only).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("report_events").addColumn("cvss_score", "double precision").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("report_events").dropColumn("cvss_score").execute();
}
