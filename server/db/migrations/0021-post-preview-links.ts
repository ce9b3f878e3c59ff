import type { Kysely } from "kysely";

/** Private preview links: only a hash of each token is stored; revoking keeps the row. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("post_preview_links")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("post_id", "text", (col) => col.notNull().references("blog_posts.id").onDelete("cascade"))
    .addColumn("token_hash", "text", (col) => col.notNull().unique())
    .addColumn("purpose", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("expires_at", "text", (col) => col.notNull())
    .addColumn("revoked_at", "text")
    .execute();

  await db.schema.createIndex("post_preview_links_post").on("post_preview_links").column("post_id").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("post_preview_links").execute();
}
