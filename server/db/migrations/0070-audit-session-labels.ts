import type { Kysely } from "kysely";

/**
 * The audit trail keeps names after their targets go (issue "Hardening, fourth round"): an event
 * stores the browser and place of the session that acted, as it was, beside the target's name.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("audit_events").addColumn("session_label", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("audit_events").dropColumn("session_label").execute();
}
