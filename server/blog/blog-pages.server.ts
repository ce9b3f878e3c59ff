import type { PublicPost } from "../../domain/blog-post";
import { parsePageNumber } from "../../domain/blog";
import type { AppServices } from "../context.server";
import { getBlogIndexPage, getPublishedPost, type BlogIndexPage } from "./public-posts.server";
import { findSlugRedirect, publicPostSeo } from "./post-workflow.server";

/** Optional SEO fields of an article; empty or null means 'use the specification's default'. */
export type ArticleSeo = { meta_title: string; meta_description: string; social_image_url: string | null };

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
    const [post, seo] = await Promise.all([getPublishedPost(db, slug), publicPostSeo(db, slug)]);
    if (post) return { kind: "ok", post, seo };
    // A renamed post's old address leads to its new one (docs/decisions/127-slug-redirects.md).
    const renamed = await findSlugRedirect(db, slug);
    return renamed ? { kind: "redirect", to: `/blog/${encodeURIComponent(renamed)}` } : { kind: "not_found" };
  } catch (error) {
    logger.error({ err: error, slug }, "loading a blog post failed");
    return { kind: "error" };
  }
}
