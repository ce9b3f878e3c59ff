import { slugify } from "./slug";

/**
 * Category and author pages (docs/decisions/157-category-and-author-pages.md): their addresses come
 * from the category's or author's name by the specification's slug rule (domain/slug.ts). A name
 * with no letter or digit of a-z has no page, and is shown without a link.
 */
export const categorySlug = (category: string) => slugify(category);
export const authorSlug = (author: string) => slugify(author);

export function categoryPath(category: string): string | undefined {
  const slug = categorySlug(category);
  return slug ? `/blog/category/${slug}` : undefined;
}

export function authorPath(author: string): string | undefined {
  const slug = authorSlug(author);
  return slug ? `/blog/author/${slug}` : undefined;
}

export { SEARCH_PATH } from "./search-box";
/** Slugs no post may take: /blog/<slug> is another page. */
export const RESERVED_POST_SLUGS: ReadonlySet<string> = new Set(["search"]);

/** Related articles shown under an article at most. */
export const RELATED_POSTS_LIMIT = 3;
/** Headings an article needs for its table of contents. */
export const TOC_MIN_H2 = 3;
