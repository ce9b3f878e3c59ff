import { parsePageNumber } from "../../domain/blog";
import { canonicalSearchText } from "../../domain/search";
import type { RateLimitRule } from "../limits/rate-limits.server";
import { ACKNOWLEDGMENTS_TAG, POSTS_TAG, postTag } from "./content-changes.server";
import type { PageAddress } from "./page-address.server";

/**
 * Which answers the page cache may keep, and what drops them (docs/decisions/071, 140). Public
 * pages are the same for everyone who asks; they are listed here by route, so a route added later
 * (or the admin area, or a preview) is rendered per request and never kept until it is listed.
 */
export type PageRule = {
  tags: string[];
  expiresAt?: number;
  /** The bounded share of the page cache the page is kept in (PAGE_SHARES). */
  share?: PageShare;
  /** A miss (the page rendered) counts one attempt of this limit for the client who asked; a hit is free. */
  limit?: RateLimitRule;
};

/**
 * Search results are pages without end (every query is one): they hold at most this share of the
 * page cache, so a stream of new queries evicts older results, never the site's other pages
 * (docs/decisions/172-search-that-costs-what-a-search-should.md).
 */
export const PAGE_SHARES = { search: 0.25 } as const;
export type PageShare = keyof typeof PAGE_SHARES;

/** The search route: every page of it in the search share, every miss a search the client pays for. */
const SEARCH_ROUTE = "routes/blog-search";

export const PUBLIC_ROUTES = new Set([
  "routes/home",
  "routes/solutions",
  "routes/how-it-works",
  "routes/features",
  "routes/science",
  "routes/about",
  "routes/contact",
  "routes/support",
  "routes/security",
  "routes/security-submit",
  "routes/security-acknowledgments",
  "routes/security-case-link",
  "routes/blog",
  "routes/blog-post",
  "routes/blog-search",
  "routes/blog-category",
  "routes/blog-author",
  "routes/privacy",
  "routes/terms",
  "routes/not-found",
]);

/** Pages that list posts: /blog, search results, a category's and an author's pages. */
const LIST_ROUTES = new Set(["routes/blog", "routes/blog-search", "routes/blog-category", "routes/blog-author"]);

/** The catch-all route: what no page of the site matched (answered 404, kept like a page). */
export const NOT_FOUND_ROUTE = "routes/not-found";
/** An article's route, `/blog/:slug`. */
export const ARTICLE_ROUTE = "routes/blog-post";

/** Routes that are never kept: for one person (admin, a draft's preview link), not a shared cache. */
export const PRIVATE_ROUTES = new Set([
  "root",
  "routes/post-preview",
  "routes/security-case",
  "routes/admin-login",
  "routes/admin-area",
  "routes/admin-blog",
  "admin-new",
  "admin-edit",
  "routes/admin-messages",
  "routes/admin-reports",
  "routes/admin-report",
  "routes/admin-report-metrics",
  "routes/admin-analytics",
  "routes/admin-account",
  "routes/admin-audit",
  "routes/admin-people",
  "routes/admin-invite",
  "routes/admin-navigation",
  "routes/admin-forms",
  "routes/admin-form-submissions",
  "routes/admin-pages", "admin-page-new", "admin-page-edit",
]);

/** Whether the cache may keep the page at this address for everyone (it has a rule). */
export function isPublicAddress(address: PageAddress): boolean {
  return PUBLIC_ROUTES.has(address.routeId);
}

/** A public page's rule; a search page's miss counts against `searchLimit` (the search room's). */
export function pageRule(address: PageAddress, searchLimit: RateLimitRule, now = new Date()): PageRule | undefined {
  if (!isPublicAddress(address)) return undefined;
  // Lists of posts: any post's change may add, drop or reorder what they show (decisions 156, 157).
  if (address.routeId === SEARCH_ROUTE) return { tags: [POSTS_TAG], share: "search", limit: searchLimit };
  if (LIST_ROUTES.has(address.routeId)) return { tags: [POSTS_TAG] };
  if (address.routeId === "routes/security-acknowledgments") return { tags: [ACKNOWLEDGMENTS_TAG] };
  if (address.routeId === ARTICLE_ROUTE) return { tags: [postTag(address.params.slug ?? "")] };
  // The disclosure policy shows today's date (decision 012): kept until the next midnight.
  if (address.routeId === "routes/security") return { tags: [], expiresAt: nextMidnight(now) };
  return { tags: [] };
}

/**
 * The requests React Router answers that are not pages: its data requests and its manifest.
 * They are rendered per request and never kept, whatever their spelling.
 */
export function isRouterDataRequest(pathname: string): boolean {
  return /\.data$/i.test(pathname) || pathname.startsWith("/__");
}

/**
 * The query parameters a public page reads, with the values it takes (the blog's page number
 * from 2 on, the contact page's "sent" notice). Any other parameter (utm_source, a cache-buster)
 * changes nothing on the page, so it is not part of the page's cache address: `/?utm_source=x` is
 * served the cached `/`, and a flood of made-up values cannot render and compress page after page
 * or push real pages out. A value the page does not take is ignored (`?sent=x`), or, where the
 * page has one address for it, redirected there (`/blog?page=1` and `/blog?page=x` are `/blog`).
 */
type QueryParameter = {
  takes: (value: string) => boolean;
  otherwise: "ignore" | "redirect";
  /** For "redirect": the value's one spelling, if it has one (else the parameter is dropped). */
  canonical?: (value: string) => string | undefined;
};

const PAGE_NUMBER: QueryParameter = { takes: (value) => (parsePageNumber(value) ?? 1) > 1, otherwise: "redirect" };

/**
 * A search query (decisions 156, 172) is kept in its one spelling (its words sorted, each once,
 * lower case, one space apart): any other spelling or word order of it is redirected there. A query past its limits is kept as it is
 * and answered 400, which is never stored, so junk adds no entry to the cache.
 */
const SEARCH_QUERY: QueryParameter = {
  takes: (value) => {
    const canonical = canonicalSearchText(value);
    return canonical === undefined || (canonical === value && value !== "");
  },
  otherwise: "redirect",
  canonical: (value) => canonicalSearchText(value) || undefined,
};

const PAGE_QUERY_PARAMETERS: Record<string, Record<string, QueryParameter>> = {
  "/blog": { page: PAGE_NUMBER },
  "/blog/search": { q: SEARCH_QUERY, page: PAGE_NUMBER },
  "/contact": { sent: { takes: (value) => value === "1", otherwise: "ignore" } },
};

/** A category's and an author's pages read their page number, like /blog (decision 157). */
const TAXONOMY_PAGE = /^\/blog\/(?:category|author)\/[a-z0-9-]+$/;

function parametersOf(pathname: string): Record<string, QueryParameter> | undefined {
  return PAGE_QUERY_PARAMETERS[pathname] ?? (TAXONOMY_PAGE.test(pathname) ? PAGE_QUERY_PARAMETERS["/blog"] : undefined);
}

/** The address a public page is cached (and rendered) under: its canonical path and the parameters it reads. */
export function pageCacheKey(pathname: string, search: string): string {
  const reads = parametersOf(pathname);
  if (!reads || search.length <= 1) return pathname;
  const given = new URLSearchParams(search);
  const kept = new URLSearchParams();
  for (const [name, { takes }] of Object.entries(reads)) {
    const value = given.get(name);
    if (value !== null && takes(value)) kept.set(name, value);
  }
  const query = kept.toString();
  return query ? `${pathname}?${query}` : pathname;
}

/**
 * Where an address is sent whose query gives the page a value it has another address for
 * (`/blog?page=1&utm_source=x` to `/blog?utm_source=x`), or undefined.
 */
export function pageQueryRedirect(pathname: string, search: string): string | undefined {
  const reads = parametersOf(pathname);
  if (!reads || search.length <= 1) return undefined;
  const given = new URLSearchParams(search);
  let moved = false;
  for (const [name, { takes, otherwise, canonical }] of Object.entries(reads)) {
    const value = given.get(name);
    if (otherwise !== "redirect" || value === null || takes(value)) continue;
    const spelling = canonical?.(value);
    if (spelling === undefined) given.delete(name);
    else given.set(name, spelling);
    moved = true;
  }
  if (!moved) return undefined;
  const query = given.toString();
  return query ? `${pathname}?${query}` : pathname;
}

/** The next local midnight, in the server's time zone as the /security page's date is. */
export function nextMidnight(now: Date): number {
  return new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1).getTime();
}
