import { sql, type Kysely } from "kysely";
import { isPostgres } from "../database.server";

/**
 * Real visitors' page speed as daily histograms (docs/decisions/143): one row per day, page and
 * metric, holding its samples in logarithmic buckets (server/analytics/vitals-histogram.ts) and
 * their number. Never a row per sample, nor per bucket: a year is bounded by the pages, not by the
 * traffic or the spread of the values. On SQLite the table is its key's own tree (WITHOUT ROWID).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("analytics_vitals")
    .addColumn("day", "text", (col) => col.notNull())
    .addColumn("path", "text", (col) => col.notNull())
    .addColumn("metric", "text", (col) => col.notNull())
    .addColumn("samples", "integer", (col) => col.notNull())
    .addColumn("histogram", "text", (col) => col.notNull())
    .addPrimaryKeyConstraint("analytics_vitals_pk", ["day", "path", "metric"])
    .$call((builder) => (isPostgres(db) ? builder : builder.modifyEnd(sql`without rowid`)))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("analytics_vitals").execute();
}
