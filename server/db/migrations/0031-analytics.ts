import type { Kysely } from "kysely";

/**
 * The site's own analytics (docs/decisions/141).
 *
 * Kept for good, per day: `analytics_pages` (views and visitors of each path) and
 * `analytics_sources` (visitors by each dimension of where they came from: landing page, referrer
 * host, campaign, device; one row per value, so a year stays small). Nothing in them names a
 * person.
 *
 * Kept only while their day lasts (housekeeping deletes them once it is over): the day's random
 * `analytics_salts`, and the keyed hashes that make a visitor count once per day
 * (`analytics_visitors`) and once per page (`analytics_page_visitors`). Once the salt is gone a
 * hash can be linked neither to the next day's nor to an address.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("analytics_salts")
    .addColumn("day", "text", (col) => col.primaryKey())
    .addColumn("salt", "text", (col) => col.notNull())
    .execute();
  await db.schema
    .createTable("analytics_visitors")
    .addColumn("day", "text", (col) => col.notNull())
    .addColumn("visitor", "text", (col) => col.notNull())
    .addPrimaryKeyConstraint("analytics_visitors_pk", ["day", "visitor"])
    .execute();
  await db.schema
    .createTable("analytics_page_visitors")
    .addColumn("day", "text", (col) => col.notNull())
    .addColumn("visitor", "text", (col) => col.notNull())
    .addColumn("path", "text", (col) => col.notNull())
    .addPrimaryKeyConstraint("analytics_page_visitors_pk", ["day", "visitor", "path"])
    .execute();
  await db.schema
    .createTable("analytics_pages")
    .addColumn("day", "text", (col) => col.notNull())
    .addColumn("path", "text", (col) => col.notNull())
    .addColumn("views", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("visitors", "integer", (col) => col.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("analytics_pages_pk", ["day", "path"])
    .execute();
  await db.schema
    .createTable("analytics_sources")
    .addColumn("day", "text", (col) => col.notNull())
    .addColumn("dimension", "text", (col) => col.notNull())
    .addColumn("value", "text", (col) => col.notNull())
    .addColumn("visitors", "integer", (col) => col.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("analytics_sources_pk", ["day", "dimension", "value"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["analytics_sources", "analytics_pages", "analytics_page_visitors", "analytics_visitors", "analytics_salts"]) {
    await db.schema.dropTable(table).execute();
  }
}
