/**
 * Ids the site's own markup uses (the skip link's target, an article's parts) or once used (the
 * page's module template): no block anchor takes one, and an article heading that would gets
 * another.
 */
export const SITE_PAGE_IDS: ReadonlySet<string> = new Set([
  "main",
  "main-content",
  "article-body",
  "article-cta",
  "related-articles",
  "on-this-page",
  "toc",
  "page-modules",
]);
