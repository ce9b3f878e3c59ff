import type { PublicPost, PublicPostSummary } from "../../domain/blog-post";
import { authorPath, categoryPath } from "../../domain/blog-taxonomy";
import { postTag } from "../cache/content-changes.server";
import type { TocEntry } from "./article-toc.server";
import { relatedPosts } from "./post-taxonomy.server";
import { cardContent, cardPath } from "../social-cards/social-card.server";
import { parsePageNumber } from "../../domain/blog";
import type { AppServices } from "../context.server";
import { getBlogIndexPage, getPublishedArticle, type ArticleSeo, type BlogIndexPage } from "./public-posts.server";
import { findSlugRedirect } from "./post-workflow.server";

/**
 * What the /blog and /blog/:slug loaders answer. A database failure is caught here, logged, and
 * becomes the page's error state, so the route modules hold no logic of their own.
 */
export type BlogIndexResult =
  | { kind: "ok"; page: BlogIndexPage }
  | { kind: "redirect"; to: string }
  | { kind: "not_found" }
  | { kind: "error" };

export type ArticleResult =
  | {
      kind: "ok";
      post: PublicPost;
      seo?: ArticleSeo;
      /** Its table of contents: empty below three h2 headings. */
      toc: TocEntry[];
      related: Pick<PublicPostSummary, "slug" | "title" | "excerpt" | "category" | "created_at" | "read_time">[];
      /** The cache tags of the posts it shows besides itself (the related ones). */
      cacheTags: string[];
      /** Its category's and author's pages, when their names have a slug (decision 157). */
      links: { category?: string; author?: string };
      /** Its generated social card's address, for a post with no social or featured image (decision 160). */
      socialCard?: string;
    }
  | { kind: "redirect"; to: string }
  | { kind: "not_found" }
  | { kind: "error" };

export async function loadBlogIndex(
  { db, logger }: Pick<AppServices, "db" | "logger">,
  url: URL,
): Promise<BlogIndexResult> {
  const raw = url.searchParams.get("page");
  const page = raw === null ? 1 : parsePageNumber(raw);
  // One address per page: "?page=1" and nonsense numbers lead to /blog itself.
  if (page === undefined || (raw !== null && page === 1)) return { kind: "redirect", to: "/blog" };
  try {
    const found = await getBlogIndexPage(db, page);
    return found ? { kind: "ok", page: found } : { kind: "not_found" };
  } catch (error) {
    logger.error({ err: error, page }, "loading the blog list failed");
    return { kind: "error" };
  }
}

export async function loadArticle(
  { db, logger, config }: Pick<AppServices, "db" | "logger"> & Partial<Pick<AppServices, "config">>,
  slug: string,
): Promise<ArticleResult> {
  try {
    const article = await getPublishedArticle(db, slug);
    if (article) {
      const related = await relatedPosts(db, { id: article.id, ...article.post });
      return {
        kind: "ok",
        post: article.post,
        seo: article.seo,
        toc: article.toc,
        // The related posts travel as what their cards show, nothing more.
        related: related.map(({ slug, title, excerpt, category, created_at, read_time }) => ({ slug, title, excerpt, category, created_at, read_time })),
        links: { category: categoryPath(article.post.category), author: authorPath(article.post.author_name) },
        cacheTags: related.map((post) => postTag(post.slug)),
        socialCard:
          !config || article.seo?.social_image_url || article.post.featured_image_url
            ? undefined
            : cardPath(article.post.slug, cardContent(article.post, config.public.siteName)),
      };
    }
    // A renamed post's old address leads to its new one (docs/decisions/127-slug-redirects.md).
    const renamed = await findSlugRedirect(db, slug);
    return renamed ? { kind: "redirect", to: `/blog/${encodeURIComponent(renamed)}` } : { kind: "not_found" };
  } catch (error) {
    logger.error({ err: error, slug }, "loading a blog post failed");
    return { kind: "error" };
  }
}

export type TaxonomyPageResult<T> =
  | { kind: "ok"; page: T }
  | { kind: "redirect"; to: string }
  | { kind: "not_found" }
  | { kind: "error" };

/**
 * The /blog/category/:slug and /blog/author/:slug loaders (decision 157): paginated like /blog,
 * 404 for a name no published post has or a page past the last.
 */
export async function loadTaxonomyPage<T>(
  { logger }: Pick<AppServices, "logger">,
  url: URL,
  read: (page: number) => Promise<T | undefined>,
): Promise<TaxonomyPageResult<T>> {
  const raw = url.searchParams.get("page");
  const page = raw === null ? 1 : parsePageNumber(raw);
  if (page === undefined || (raw !== null && page === 1)) return { kind: "redirect", to: url.pathname };
  try {
    const found = await read(page);
    return found ? { kind: "ok", page: found } : { kind: "not_found" };
  } catch (error) {
    logger.error({ err: error, path: url.pathname }, "loading a category or author page failed");
    return { kind: "error" };
  }
}
