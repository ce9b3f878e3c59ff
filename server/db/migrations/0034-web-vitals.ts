import { sql, type Kysely } from "kysely";
import { isPostgres } from "../database.server";

/**
 * Real visitors' page speed as daily histograms (docs/decisions/143): one row per day, page,
 * metric and logarithmic bucket, counting the samples that fell in it. Never a row per sample:
 * a year is bounded by the buckets that occur, not by the traffic. The primary key is what each
 * flush's upsert adds to; on SQLite the table is the key's own tree (WITHOUT ROWID), stored once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("analytics_vitals")
    .addColumn("day", "text", (col) => col.notNull())
    .addColumn("path", "text", (col) => col.notNull())
    .addColumn("metric", "text", (col) => col.notNull())
    .addColumn("bucket", "integer", (col) => col.notNull())
    .addColumn("samples", "integer", (col) => col.notNull())
    .addPrimaryKeyConstraint("analytics_vitals_pk", ["day", "path", "metric", "bucket"])
    .$call((builder) => (isPostgres(db) ? builder : builder.modifyEnd(sql`without rowid`)))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("analytics_vitals").execute();
}
