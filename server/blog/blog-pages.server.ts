import type { PublicPost } from "../../domain/blog-post";
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
  | { kind: "ok"; post: PublicPost; seo?: ArticleSeo }
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
  { db, logger }: Pick<AppServices, "db" | "logger">,
  slug: string,
): Promise<ArticleResult> {
  try {
    const article = await getPublishedArticle(db, slug);
    if (article) return { kind: "ok", post: article.post, seo: article.seo };
    // A renamed post's old address leads to its new one (docs/decisions/127-slug-redirects.md).
    const renamed = await findSlugRedirect(db, slug);
    return renamed ? { kind: "redirect", to: `/blog/${encodeURIComponent(renamed)}` } : { kind: "not_found" };
  } catch (error) {
    logger.error({ err: error, slug }, "loading a blog post failed");
    return { kind: "error" };
  }
}
