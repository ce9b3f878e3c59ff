import type { Kysely } from "kysely";

/**
 * Roll-ups that cross where a visit came from with what it viewed (docs/decisions/185), so that
 * the dashboard can be filtered to one page, referrer host or campaign and every figure still
 * comes from an index:
 * - `analytics_crossed`: views and visitors of a path on a day by one dimension of the visit's
 *   source (referrer, campaign or device), a few thousand rows a day at most;
 * - `analytics_visits`: visitors of a day by their source's referrer, campaign and device together;
 * - `analytics_visitors` keeps the source of the day's visit beside the visitor's hash, so that a
 *   later batch credits the same visitor's views to the same source. Those columns are deleted with
 *   the hashes when the day is over (decision 175).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("analytics_crossed")
    .addColumn("day", "text", (col) => col.notNull())
    .addColumn("dimension", "text", (col) => col.notNull())
    .addColumn("value", "text", (col) => col.notNull())
    .addColumn("path", "text", (col) => col.notNull())
    .addColumn("views", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("visitors", "integer", (col) => col.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("analytics_crossed_pk", ["day", "dimension", "value", "path"])
    .execute();
  await db.schema.createIndex("analytics_crossed_by_value").on("analytics_crossed").columns(["dimension", "value", "day"]).execute();
  await db.schema.createIndex("analytics_crossed_by_path").on("analytics_crossed").columns(["path", "day"]).execute();
  await db.schema
    .createTable("analytics_visits")
    .addColumn("day", "text", (col) => col.notNull())
    .addColumn("referrer_host", "text", (col) => col.notNull())
    .addColumn("campaign", "text", (col) => col.notNull())
    .addColumn("device", "text", (col) => col.notNull())
    .addColumn("visitors", "integer", (col) => col.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("analytics_visits_pk", ["day", "referrer_host", "campaign", "device"])
    .execute();
  await db.schema.createIndex("analytics_visits_by_referrer").on("analytics_visits").columns(["referrer_host", "day"]).execute();
  await db.schema.createIndex("analytics_visits_by_campaign").on("analytics_visits").columns(["campaign", "day"]).execute();
  for (const column of ["referrer_host", "campaign", "device"]) {
    await db.schema.alterTable("analytics_visitors").addColumn(column, "text", (col) => col.notNull().defaultTo("")).execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ["referrer_host", "campaign", "device"]) {
    await db.schema.alterTable("analytics_visitors").dropColumn(column).execute();
  }
  await db.schema.dropTable("analytics_visits").execute();
  await db.schema.dropTable("analytics_crossed").execute();
}
