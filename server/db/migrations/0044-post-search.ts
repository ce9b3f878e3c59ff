import { sql, type Kysely } from "kysely";
import { plainText, searchableText } from "../../../domain/search";
import { isPostgres } from "../database.server";

/**
 * Full-text search over posts (docs/decisions/156-post-search.md). On both databases one plain
 * table, `blog_post_search`, holds each post's searchable text (title, excerpt, category, author
 * and the body as plain text), written by the posts service in the same transaction as the post.
 * The database keeps its own index of it in step:
 *
 * - SQLite: an FTS5 table over it (external content), kept by triggers, with prefix indexes so
 *   that "complian" finds "compliance" from the index.
 * - PostgreSQL: a generated, weighted `tsvector` column with a GIN index.
 *
 * Both tokenise without stemming (unicode61 / 'simple'), so the two find the same posts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`create table blog_post_search (
      post_id text primary key,
      title text not null,
      excerpt text not null,
      category text not null,
      author text not null,
      body text not null,
      document tsvector generated always as (
        setweight(to_tsvector('simple', title), 'A') ||
        setweight(to_tsvector('simple', excerpt), 'B') ||
        setweight(to_tsvector('simple', category || ' ' || author), 'C') ||
        setweight(to_tsvector('simple', left(body, 200000)), 'D')
      ) stored
    )`.execute(db);
    await sql`create index blog_post_search_document on blog_post_search using gin (document)`.execute(db);
  } else {
    await sql`create table blog_post_search (
      id integer primary key,
      post_id text not null unique,
      title text not null,
      excerpt text not null,
      category text not null,
      author text not null,
      body text not null
    )`.execute(db);
    await sql`create virtual table blog_post_search_fts using fts5(
      title, excerpt, category, author, body,
      content = 'blog_post_search', content_rowid = 'id',
      tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3 4'
    )`.execute(db);
    await sql`create trigger blog_post_search_ai after insert on blog_post_search begin
      insert into blog_post_search_fts (rowid, title, excerpt, category, author, body)
      values (new.id, new.title, new.excerpt, new.category, new.author, new.body);
    end`.execute(db);
    await sql`create trigger blog_post_search_ad after delete on blog_post_search begin
      insert into blog_post_search_fts (blog_post_search_fts, rowid, title, excerpt, category, author, body)
      values ('delete', old.id, old.title, old.excerpt, old.category, old.author, old.body);
    end`.execute(db);
    await sql`create trigger blog_post_search_au after update on blog_post_search begin
      insert into blog_post_search_fts (blog_post_search_fts, rowid, title, excerpt, category, author, body)
      values ('delete', old.id, old.title, old.excerpt, old.category, old.author, old.body);
      insert into blog_post_search_fts (rowid, title, excerpt, category, author, body)
      values (new.id, new.title, new.excerpt, new.category, new.author, new.body);
    end`.execute(db);
  }
  await backfill(db as Kysely<BackfillDatabase>);
}

type BackfillDatabase = {
  blog_posts: { id: string; title: string; excerpt: string | null; category: string; author_name: string; content: string };
  blog_post_search: { post_id: string; title: string; excerpt: string; category: string; author: string; body: string };
};

/** The posts already written, indexed in batches by id. */
async function backfill(db: Kysely<BackfillDatabase>): Promise<void> {
  let after = "";
  for (;;) {
    const rows = await db
      .selectFrom("blog_posts")
      .select(["id", "title", "excerpt", "category", "author_name", "content"])
      .where("id", ">", after)
      .orderBy("id")
      .limit(200)
      .execute();
    if (rows.length === 0) return;
    await db
      .insertInto("blog_post_search")
      .values(
        rows.map((row) => ({
          post_id: row.id,
          title: plainText(row.title),
          excerpt: plainText(row.excerpt ?? ""),
          category: plainText(row.category),
          author: plainText(row.author_name),
          body: searchableText(row.content),
        })),
      )
      .execute();
    after = rows[rows.length - 1]!.id;
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) await sql`drop table if exists blog_post_search_fts`.execute(db);
  await db.schema.dropTable("blog_post_search").execute();
}
