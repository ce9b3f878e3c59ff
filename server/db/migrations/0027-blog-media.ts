import type { Kysely } from "kysely";
import { isPostgres } from "../database.server";

/**
 * Uploaded images, bytes included, like report attachments: app processes stay stateless and
 * copy-db and backups move them with everything else (docs/decisions/126-uploaded-images.md).
 * The key is the content's SHA-256, so one image uploaded twice is stored once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("blog_media")
    .addColumn("sha256", "text", (col) => col.primaryKey())
    .addColumn("extension", "text", (col) => col.notNull())
    .addColumn("content_type", "text", (col) => col.notNull())
    .addColumn("size", "integer", (col) => col.notNull())
    .addColumn("data", isPostgres(db) ? "bytea" : "blob", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("blog_media").execute();
}
