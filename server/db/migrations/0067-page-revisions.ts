import type { Kysely } from "kysely";

/**
 * Revisions of pages (docs/decisions/200), kept like a post's (migration 0020): the version as
 * JSON (`{ path, title, seo, blocks }`), what the history lists, and the admin session that kept
 * it. They are deleted with their page by the pages service, as its old addresses and preview
 * links are.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("page_revisions")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("page_id", "text", (column) => column.notNull())
    .addColumn("kind", "text", (column) => column.notNull())
    .addColumn("published", "integer", (column) => column.notNull().defaultTo(0))
    .addColumn("title", "text", (column) => column.notNull())
    .addColumn("data", "text", (column) => column.notNull())
    .addColumn("saved_by", "text")
    .addColumn("created_at", "text", (column) => column.notNull())
    .addColumn("updated_at", "text", (column) => column.notNull())
    .execute();
  // The history of one page, newest first.
  await db.schema.createIndex("page_revisions_page_created_at").on("page_revisions").columns(["page_id", "created_at"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("page_revisions").execute();
}
