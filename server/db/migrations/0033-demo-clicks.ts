import type { Kysely } from "kysely";

/**
 * "Request demo" clicks as a daily roll-up per source (docs/decisions/142): one row per day and
 * source, its count raised by an upsert. Nothing about the visitor is kept. The unique index
 * starts with the day, so it also serves the report's period.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("analytics_demo_clicks")
    // UTC, "YYYY-MM-DD".
    .addColumn("day", "text", (col) => col.notNull())
    .addColumn("landing_path", "text", (col) => col.notNull())
    .addColumn("referrer_host", "text", (col) => col.notNull())
    .addColumn("utm_source", "text", (col) => col.notNull())
    .addColumn("utm_medium", "text", (col) => col.notNull())
    .addColumn("utm_campaign", "text", (col) => col.notNull())
    .addColumn("clicks", "integer", (col) => col.notNull().defaultTo(0))
    .addUniqueConstraint("analytics_demo_clicks_source", [
      "day",
      "landing_path",
      "referrer_host",
      "utm_source",
      "utm_medium",
      "utm_campaign",
    ])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("analytics_demo_clicks").execute();
}
