import { PREVIEW_PATH_PREFIX } from "../../domain/post-workflow";
import { POSTS_TAG, postTag } from "./content-changes.server";

/**
 * Which answers the page cache may keep, and what drops them (docs/decisions/071). Public pages
 * are the same for everyone who asks; the admin area, the API, React Router's data and manifest
 * requests are not pages of that kind and never cached.
 */
export type PageRule = { tags: string[]; expiresAt?: number };

export function pageRule(pathname: string, now = new Date()): PageRule | undefined {
  if (pathname === "/admin" || pathname.startsWith("/admin/")) return undefined;
  if (pathname.startsWith("/api/") || pathname === "/api") return undefined;
  // Private previews of drafts: for whoever holds the link, never for a shared cache.
  if (pathname.startsWith(PREVIEW_PATH_PREFIX)) return undefined;
  // Uploaded images carry their own immutable headers (server/http/media.server.ts).
  if (pathname === "/media" || pathname.startsWith("/media/")) return undefined;
  if (pathname.endsWith(".data") || pathname.startsWith("/__")) return undefined;
  if (pathname === "/blog" || pathname === "/blog/") return { tags: [POSTS_TAG] };
  const article = /^\/blog\/([^/]+)\/?$/.exec(pathname);
  if (article) return { tags: [postTag(safeDecode(article[1]!))] };
  // The disclosure policy shows today's date (decision 012): kept until the next midnight.
  if (pathname === "/security" || pathname === "/security/") return { tags: [], expiresAt: nextMidnight(now) };
  return { tags: [] };
}

/**
 * The query parameters a public page reads (the blog's page number, the contact page's "sent"
 * notice). Any other parameter (utm_source, a cache-buster) changes nothing on the page, so it
 * is not part of the page's cache address: `/?utm_source=x` is served the cached `/`, and a flood
 * of made-up parameters cannot render and compress page after page or push real pages out.
 */
const PAGE_QUERY_PARAMETERS: Record<string, readonly string[]> = {
  "/blog": ["page"],
  "/blog/": ["page"],
  "/contact": ["sent"],
  "/contact/": ["sent"],
};

/** The address a public page is cached (and rendered) under: its path and the parameters it reads. */
export function pageCacheKey(pathname: string, search: URLSearchParams): string {
  const kept = new URLSearchParams();
  for (const name of PAGE_QUERY_PARAMETERS[pathname] ?? []) {
    const value = search.get(name);
    if (value !== null) kept.set(name, value);
  }
  const query = kept.toString();
  return query ? `${pathname}?${query}` : pathname;
}

/** The next local midnight, in the server's time zone as the /security page's date is. */
export function nextMidnight(now: Date): number {
  return new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1).getTime();
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
