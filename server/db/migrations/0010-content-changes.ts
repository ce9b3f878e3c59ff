import type { Kysely } from "kysely";
import { isPostgres } from "../database.server";

export async function up(db: Kysely<unknown>): Promise<void> {
  // One row per content change (its cache tags), read by every app process to drop cached pages.
  await db.schema
    .createTable("content_changes")
    .addColumn("id", isPostgres(db) ? "serial" : "integer", (col) =>
      isPostgres(db) ? col.primaryKey() : col.primaryKey().autoIncrement(),
    )
    .addColumn("tags", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("content_changes_created_at").on("content_changes").column("created_at").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("content_changes").execute();
}
