import type { Kysely } from "kysely";

/**
 * An audit trail for people (docs/decisions/191): an event keeps the name its target had when it
 * was recorded (a post's title, a report's reference, an authenticator's name), shown when the
 * target is gone, and what changed in words (a report's new status or severity).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("audit_events").addColumn("target_label", "text").execute();
  await db.schema.alterTable("audit_events").addColumn("detail", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("audit_events").dropColumn("detail").execute();
  await db.schema.alterTable("audit_events").dropColumn("target_label").execute();
}
