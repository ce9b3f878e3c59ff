import type { Kysely } from "kysely";

/**
 * Old slugs of published posts, each pointing at the post (not at a slug), so a chain of renames
 * always leads straight to the current address (docs/decisions/127-slug-redirects.md). No foreign
 * key: SQLite rebuilds blog_posts to reorder its columns, and a cascade would then empty this
 * table; the posts service deletes a post's redirects with it, and lookups join the post.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("blog_slug_redirects")
    .addColumn("old_slug", "text", (col) => col.primaryKey())
    .addColumn("post_id", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("blog_slug_redirects_post_id").on("blog_slug_redirects").column("post_id").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("blog_slug_redirects").execute();
}
