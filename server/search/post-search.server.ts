import { sql, type Kysely, type RawBuilder, type SelectQueryBuilder } from "kysely";
import { BLOG_PAGE_SIZE } from "../../domain/blog";
import { isPrefixWord, plainText, searchableText, snippetOf, type SnippetPart } from "../../domain/search";
import { publicIndexFilter, type PublicIndexFilter } from "../blog/post-visibility.server";
import { isPostgres, type AppDatabase } from "../db/database.server";
import type { Database } from "../db/schema";
import { readIndex } from "./search-worker.server";

/**
 * One search interface over the database the site runs on (docs/decisions/156-post-search.md):
 * SQLite FTS5 or PostgreSQL full-text search over `blog_post_search` (migration 0044). The posts
 * service writes a post's searchable text in the same transaction as the post (`indexPost`), so
 * every write (the editor, the toggles, an import) keeps it in step. The index keeps the post's
 * `published` flag and date too (migration 0047), so a search counts and ranks from the index
 * alone; a publication time still to come is checked at query time (the few posts waiting are
 * left out by id), so scheduled publishing needs no write at all.
 *
 * Queries arrive as words of letters and digits only (domain/search.ts) and are passed as bound
 * values: nothing a reader types is read as FTS syntax.
 */

type Executor = Kysely<Database>;

/** The fields of a post the index reads. */
export type SearchablePost = {
  id: string;
  title: string;
  excerpt: string | null;
  category: string;
  author_name: string;
  content: string;
  published: 0 | 1;
  created_at: string;
};

/** Writes (or rewrites) a post's searchable text. Call inside the post's own transaction. */
export async function indexPost(db: Executor, post: SearchablePost): Promise<void> {
  const row = {
    published: post.published,
    created_at: post.created_at,
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

/** Keeps the index's copy of a post's date in step when only the date changes (an import). */
export async function reindexPostDate(db: Executor, postId: string, createdAt: string): Promise<void> {
  await db.updateTable("blog_post_search").set({ created_at: createdAt }).where("post_id", "=", postId).execute();
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
      .select([
        "blog_posts.id",
        "blog_posts.title",
        "blog_posts.excerpt",
        "blog_posts.category",
        "blog_posts.author_name",
        "blog_posts.content",
        "blog_posts.published",
        "blog_posts.created_at",
      ])
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

/** Index rows (`blog_post_search`) as a query of the database's own text index. */
type IndexRows = SelectQueryBuilder<Database, "blog_post_search", object>;

/**
 * The public index rows matching a text query, and how to order them, on the database the site
 * runs on: FTS5 on SQLite, a tsquery over the generated `document` on PostgreSQL. Counting and
 * ranking read the index alone (migration 0047).
 */
type IndexMatch = {
  rows: () => IndexRows;
  /** Best first: a word in the title weighs most, then the excerpt, the category and author, the body. */
  relevance: RawBuilder<unknown>;
  /** Newest first as the index can stream it: by date on PostgreSQL, by when first indexed on SQLite. */
  recent: RawBuilder<unknown>;
};

/**
 * Every word required, a prefix from the index's shortest prefix on and whole below it
 * (`search`, domain/search.ts `isPrefixWord`), or any word exactly, in title or excerpt
 * (`related`). Words hold letters and digits only (domain/search.ts) and are bound values.
 */
function indexMatch(db: AppDatabase, words: string[], kind: "search" | "related", isPublic: PublicIndexFilter): IndexMatch {
  const prefix = (word: string) => kind === "search" && isPrefixWord(word);
  if (isPostgres(db)) {
    const terms = words
      .map((word) => (prefix(word) ? `'${word}':*` : kind === "search" ? `'${word}'` : `'${word}':AB`))
      .join(kind === "search" ? " & " : " | ");
    const query = sql`to_tsquery('simple', ${terms})`;
    return {
      rows: () => db.selectFrom("blog_post_search").where(sql<boolean>`blog_post_search.document @@ ${query}`).where(isPublic),
      relevance: sql`ts_rank(blog_post_search.document, ${query}) desc`,
      recent: sql`blog_post_search.created_at desc, blog_post_search.post_id desc`,
    };
  }
  const terms = words.map((word) => (prefix(word) ? `"${word}"*` : `"${word}"`));
  const match = kind === "search" ? terms.join(" AND ") : `{title excerpt} : (${terms.join(" OR ")})`;
  return {
    rows: () =>
      db
        .selectFrom("blog_post_search")
        .innerJoin(sql<{ rowid: number }>`blog_post_search_fts`.as("f"), (join) => join.on(sql<boolean>`f.rowid = blog_post_search.id`))
        .where(sql<boolean>`blog_post_search_fts match ${match}`)
        .where((eb) => isPublic(eb as never)) as unknown as IndexRows,
    relevance: sql`bm25(blog_post_search_fts, 10.0, 4.0, 3.0, 3.0, 1.0)`,
    // FTS5 reads its matches in rowid order, so this one stops after the first rows it needs.
    recent: sql`f.rowid desc`,
  };
}

const HIT_COLUMNS = ["blog_posts.slug", "blog_posts.title", "blog_posts.excerpt", "blog_posts.category", "blog_posts.author_name", "blog_posts.created_at", "blog_posts.read_time"] as const;

/**
 * Past this many matches, the words say too little to rank by (docs/decisions/196): the posts
 * come newest first, as the index streams them, instead of bm25 or ts_rank weighing every one.
 */
export const RANKED_MATCHES_AT_MOST = 1_000;

/**
 * One page of published posts matching every word (a prefix, or whole when short), best first, newest first
 * among equals (newest first alone past `rankedAtMost` matches), each with a snippet of where the
 * words are. Undefined when the page is past the last one. The count and the ranking read the
 * index alone; the posts table is read for the page's rows only.
 */
export async function searchPosts(
  db: AppDatabase,
  words: string[],
  page: number,
  { rankedAtMost = RANKED_MATCHES_AT_MOST }: { rankedAtMost?: number } = {},
): Promise<SearchPage | undefined> {
  if (words.length === 0) return page === 1 ? { items: [], page: 1, totalPages: 1, total: 0 } : undefined;
  const match = indexMatch(db, words, "search", await publicIndexFilter(db));
  // The count and the ranking read every match: on SQLite, on the search worker (search-worker.server.ts).
  const [counted] = await readIndex(db, match.rows().select(sql<number | string>`count(*)`.as("count")));
  const total = Number(counted?.count ?? 0);
  const totalPages = Math.max(1, Math.ceil(total / BLOG_PAGE_SIZE));
  if (page > totalPages) return undefined;
  const matches = match.rows().select("blog_post_search.post_id");
  const ordered =
    total <= rankedAtMost
      ? matches.orderBy(match.relevance).orderBy("blog_post_search.created_at", "desc").orderBy("blog_post_search.post_id", "desc")
      : matches.orderBy(match.recent);
  const ranked = await readIndex(db, ordered.limit(BLOG_PAGE_SIZE).offset((page - 1) * BLOG_PAGE_SIZE));
  const ids = ranked.map((row) => row.post_id);
  const rows =
    ids.length === 0
      ? []
      : await db
          .selectFrom("blog_posts")
          .innerJoin("blog_post_search", "blog_post_search.post_id", "blog_posts.id")
          .select([...HIT_COLUMNS, "blog_posts.id", "blog_post_search.title as indexed_title", "blog_post_search.excerpt as indexed_excerpt", "blog_post_search.body"])
          .where("blog_posts.id", "in", ids)
          .execute();
  const byId = new Map(
    rows.map(({ id, indexed_title, indexed_excerpt, body, ...hit }) => {
      const text = [indexed_title, indexed_excerpt, body].filter(Boolean).join(" — ");
      return [id, { ...hit, snippet: snippetOf(text, words) }];
    }),
  );
  const items = ids.flatMap((id) => byId.get(id) ?? []);
  return { items, page, totalPages, total };
}

/** Candidates for related articles read from the index: enough that the best three are among them. */
const RELATED_CANDIDATES = 100;

/** A related-article candidate as the index holds it (its text plain, as `indexPost` wrote it). */
export type IndexedPost = { id: string; title: string; excerpt: string; category: string; created_at: string };

/**
 * The newest published posts other than `exceptId` sharing any of `words` in their title or
 * excerpt, at most 100 (decision 158): the candidates of an article's related posts. The index
 * streams them newest first and stops there, however many posts share a word.
 */
export async function recentPostsSharingWords(db: AppDatabase, words: string[], exceptId: string): Promise<IndexedPost[]> {
  if (words.length === 0) return [];
  const match = indexMatch(db, words, "related", await publicIndexFilter(db));
  return match
    .rows()
    .select([
      "blog_post_search.post_id as id",
      "blog_post_search.title",
      "blog_post_search.excerpt",
      "blog_post_search.category",
      "blog_post_search.created_at",
    ])
    .where("blog_post_search.post_id", "!=", exceptId)
    .orderBy(match.recent)
    .limit(RELATED_CANDIDATES)
    .execute();
}
