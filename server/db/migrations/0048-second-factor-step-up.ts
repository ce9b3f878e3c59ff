import { type Kysely } from "kysely";

/**
 * The second factor's step-up and a trail that cannot be flooded (docs/decisions/170, 171):
 * - `admin_factors.enrolled_session`: the public id of the session that added a factor, so that
 *   session alone may take back a factor it never verified without a code;
 * - `audit_events.count`: how many refusals one lockout event stands for (one row per client key
 *   and window instead of one per refused request).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("admin_factors").addColumn("enrolled_session", "text").execute();
  await db.schema.alterTable("audit_events").addColumn("count", "integer", (col) => col.notNull().defaultTo(1)).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("audit_events").dropColumn("count").execute();
  await db.schema.alterTable("admin_factors").dropColumn("enrolled_session").execute();
}
