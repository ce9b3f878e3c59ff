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
  if (pathname.startsWith("/preview/")) return undefined;
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
