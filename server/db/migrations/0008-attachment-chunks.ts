import type { Kysely } from "kysely";
import { isPostgres } from "../database.server";

export async function up(db: Kysely<unknown>): Promise<void> {
  // An attachment's bytes after its first chunk (report_attachments.data), so a large file is
  // written and read a piece at a time instead of as one value (docs/decisions/065).
  await db.schema
    .createTable("report_attachment_chunks")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("attachment_id", "text", (col) =>
      col.notNull().references("report_attachments.id").onDelete("cascade"),
    )
    .addColumn("position", "integer", (col) => col.notNull())
    .addColumn("data", isPostgres(db) ? "bytea" : "blob", (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("report_attachment_chunks_attachment")
    .on("report_attachment_chunks")
    .columns(["attachment_id", "position"])
    .unique()
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("report_attachment_chunks").execute();
}
