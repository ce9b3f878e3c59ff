import { sql } from "kysely";
import { authorSlug, categorySlug, RELATED_POSTS_LIMIT } from "../../domain/blog-taxonomy";
import { BLOG_PAGE_SIZE } from "../../domain/blog";
import type { PublicPostSummary } from "../../domain/blog-post";
import { plainText, relatedWords } from "../../domain/search";
import { contentMemo } from "./content-memo.server";
import type { AppDatabase } from "../db/database.server";
import { recentPostsSharingWords } from "../search/post-search.server";
import { publicFilter, type PublicFilter } from "./post-visibility.server";
import { inOrder, pageCountFor, postImages, publicImageSources, summariesByIds } from "./public-posts.server";

/**
 * Category and author pages and related articles (docs/decisions/157, 158). A category's or
 * author's page is named by the slug of its name (domain/blog-taxonomy.ts); the names behind a
 * slug are read from the few distinct names of published posts, then the posts of those names a
 * page at a time from the indexes of migration 0045, newest first like /blog.
 */

type Column = "category" | "author_name";

export type TaxonomyPage = {
  /** The name as the newest post spells it. */
  name: string;
  slug: string;
  page: number;
  pageCount: number;
  total: number;
  posts: PublicPostSummary[];
};

export type AuthorProfile = { avatar_url: string | null; avatar_srcset: string | null; bio: string };

async function namesWithSlug(db: AppDatabase, column: Column, isPublic: PublicFilter, slug: string): Promise<string[]> {
  const toSlug = column === "category" ? categorySlug : authorSlug;
  const rows = await db.selectFrom("blog_posts").select(column).distinct().where(isPublic).execute();
  return rows.map((row) => row[column] as string).filter((name) => toSlug(name) === slug);
}

async function taxonomyPage(db: AppDatabase, column: Column, slug: string, page: number): Promise<{ page: TaxonomyPage; ids: string[] } | undefined> {
  const isPublic = await publicFilter(db);
  const names = await namesWithSlug(db, column, isPublic, slug);
  if (names.length === 0) return undefined;
  const ofNames = () => db.selectFrom("blog_posts").where(column, "in", names).where(isPublic);
  const { count } = await ofNames().select(sql<number | string>`count(*)`.as("count")).executeTakeFirstOrThrow();
  const total = Number(count);
  const pageCount = pageCountFor(total);
  if (page > pageCount) return undefined;
  const rows = await ofNames()
    .select("id")
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(BLOG_PAGE_SIZE)
    .offset((page - 1) * BLOG_PAGE_SIZE)
    .execute();
  const ids = rows.map((row) => row.id);
  const posts = inOrder(ids, await summariesByIds(db, ids));
  const name = posts[0]?.[column] ?? names[0]!;
  return { page: { name, slug, page, pageCount, total, posts }, ids };
}

/** Kept until the posts change (read from the whole blog: every name, then a count). */
const kept = { keepIf: (page: unknown) => page !== undefined };

/** A page of a category's published posts, newest first; undefined for no such category or page. */
export function getCategoryPage(db: AppDatabase, slug: string, page: number): Promise<TaxonomyPage | undefined> {
  return contentMemo(db).remember(`category:${slug}:${page}`, async () => (await taxonomyPage(db, "category", slug, page))?.page, kept);
}

/**
 * A page of an author's published posts, with the avatar and bio of the author's newest post;
 * undefined for no such author or page.
 */
export function getAuthorPage(db: AppDatabase, slug: string, page: number): Promise<(TaxonomyPage & { profile: AuthorProfile }) | undefined> {
  return contentMemo(db).remember(`author:${slug}:${page}`, () => readAuthorPage(db, slug, page), kept);
}

async function readAuthorPage(db: AppDatabase, slug: string, page: number): Promise<(TaxonomyPage & { profile: AuthorProfile }) | undefined> {
  const found = await taxonomyPage(db, "author_name", slug, page);
  if (!found) return undefined;
  const isPublic = await publicFilter(db);
  const newest = await db
    .selectFrom("blog_posts")
    .select(["author_avatar_url", "author_bio", "featured_image_url"])
    .where("author_name", "=", found.page.name)
    .where(isPublic)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  const images = newest ? await postImages(db, [newest]) : new Map();
  return {
    ...found.page,
    profile: {
      avatar_url: newest?.author_avatar_url ?? null,
      avatar_srcset: newest ? publicImageSources(newest, images).author_avatar_srcset : null,
      bio: newest?.author_bio ?? "",
    },
  };
}

/** Whether a published post has a category (or author) of this slug. */
export async function hasTaxonomyPage(db: AppDatabase, kind: "category" | "author", slug: string): Promise<boolean> {
  const names = await namesWithSlug(db, kind === "category" ? "category" : "author_name", await publicFilter(db), slug);
  return names.length > 0;
}

/** The names of every category and author with a published post, for the sitemap. */
export async function publishedTaxonomyNames(db: AppDatabase): Promise<{ categories: string[]; authors: string[] }> {
  const isPublic = await publicFilter(db);
  const [categories, authors] = await Promise.all([
    db.selectFrom("blog_posts").select("category").distinct().where(isPublic).execute(),
    db.selectFrom("blog_posts").select("author_name").distinct().where(isPublic).execute(),
  ]);
  return { categories: categories.map((row) => row.category), authors: authors.map((row) => row.author_name) };
}

/** The newest published posts of a category or author (their RSS feeds). */
export async function latestOfTaxonomy(db: AppDatabase, kind: "category" | "author", slug: string, limit: number): Promise<TaxonomyPage | undefined> {
  const found = await taxonomyPage(db, kind === "category" ? "category" : "author_name", slug, 1);
  return found && { ...found.page, posts: found.page.posts.slice(0, limit) };
}

type Candidate = { id: string; title: string; excerpt: string | null; category: string; created_at: string };

/**
 * Up to three other published posts under an article (decision 158): the same category first,
 * then by how many words of title and excerpt they share with it, newest first among equals.
 * Candidates are the newest 100 posts sharing any such word (streamed from the search index, so
 * their cost does not grow with the blog), and the newest of the same category and of all, so
 * there are related posts whenever there are other posts.
 */
export function relatedPosts(
  db: AppDatabase,
  post: { id: string; title: string; excerpt: string | null; category: string },
): Promise<PublicPostSummary[]> {
  // They depend on every other post: worked out once until the posts change, not at every render.
  return contentMemo(db).remember(`related:${post.id}`, () => findRelatedPosts(db, post));
}

async function findRelatedPosts(
  db: AppDatabase,
  post: { id: string; title: string; excerpt: string | null; category: string },
): Promise<PublicPostSummary[]> {
  const words = relatedWords(post.title, post.excerpt ?? "").slice(0, 16);
  const wordSet = new Set(words);
  const isPublic = await publicFilter(db);
  const newest = (sameCategory: boolean) => {
    let query = db
      .selectFrom("blog_posts")
      .select(["id", "title", "excerpt", "category", "created_at"])
      .where("id", "!=", post.id)
      .where(isPublic);
    if (sameCategory) query = query.where("category", "=", post.category);
    return query.orderBy("created_at", "desc").orderBy("id", "desc").limit(RELATED_POSTS_LIMIT).execute();
  };
  const groups = await Promise.all([recentPostsSharingWords(db, words, post.id), newest(true), newest(false)]);
  const pool = new Map<string, Candidate>();
  for (const candidate of groups.flat()) pool.set(candidate.id, candidate);
  // The index holds names as plain text (domain/search.ts `plainText`): compared the same way.
  const category = plainText(post.category);
  const scored = [...pool.values()].map((candidate) => ({
    candidate,
    sameCategory: plainText(candidate.category) === category ? 1 : 0,
    shared: relatedWords(candidate.title, candidate.excerpt ?? "").filter((word) => wordSet.has(word)).length,
  }));
  scored.sort(
    (a, b) =>
      b.sameCategory - a.sameCategory ||
      b.shared - a.shared ||
      b.candidate.created_at.localeCompare(a.candidate.created_at) ||
      b.candidate.id.localeCompare(a.candidate.id),
  );
  const ids = scored.slice(0, RELATED_POSTS_LIMIT).map((entry) => entry.candidate.id);
  return inOrder(ids, await summariesByIds(db, ids));
}
