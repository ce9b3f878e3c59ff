import { NEW_POST_DEFAULTS } from "./post-defaults";

/** Posts per page of the blog list and of the public posts API (docs/decisions/021-blog-list-pages.md). */
export const BLOG_PAGE_SIZE = 12;
/** Featured posts shown at most in the 'Featured Articles' section, on the first page. */
export const FEATURED_POSTS_LIMIT = 6;
/** Items in the RSS feed. */
export const RSS_ITEM_LIMIT = 20;

/**
 * How wide blog images are shown, as `sizes` values: the browser then fetches the smallest copy
 * of an uploaded image that fills them (docs/decisions/126-uploaded-images.md). They follow the
 * layout of app/components/blog: the article column (max-w-3xl with px-4, sm:px-6), the list's
 * grid of one, two and three columns (max-w-6xl, gap-8) and the author's 3.5rem avatar.
 */
export const BLOG_IMAGE_SIZES = {
  article: "(min-width: 48rem) 45rem, calc(100vw - 2rem)",
  card: "(min-width: 72rem) 22rem, (min-width: 64rem) calc((100vw - 7rem) / 3), (min-width: 40rem) calc((100vw - 5rem) / 2), calc(100vw - 2rem)",
  avatar: "3.5rem",
} as const;

/** Messages of the public blog (specification, sections 2, 4 and 8), defined once. */
export const blogMessages = {
  loading: "Loading blog posts...",
  empty: "No blog posts available yet. Check back soon!",
  listError: "Error loading blog posts. Please try again later.",
  postNotFound: "Post Not Found",
  loadingPost: "Loading post...",
  backToBlog: "Back to Blog",
  authorBioFallback: NEW_POST_DEFAULTS.author_bio,
  shareText: (title: string) => `Check out this blog post: ${title}`,
  shareSuccess: {
    title: "Shared successfully",
    description: "Post shared via your device's share feature",
  },
  shareCopied: { title: "Link copied", description: "Post URL copied to clipboard" },
  shareFailed: {
    title: "Share failed",
    description: "Unable to share or copy link. Please copy the URL manually.",
  },
} as const;

/** The page number a `?page=` value names: a whole number from 1, or undefined. */
export function parsePageNumber(value: string | null): number | undefined {
  if (value === null || !/^[1-9]\d{0,8}$/.test(value)) return undefined;
  return Number(value);
}
