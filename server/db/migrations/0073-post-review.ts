import type { Kysely } from "kysely";

/**
 * Posts name the people who write them and the review of contributors' drafts (issue "The team
 * signs in as themselves", docs/decisions/210): who created a post and who changed it last (null
 * on rows older than people), who kept each revision, and the review requests of drafts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of ["created_by", "updated_by"]) await db.schema.alterTable("blog_posts").addColumn(column, "text").execute();
  await db.schema.alterTable("post_revisions").addColumn("saved_by", "text").execute();
  await db.schema
    .createTable("post_review_requests")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("post_id", "text", (column) => column.notNull().references("blog_posts.id").onDelete("cascade"))
    .addColumn("requested_by", "text", (column) => column.notNull())
    .addColumn("requested_at", "text", (column) => column.notNull())
    .addColumn("status", "text", (column) => column.notNull())
    .addColumn("note", "text")
    .addColumn("decided_by", "text")
    .addColumn("decided_at", "text")
    .execute();
  await db.schema.createIndex("post_review_requests_post").on("post_review_requests").columns(["post_id", "requested_at"]).execute();
  await db.schema.createIndex("post_review_requests_status").on("post_review_requests").columns(["status", "requested_at"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("post_review_requests").execute();
  await db.schema.alterTable("post_revisions").dropColumn("saved_by").execute();
  for (const column of ["created_by", "updated_by"]) await db.schema.alterTable("blog_posts").dropColumn(column).execute();
}
