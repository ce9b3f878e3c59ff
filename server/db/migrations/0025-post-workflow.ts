import type { Kysely } from "kysely";

/**
 * Scheduled publishing and SEO fields (docs/decisions/125-scheduled-publishing.md), in a table of
 * their own beside `blog_posts`: the posts table keeps its columns (and, on SQLite, its body as
 * the last column, see 0005), and a post without a row here has no schedule and empty fields.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("blog_post_editorial")
    .addColumn("post_id", "text", (col) => col.primaryKey())
    // ISO-8601 UTC; on a published post, 'public from then on'.
    .addColumn("publish_at", "text")
    .addColumn("meta_title", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("meta_description", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("social_image_url", "text")
    .execute();
  // The few posts still waiting for their time: read by every public query.
  await db.schema
    .createIndex("blog_post_editorial_publish_at")
    .on("blog_post_editorial")
    .columns(["publish_at", "post_id"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("blog_post_editorial").execute();
}
