import { sql, type Kysely } from "kysely";
import { isPostgres } from "../database.server";

/**
 * Keeps the public blog as fast with 10,000 posts as with 10
 * (docs/decisions/021-blog-list-pages.md):
 *
 * - Two indexes that end in `id`, the tie-breaker of every public ordering, so a page of ids is
 *   read from the index alone, without touching the rows.
 * - On SQLite, `content` moves to the end of the row. SQLite stores a row as one record and a
 *   long body spills into a chain of overflow pages; every column stored after it can only be
 *   reached by walking that chain, which made reading a list card's date or category cost as
 *   much as reading the whole 30 KB article. PostgreSQL keeps long texts out of line (TOAST), so
 *   column order does not matter there.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await db.schema.dropIndex("blog_posts_published_created_at").execute();
  } else {
    await moveContentLast(db);
  }
  // Published posts, newest first: the list, the API, the feed and the sitemap. It leads with
  // the columns of the old (published, created_at) index, which it replaces.
  await db.schema
    .createIndex("blog_posts_public_order")
    .on("blog_posts")
    .columns(["published", "created_at", "id"])
    .execute();
  // The newest featured posts: the 'Featured Articles' section.
  await db.schema
    .createIndex("blog_posts_public_featured")
    .on("blog_posts")
    .columns(["published", "featured", "created_at", "id"])
    .execute();
}

const COLUMNS_IN_NEW_ORDER = [
  "id",
  "slug",
  "title",
  "excerpt",
  "category",
  "author_name",
  "author_avatar_url",
  "author_bio",
  "author_linkedin_url",
  "featured_image_url",
  "read_time",
  "published",
  "featured",
  "created_at",
  "updated_at",
  "content",
];

/** SQLite's way to reorder columns: a new table, the rows copied, the old table replaced. */
async function moveContentLast(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("blog_posts_next")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("slug", "text", (col) => col.notNull().unique())
    .addColumn("title", "text", (col) => col.notNull())
    .addColumn("excerpt", "text")
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
    .addColumn("content", "text", (col) => col.notNull().defaultTo(""))
    .execute();
  const columns = sql.join(COLUMNS_IN_NEW_ORDER.map((column) => sql.ref(column)));
  await sql`insert into blog_posts_next (${columns}) select ${columns} from blog_posts`.execute(db);
  // Dropping the table drops its (published, created_at) index too.
  await db.schema.dropTable("blog_posts").execute();
  await db.schema.alterTable("blog_posts_next").renameTo("blog_posts").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("blog_posts_public_featured").execute();
  await db.schema.dropIndex("blog_posts_public_order").execute();
  await db.schema
    .createIndex("blog_posts_published_created_at")
    .on("blog_posts")
    .columns(["published", "created_at"])
    .execute();
}
