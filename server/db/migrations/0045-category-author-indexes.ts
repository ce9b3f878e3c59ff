import type { Kysely } from "kysely";

/**
 * Category and author pages (docs/decisions/157-category-and-author-pages.md): like the list's
 * indexes of 0005, each ends in the public order (`created_at`, `id`), so a page of a category's
 * or an author's posts is read from the index alone, and the distinct names are one index scan.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex("blog_posts_category_order")
    .on("blog_posts")
    .columns(["category", "published", "created_at", "id"])
    .execute();
  await db.schema
    .createIndex("blog_posts_author_order")
    .on("blog_posts")
    .columns(["author_name", "published", "created_at", "id"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("blog_posts_category_order").execute();
  await db.schema.dropIndex("blog_posts_author_order").execute();
}
