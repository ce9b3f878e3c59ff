import type { RateLimitRule } from "../limits/rate-limits.server";

/**
 * Searches a client may run per minute, through the API and the search page alike (a page the
 * cache already holds costs nothing and counts nothing): each one reads the index
 * (docs/decisions/156-post-search.md, 172-search-that-costs-what-a-search-should.md).
 */
export const SEARCH_LIMIT: RateLimitRule = {
  name: "post-search",
  windowMs: 60_000,
  limit: 120,
  message: "Too many searches. Please wait a minute and try again.",
};
