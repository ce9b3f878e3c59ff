import { sql, type Kysely } from "kysely";
import { BLOG_PAGE_SIZE } from "../../domain/blog";
import { HIGHLIGHT_END, HIGHLIGHT_START, plainText, searchableText, snippetParts, type SnippetPart } from "../../domain/search";
import { publicFilter } from "../blog/post-visibility.server";
import { isPostgres, type AppDatabase } from "../db/database.server";
import type { Database } from "../db/schema";

/**
 * One search interface over the database the site runs on (docs/decisions/156-post-search.md):
 * SQLite FTS5 or PostgreSQL full-text search over `blog_post_search` (migration 0044). The posts
 * service writes a post's searchable text in the same transaction as the post (`indexPost`), so
 * every write (the editor, the toggles, an import) keeps it in step; whether a post is public
 * (published, its publication time passed) is read from the post at query time, so scheduled
 * publishing needs no write at all.
 *
 * Queries arrive as words of letters and digits only (domain/search.ts) and are passed as bound
 * values: nothing a reader types is read as FTS syntax.
 */

type Executor = Kysely<Database>;

/** The fields of a post the index reads. */
export type SearchablePost = { id: string; title: string; excerpt: string | null; category: string; author_name: string; content: string };

/** Writes (or rewrites) a post's searchable text. Call inside the post's own transaction. */
export async function indexPost(db: Executor, post: SearchablePost): Promise<void> {
  const row = {
    title: plainText(post.title),
    excerpt: plainText(post.excerpt ?? ""),
    category: plainText(post.category),
    author: plainText(post.author_name),
    body: searchableText(post.content),
  };
  await db
    .insertInto("blog_post_search")
    .values({ post_id: post.id, ...row })
    .onConflict((conflict) => conflict.column("post_id").doUpdateSet(row))
    .execute();
}

/** Removes a deleted post from the index. */
export async function unindexPost(db: Executor, postId: string): Promise<void> {
  await db.deleteFrom("blog_post_search").where("post_id", "=", postId).execute();
}

/** Indexes every post that has no searchable text yet (a copied database), in batches. */
export async function indexMissingPosts(db: Executor): Promise<number> {
  let indexed = 0;
  for (;;) {
    const rows = await db
      .selectFrom("blog_posts")
      .leftJoin("blog_post_search", "blog_post_search.post_id", "blog_posts.id")
      .select(["blog_posts.id", "blog_posts.title", "blog_posts.excerpt", "blog_posts.category", "blog_posts.author_name", "blog_posts.content"])
      .where("blog_post_search.post_id", "is", null)
      .limit(200)
      .execute();
    if (rows.length === 0) return indexed;
    for (const row of rows) await indexPost(db, row);
    indexed += rows.length;
  }
}

export type SearchHit = {
  slug: string;
  title: string;
  excerpt: string | null;
  category: string;
  author_name: string;
  created_at: string;
  read_time: string;
  snippet: SnippetPart[];
};

export type SearchPage = { items: SearchHit[]; page: number; totalPages: number; total: number };

/**
 * One page of published posts matching every word (each as a prefix), best first: a word in the
 * title weighs most, then the excerpt, the category and author, the body; newest first among
 * equals. Undefined when the page is past the last one.
 */
export async function searchPosts(db: AppDatabase, words: string[], page: number): Promise<SearchPage | undefined> {
  if (words.length === 0) return page === 1 ? { items: [], page: 1, totalPages: 1, total: 0 } : undefined;
  return isPostgres(db) ? searchPostgres(db, words, page) : searchSqlite(db, words, page);
}

const HIT_COLUMNS = ["blog_posts.slug", "blog_posts.title", "blog_posts.excerpt", "blog_posts.category", "blog_posts.author_name", "blog_posts.created_at", "blog_posts.read_time"] as const;

/** FTS5: every word a quoted prefix, all required. Words hold letters and digits only. */
function ftsMatch(words: string[], join: "AND" | "OR", prefix: boolean): string {
  return words.map((word) => `"${word}"${prefix ? "*" : ""}`).join(` ${join} `);
}

async function searchSqlite(db: AppDatabase, words: string[], page: number): Promise<SearchPage | undefined> {
  const isPublic = await publicFilter(db);
  const match = ftsMatch(words, "AND", true);
  const matching = () =>
    db
      .selectFrom("blog_posts")
      .innerJoin("blog_post_search as s", "s.post_id", "blog_posts.id")
      .innerJoin(sql<{ rowid: number }>`blog_post_search_fts`.as("f"), (join) => join.on(sql<boolean>`f.rowid = s.id`))
      .where(sql<boolean>`blog_post_search_fts match ${match}`)
      .where((eb) => isPublic(eb as never));
  const { count } = await matching().select(sql<number>`count(*)`.as("count")).executeTakeFirstOrThrow();
  const total = Number(count);
  const totalPages = Math.max(1, Math.ceil(total / BLOG_PAGE_SIZE));
  if (page > totalPages) return undefined;
  const rows = await matching()
    .select(HIT_COLUMNS)
    .select(sql<string>`snippet(blog_post_search_fts, -1, ${HIGHLIGHT_START}, ${HIGHLIGHT_END}, '…', 24)`.as("snippet"))
    .orderBy(sql`bm25(blog_post_search_fts, 10.0, 4.0, 3.0, 3.0, 1.0)`)
    .orderBy("blog_posts.created_at", "desc")
    .orderBy("blog_posts.id", "desc")
    .limit(BLOG_PAGE_SIZE)
    .offset((page - 1) * BLOG_PAGE_SIZE)
    .execute();
  return { items: rows.map((row) => ({ ...row, snippet: snippetParts(row.snippet) })), page, totalPages, total };
}

/** PostgreSQL: every word a prefix (`word:*`), all required. Words hold letters and digits only. */
function tsQuery(words: string[], join: "&" | "|", suffix: string): string {
  return words.map((word) => `'${word}'${suffix}`).join(` ${join} `);
}

const HEADLINE_OPTIONS = `StartSel=${HIGHLIGHT_START}, StopSel=${HIGHLIGHT_END}, MaxWords=35, MinWords=15, ShortWord=2, MaxFragments=1, FragmentDelimiter=" … "`;

async function searchPostgres(db: AppDatabase, words: string[], page: number): Promise<SearchPage | undefined> {
  const isPublic = await publicFilter(db);
  const query = tsQuery(words, "&", ":*");
  const matching = () =>
    db
      .selectFrom("blog_posts")
      .innerJoin("blog_post_search as s", "s.post_id", "blog_posts.id")
      .where(sql<boolean>`s.document @@ to_tsquery('simple', ${query})`)
      .where((eb) => isPublic(eb as never));
  const { count } = await matching().select(sql<string>`count(*)`.as("count")).executeTakeFirstOrThrow();
  const total = Number(count);
  const totalPages = Math.max(1, Math.ceil(total / BLOG_PAGE_SIZE));
  if (page > totalPages) return undefined;
  const rows = await matching()
    .select([...HIT_COLUMNS, "blog_posts.id"])
    .orderBy(sql`ts_rank(s.document, to_tsquery('simple', ${query}))`, "desc")
    .orderBy("blog_posts.created_at", "desc")
    .orderBy("blog_posts.id", "desc")
    .limit(BLOG_PAGE_SIZE)
    .offset((page - 1) * BLOG_PAGE_SIZE)
    .execute();
  // Headlines for this page's few rows only: ts_headline reads the whole text.
  const headlines = new Map<string, string>();
  if (rows.length > 0) {
    const found = await db
      .selectFrom("blog_post_search")
      .select([
        "post_id",
        sql<string>`ts_headline('simple', title || ' — ' || excerpt || ' — ' || body, to_tsquery('simple', ${query}), ${HEADLINE_OPTIONS})`.as("snippet"),
      ])
      .where("post_id", "in", rows.map((row) => row.id))
      .execute();
    for (const row of found) headlines.set(row.post_id, row.snippet);
  }
  return {
    items: rows.map(({ id, ...row }) => ({ ...row, snippet: snippetParts(headlines.get(id) ?? "") })),
    page,
    totalPages,
    total,
  };
}

/**
 * Published posts other than `exceptId` sharing any of `words` in their title or excerpt, best
 * match first, at most `limit`: the candidates of an article's related posts.
 */
export async function postsSharingWords(
  db: AppDatabase,
  words: string[],
  exceptId: string,
  limit: number,
): Promise<{ id: string; title: string; excerpt: string | null; category: string; created_at: string }[]> {
  if (words.length === 0) return [];
  const isPublic = await publicFilter(db);
  const base = db
    .selectFrom("blog_posts")
    .innerJoin("blog_post_search as s", "s.post_id", "blog_posts.id")
    .select(["blog_posts.id", "blog_posts.title", "blog_posts.excerpt", "blog_posts.category", "blog_posts.created_at"])
    .where("blog_posts.id", "!=", exceptId)
    .where((eb) => isPublic(eb as never))
    .limit(limit);
  if (isPostgres(db)) {
    const query = tsQuery(words, "|", ":AB");
    return base
      .where(sql<boolean>`s.document @@ to_tsquery('simple', ${query})`)
      .orderBy(sql`ts_rank(s.document, to_tsquery('simple', ${query}))`, "desc")
      .execute();
  }
  const match = `{title excerpt} : (${ftsMatch(words, "OR", false)})`;
  return base
    .innerJoin(sql<{ rowid: number }>`blog_post_search_fts`.as("f"), (join) => join.on(sql<boolean>`f.rowid = s.id`))
    .where(sql<boolean>`blog_post_search_fts match ${match}`)
    .orderBy(sql`bm25(blog_post_search_fts)`)
    .execute();
}
