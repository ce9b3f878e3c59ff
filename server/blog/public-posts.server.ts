import { sql, type Selectable } from "kysely";
import { PUBLIC_SUMMARY_FIELDS, type PublicImageSources, type PublicPost, type PublicPostSummary } from "../../domain/blog-post";
import type { ResponsiveImage } from "../../domain/media";
import { BLOG_PAGE_SIZE, FEATURED_POSTS_LIMIT } from "../../domain/blog";
import { contentMemo } from "./content-memo.server";
import type { AppDatabase } from "../db/database.server";
import type { BlogPostsTable } from "../db/schema";
import { imagesInHtml, responsiveImages } from "../media/media.server";
import { articleBody, storedVersionKey } from "./article-body.server";
import type { TocEntry } from "./article-toc.server";
import { publicFilter, publicJoinedFilter, type PublicFilter } from "./post-visibility.server";

/**
 * The public side of the posts service: published posts only, through the public projection
 * (domain/blog-post.ts), never an id, a draft or a private field.
 *
 * Every list reads one page of ids from an index that ends in `id` (migration 0005), in the one
 * stable order "newest first, then id", and only then fetches those few rows; the body is never
 * read for a list. So a page costs the same with 10 posts as with 10,000
 * (docs/decisions/021-blog-list-pages.md).
 */

const SUMMARY_COLUMNS = PUBLIC_SUMMARY_FIELDS;

type SummaryRow = Pick<Selectable<BlogPostsTable>, (typeof SUMMARY_COLUMNS)[number]>;

/** One page of the /blog list. */
export type BlogIndexPage = {
  page: number;
  pageCount: number;
  /** The newest featured posts; on the first page only. */
  featured: PublicPostSummary[];
  /** Whether any published post is featured (the list is then titled 'Latest articles'). */
  hasFeatured: boolean;
  /** The other published posts of this page, newest first. */
  posts: PublicPostSummary[];
};

/** One page of the public posts API: every published post, newest first. */
export type PublishedPostsPage = {
  posts: PublicPostSummary[];
  page: number;
  pageSize: number;
  totalPosts: number;
  totalPages: number;
};

type ImageFields = { featured_image_url: string | null; author_avatar_url: string | null };

/** The stored images a post shows beside its body, by address (one query for any number of posts). */
export function postImages(db: AppDatabase, posts: ImageFields[]): Promise<Map<string, ResponsiveImage>> {
  return responsiveImages(db, posts.flatMap((post) => [post.featured_image_url, post.author_avatar_url]));
}

/** The `srcset` of a post's featured image and avatar, from `postImages`. */
export function publicImageSources(post: ImageFields, images: ReadonlyMap<string, ResponsiveImage>): PublicImageSources {
  const srcset = (url: string | null) => (url ? images.get(url)?.srcset : undefined) ?? null;
  return { featured_image_srcset: srcset(post.featured_image_url), author_avatar_srcset: srcset(post.author_avatar_url) };
}

/** The public projection of a list row: named fields only, so nothing else can slip through. */
function toSummary(row: SummaryRow, images: ReadonlyMap<string, ResponsiveImage>): PublicPostSummary {
  return {
    slug: row.slug,
    title: row.title,
    excerpt: row.excerpt,
    category: row.category,
    author_name: row.author_name,
    author_avatar_url: row.author_avatar_url,
    featured_image_url: row.featured_image_url,
    read_time: row.read_time,
    featured: Boolean(row.featured),
    created_at: row.created_at,
    updated_at: row.updated_at,
    ...publicImageSources(row, images),
  };
}

function publishedIds(db: AppDatabase, isPublic: PublicFilter, exclude: string[] = [], direction: "desc" | "asc" = "desc") {
  let query = db.selectFrom("blog_posts").select("id").where(isPublic);
  if (exclude.length > 0) query = query.where("id", "not in", exclude);
  return query.orderBy("created_at", direction).orderBy("id", direction);
}

/**
 * The ids of one page of `total` published posts (newest first), leaving out `exclude`. A page
 * in the older half is read from the oldest end, so the deepest pages are as cheap as the first.
 */
async function pageOfIds(
  db: AppDatabase,
  isPublic: PublicFilter,
  total: number,
  page: number,
  exclude: string[] = [],
): Promise<string[]> {
  const start = (page - 1) * BLOG_PAGE_SIZE;
  const end = Math.min(page * BLOG_PAGE_SIZE, total);
  if (start >= end) return [];
  const fromOldest = total - end;
  if (fromOldest < start) {
    const rows = await publishedIds(db, isPublic, exclude, "asc").limit(end - start).offset(fromOldest).execute();
    return rows.map((row) => row.id).reverse();
  }
  const rows = await publishedIds(db, isPublic, exclude).limit(BLOG_PAGE_SIZE).offset(start).execute();
  return rows.map((row) => row.id);
}

async function countPublished(db: AppDatabase, isPublic: PublicFilter): Promise<number> {
  const row = await db
    .selectFrom("blog_posts")
    .select(sql<number | string>`count(*)`.as("count"))
    .where(isPublic)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The summaries of the given posts, in the order of `ids`. */
export async function summariesByIds(db: AppDatabase, ids: string[]): Promise<Map<string, PublicPostSummary>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom("blog_posts")
    .select(["id", "published", ...SUMMARY_COLUMNS])
    .where("id", "in", ids)
    .execute();
  // Checked here rather than in the query, which then always goes by primary key: a post
  // unpublished a moment ago is left out all the same.
  const published = rows.filter((row) => Number(row.published) === 1);
  const images = await postImages(db, published);
  return new Map(published.map((row) => [row.id, toSummary(row, images)]));
}

export function inOrder(ids: string[], byId: Map<string, PublicPostSummary>): PublicPostSummary[] {
  return ids.flatMap((id) => {
    const post = byId.get(id);
    return post ? [post] : [];
  });
}

export function pageCountFor(total: number): number {
  return Math.max(1, Math.ceil(total / BLOG_PAGE_SIZE));
}

/**
 * A page of the blog list: on the first page the newest featured posts (at most
 * FEATURED_POSTS_LIMIT), then every other published post, newest first, BLOG_PAGE_SIZE per page.
 * Undefined when the page is past the last one.
 */
export function getBlogIndexPage(db: AppDatabase, page: number): Promise<BlogIndexPage | undefined> {
  // Read from the whole blog's indexes: kept until the posts change, not read at every render.
  return contentMemo(db).remember(`blog:${page}`, () => readBlogIndexPage(db, page), { keepIf: (found) => found !== undefined });
}

async function readBlogIndexPage(db: AppDatabase, page: number): Promise<BlogIndexPage | undefined> {
  const ids = await blogIndexPageIds(db, page);
  if (!ids) return undefined;
  const byId = await summariesByIds(db, [...ids.featured, ...ids.posts]);
  return {
    page,
    pageCount: ids.pageCount,
    featured: inOrder(ids.featured, byId),
    hasFeatured: ids.hasFeatured,
    posts: inOrder(ids.posts, byId),
  };
}

/** Which posts a page of the blog list shows, and how many pages there are. */
async function blogIndexPageIds(
  db: AppDatabase,
  page: number,
): Promise<{ pageCount: number; featured: string[]; hasFeatured: boolean; posts: string[] } | undefined> {
  const isPublic = await publicFilter(db);
  const [featuredRows, publishedCount] = await Promise.all([
    db
      .selectFrom("blog_posts")
      .select("id")
      .where(isPublic)
      .where("featured", "=", 1)
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .limit(FEATURED_POSTS_LIMIT)
      .execute(),
    countPublished(db, isPublic),
  ]);
  const featuredIds = featuredRows.map((row) => row.id);
  const listed = publishedCount - featuredIds.length;
  const pageCount = pageCountFor(listed);
  if (page > pageCount) return undefined;
  // The featured section holds at most a few posts; any other post (an older featured one too)
  // is listed below it, so every published post appears on some page.
  const posts = await pageOfIds(db, isPublic, listed, page, featuredIds);
  return { pageCount, featured: page === 1 ? featuredIds : [], hasFeatured: featuredIds.length > 0, posts };
}

/** A page of every published post, newest first (GET /api/posts?page=N). */
export async function listPublishedPosts(db: AppDatabase, page: number): Promise<PublishedPostsPage> {
  const isPublic = await publicFilter(db);
  const totalPosts = await countPublished(db, isPublic);
  const ids = await pageOfIds(db, isPublic, totalPosts, page);
  return {
    posts: inOrder(ids, await summariesByIds(db, ids)),
    page,
    pageSize: BLOG_PAGE_SIZE,
    totalPosts,
    totalPages: pageCountFor(totalPosts),
  };
}

/** The newest published posts (the RSS feed). */
export async function latestPublishedPosts(db: AppDatabase, limit: number): Promise<PublicPostSummary[]> {
  const ids = (await publishedIds(db, await publicFilter(db)).limit(limit).execute()).map((row) => row.id);
  return inOrder(ids, await summariesByIds(db, ids));
}

/** The sitemap's limit of addresses per file. */
export const SITEMAP_POST_LIMIT = 45_000;

/** Address and last change of every published post, newest first (the sitemap). */
export async function publishedPostLocations(
  db: AppDatabase,
): Promise<{ slug: string; updated_at: string }[]> {
  return db
    .selectFrom("blog_posts")
    .select(["slug", "updated_at"])
    .where(await publicFilter(db))
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(SITEMAP_POST_LIMIT)
    .execute();
}

/** One published post by its slug, with its body cleaned; undefined for a draft or no post. */
export async function getPublishedPost(db: AppDatabase, slug: string): Promise<PublicPost | undefined> {
  return (await getPublishedArticle(db, slug))?.post;
}

/** Whether a published post has this slug: one read of the slug's index, nothing cleaned. */
export async function isPublishedSlug(db: AppDatabase, slug: string): Promise<boolean> {
  const row = await db
    .selectFrom("blog_posts")
    .leftJoin("blog_post_editorial", "blog_post_editorial.post_id", "blog_posts.id")
    .select("blog_posts.id")
    .where("blog_posts.slug", "=", slug)
    .where(publicJoinedFilter())
    .executeTakeFirst();
  return row !== undefined;
}

/** What a published post's social card shows, by its slug: one read of the slug's index. */
export async function publishedCardFields(
  db: AppDatabase,
  slug: string,
): Promise<{ id: string; title: string; category: string; author_name: string } | undefined> {
  return db
    .selectFrom("blog_posts")
    .leftJoin("blog_post_editorial", "blog_post_editorial.post_id", "blog_posts.id")
    .select(["blog_posts.id", "title", "category", "author_name"])
    .where("blog_posts.slug", "=", slug)
    .where(publicJoinedFilter())
    .executeTakeFirst();
}

/** Optional SEO fields of an article; empty or null means 'use the specification's default'. */
export type ArticleSeo = { meta_title: string; meta_description: string; social_image_url: string | null };

type PublishedArticle = { post: PublicPost; seo: ArticleSeo | undefined; id: string; toc: TocEntry[] };

/**
 * A published post with its SEO fields when it has any: what the article page shows. Its fields
 * are kept until the posts change (server/cache/content-memo.server.ts), its body per version
 * (article-body.server.ts): a render reads neither again.
 */
export async function getPublishedArticle(db: AppDatabase, slug: string): Promise<PublishedArticle | undefined> {
  const found = await contentMemo(db).remember(`article:${slug}`, () => publishedArticleFields(db, slug), {
    // An address no post has is not kept: made-up addresses would crowd out the real ones.
    keepIf: (fields) => fields !== undefined,
  });
  if (!found) return undefined;
  // Cleaned, its h2 and h3 headings given ids from their text (the table of contents links to
  // them): once per version of the post; the stored body is read only then.
  const { html, toc } = await articleBody(storedVersionKey(found.row), () => storedContent(db, found.row.id), (content) => imagesInHtml(db, content));
  return { post: { ...found.post, content: html }, seo: found.seo, id: found.row.id, toc };
}

/** What the article page shows of a published post but its body: one read by its slug. */
async function publishedArticleFields(db: AppDatabase, slug: string) {
  const row = await db
    .selectFrom("blog_posts")
    .leftJoin("blog_post_editorial", "blog_post_editorial.post_id", "blog_posts.id")
    .select(["blog_posts.id", "author_bio", "author_linkedin_url", ...SUMMARY_COLUMNS])
    .select(["blog_post_editorial.post_id as editorial", "meta_title", "meta_description", "social_image_url"])
    .where("blog_posts.slug", "=", slug)
    .where(publicJoinedFilter())
    .executeTakeFirst();
  if (!row) return undefined;
  const images = await postImages(db, [row]);
  const post: Omit<PublicPost, "content"> = {
    ...toSummary(row, images),
    author_bio: row.author_bio,
    author_linkedin_url: row.author_linkedin_url,
  };
  const seo = row.editorial
    ? { meta_title: row.meta_title ?? "", meta_description: row.meta_description ?? "", social_image_url: row.social_image_url }
    : undefined;
  return { post, seo, row: { id: row.id, updated_at: row.updated_at } };
}

async function storedContent(db: AppDatabase, id: string): Promise<string> {
  const row = await db.selectFrom("blog_posts").select("content").where("id", "=", id).executeTakeFirst();
  return row?.content ?? "";
}
