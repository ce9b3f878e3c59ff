import type { BlogPostSummary } from "../../../../domain/blog-post";
import { categoryPath } from "../../../../domain/blog-taxonomy";
import type { PageSummary } from "../../../../domain/site-pages";

export type AddressSuggestion = { href: string; label: string };

/**
 * What a menu link may point at on this site, for the address field's suggestions: the pages,
 * the blog, each published post and each of their categories, once each, in that order.
 */
export function menuAddressSuggestions(pages: readonly Pick<PageSummary, "path" | "title">[], posts: readonly Pick<BlogPostSummary, "slug" | "title" | "category" | "published">[]): AddressSuggestion[] {
  const published = posts.filter((post) => post.published);
  const all: AddressSuggestion[] = [
    ...pages.map((page) => ({ href: page.path, label: page.title })),
    { href: "/blog", label: "Blog" },
    ...published.map((post) => ({ href: `/blog/${post.slug}`, label: post.title })),
    ...published.flatMap((post) => {
      const href = categoryPath(post.category);
      return href ? [{ href, label: post.category }] : [];
    }),
  ];
  const seen = new Set<string>();
  return all.filter((each) => !seen.has(each.href) && seen.add(each.href));
}
