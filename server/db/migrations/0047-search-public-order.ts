import { sql, type Kysely } from "kysely";
import { isPostgres } from "../database.server";

/**
 * The search index learns what it needs to rank and count on its own (decision 156, "Next step"):
 * whether the post is published and when it was written. A search, its count and the candidates
 * of related articles then read the index alone and join the posts table for one page of rows,
 * instead of checking every match against it.
 *
 * On SQLite the table is rebuilt with the two columns before the text, so reading them never
 * walks a long body's overflow pages; the FTS table is rebuilt from it, and its update trigger
 * fires only when the indexed text is written. On PostgreSQL the columns are added (the body
 * lives out of line there), with an index to read the public posts newest first.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`alter table blog_post_search
      add column published smallint not null default 0,
      add column created_at text not null default ''`.execute(db);
    await sql`update blog_post_search s set published = p.published, created_at = p.created_at
      from blog_posts p where p.id = s.post_id`.execute(db);
    // Related articles' candidates, newest first: read from this index until a hundred match,
    // rather than every match sorted (SQLite's FTS5 streams them by rowid instead).
    await sql`create index blog_post_search_public_recent on blog_post_search (published, created_at)`.execute(db);
    return;
  }
  await sql`create table blog_post_search_next (
    id integer primary key,
    post_id text not null unique,
    published integer not null,
    created_at text not null,
    title text not null,
    excerpt text not null,
    category text not null,
    author text not null,
    body text not null
  )`.execute(db);
  await sql`insert into blog_post_search_next (id, post_id, published, created_at, title, excerpt, category, author, body)
    select s.id, s.post_id, p.published, p.created_at, s.title, s.excerpt, s.category, s.author, s.body
    from blog_post_search s join blog_posts p on p.id = s.post_id`.execute(db);
  await sql`drop table blog_post_search`.execute(db);
  await sql`alter table blog_post_search_next rename to blog_post_search`.execute(db);
  await createTriggers(db, "update of title, excerpt, category, author, body");
  await sql`insert into blog_post_search_fts (blog_post_search_fts) values ('rebuild')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop index blog_post_search_public_recent`.execute(db);
    await sql`alter table blog_post_search drop column published, drop column created_at`.execute(db);
    return;
  }
  await sql`drop trigger blog_post_search_ai`.execute(db);
  await sql`drop trigger blog_post_search_ad`.execute(db);
  await sql`drop trigger blog_post_search_au`.execute(db);
  await sql`alter table blog_post_search drop column published`.execute(db);
  await sql`alter table blog_post_search drop column created_at`.execute(db);
  await createTriggers(db, "update");
}

/** Migration 0044's triggers, which keep the FTS table in step with its content table. */
async function createTriggers(db: Kysely<unknown>, onUpdate: "update" | "update of title, excerpt, category, author, body"): Promise<void> {
  await sql`create trigger blog_post_search_ai after insert on blog_post_search begin
    insert into blog_post_search_fts (rowid, title, excerpt, category, author, body)
    values (new.id, new.title, new.excerpt, new.category, new.author, new.body);
  end`.execute(db);
  await sql`create trigger blog_post_search_ad after delete on blog_post_search begin
    insert into blog_post_search_fts (blog_post_search_fts, rowid, title, excerpt, category, author, body)
    values ('delete', old.id, old.title, old.excerpt, old.category, old.author, old.body);
  end`.execute(db);
  await sql`create trigger blog_post_search_au after ${sql.raw(onUpdate)} on blog_post_search begin
    insert into blog_post_search_fts (blog_post_search_fts, rowid, title, excerpt, category, author, body)
    values ('delete', old.id, old.title, old.excerpt, old.category, old.author, old.body);
    insert into blog_post_search_fts (rowid, title, excerpt, category, author, body)
    values (new.id, new.title, new.excerpt, new.category, new.author, new.body);
  end`.execute(db);
}
