/**
 * What the search box needs, with no imports, so the pages that show it load nothing more
 * (docs/decisions/156-post-search.md); the rules of a query are in domain/search.ts.
 */
export const SEARCH_PATH = "/blog/search";
/** A search query's length limit, in the box and on the server. */
export const SEARCH_QUERY_MAX_CHARS = 200;
