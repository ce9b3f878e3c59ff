import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("blog_posts")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("slug", "text", (col) => col.notNull().unique())
    .addColumn("title", "text", (col) => col.notNull())
    .addColumn("excerpt", "text")
    .addColumn("content", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("category", "text", (col) => col.notNull())
    .addColumn("author_name", "text", (col) => col.notNull())
    .addColumn("author_avatar_url", "text")
    .addColumn("author_bio", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("author_linkedin_url", "text")
    .addColumn("featured_image_url", "text")
    .addColumn("read_time", "text", (col) => col.notNull())
    .addColumn("published", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("featured", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
    .execute();

  // The public list: published posts, newest first.
  await db.schema
    .createIndex("blog_posts_published_created_at")
    .on("blog_posts")
    .columns(["published", "created_at"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("blog_posts").execute();
}
