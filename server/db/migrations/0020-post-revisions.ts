import type { Kysely } from "kysely";

/**
 * Revisions of a post: every field as JSON (so fields added to posts later are kept without a
 * migration here), plus what the history lists. They go with their post.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("post_revisions")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("post_id", "text", (col) => col.notNull().references("blog_posts.id").onDelete("cascade"))
    .addColumn("kind", "text", (col) => col.notNull())
    .addColumn("published", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("title", "text", (col) => col.notNull())
    .addColumn("data", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
    .execute();

  // The history of one post, newest first.
  await db.schema
    .createIndex("post_revisions_post_created_at")
    .on("post_revisions")
    .columns(["post_id", "created_at"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("post_revisions").execute();
}
