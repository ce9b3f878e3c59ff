import type { Kysely } from "kysely";

/**
 * Pages the marketing team edits (docs/decisions/197). A page keeps its live version (what the
 * public site reads: path, title, SEO fields and blocks, as JSON) apart from its unpublished
 * draft, so saving a live page never takes it offline. Old addresses of a published page answer
 * 301; preview links to a page are stored like a post's, as the SHA-256 of their token.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("site_pages")
    .addColumn("id", "text", (column) => column.primaryKey())
    // The live address; a draft may hold another until it is published.
    .addColumn("path", "text", (column) => column.notNull().unique())
    .addColumn("title", "text", (column) => column.notNull())
    // 'draft' (never shown), 'scheduled' (shown from publish_at) or 'published'.
    .addColumn("status", "text", (column) => column.notNull())
    .addColumn("system", "integer", (column) => column.notNull().defaultTo(0))
    .addColumn("seo", "text", (column) => column.notNull())
    .addColumn("blocks", "text", (column) => column.notNull())
    // The unpublished version ({ path, title, seo, blocks } as JSON), or null when none.
    .addColumn("draft", "text")
    .addColumn("publish_at", "text")
    .addColumn("published_at", "text")
    .addColumn("created_at", "text", (column) => column.notNull())
    .addColumn("updated_at", "text", (column) => column.notNull())
    .execute();
  await db.schema
    .createTable("site_page_redirects")
    .addColumn("old_path", "text", (column) => column.primaryKey())
    .addColumn("page_id", "text", (column) => column.notNull())
    .addColumn("created_at", "text", (column) => column.notNull())
    .execute();
  await db.schema.createIndex("site_page_redirects_page").on("site_page_redirects").column("page_id").execute();
  await db.schema
    .createTable("page_preview_links")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("page_id", "text", (column) => column.notNull())
    .addColumn("token_hash", "text", (column) => column.notNull().unique())
    .addColumn("purpose", "text", (column) => column.notNull())
    .addColumn("created_at", "text", (column) => column.notNull())
    .addColumn("expires_at", "text", (column) => column.notNull())
    .addColumn("revoked_at", "text")
    .execute();
  await db.schema.createIndex("page_preview_links_page").on("page_preview_links").column("page_id").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("page_preview_links").execute();
  await db.schema.dropTable("site_page_redirects").execute();
  await db.schema.dropTable("site_pages").execute();
}
