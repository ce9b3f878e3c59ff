import { sql, type Kysely } from "kysely";
import { isPostgres } from "../database.server";

/**
 * Page-speed histograms of whole months (docs/decisions/143): the daily histograms of a month that
 * is over, merged once, so that a report over a year merges a dozen rows per page and metric
 * instead of 365. The daily rows stay: a period that starts or ends inside a month reads them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("analytics_vitals_months")
    .addColumn("month", "text", (col) => col.notNull())
    .addColumn("path", "text", (col) => col.notNull())
    .addColumn("metric", "text", (col) => col.notNull())
    .addColumn("samples", "integer", (col) => col.notNull())
    .addColumn("histogram", "text", (col) => col.notNull())
    .addPrimaryKeyConstraint("analytics_vitals_months_pk", ["month", "path", "metric"])
    .$call((builder) => (isPostgres(db) ? builder : builder.modifyEnd(sql`without rowid`)))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("analytics_vitals_months").execute();
}
