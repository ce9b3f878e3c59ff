import { parsePageNumber } from "../../domain/blog";
import { SEARCH_PATH } from "../../domain/blog-taxonomy";
import { parseSearchQuery, searchPageHref } from "../../domain/search";
import type { AppServices } from "../context.server";
import { countAttempt, type RateLimited } from "../limits/rate-limits.server";
import { searchPosts, type SearchPage } from "./post-search.server";
import { SEARCH_LIMIT } from "./search-limit.server";

/**
 * What /blog/search answers (docs/decisions/156, 172): the form alone without a query, a page of
 * results, 400 with the reason for a query past its limits, 404 past the last page, 429 past the
 * client's search limit, 503 when the database fails. A query is redirected to its one spelling
 * (its words sorted, lower case, one space apart), so every spelling and word order of one search
 * is one cached page.
 */
export type SearchPageResult =
  | { kind: "ok"; query: string; results: SearchPage | undefined }
  | { kind: "redirect"; to: string }
  | { kind: "invalid"; query: string; error: string }
  | { kind: "limited"; query: string; limited: RateLimited }
  | { kind: "not_found" }
  | { kind: "error"; query: string };

/**
 * `clientKey`: the client a search is counted against (SEARCH_LIMIT, as the API). A page the
 * page cache renders once for everyone has none (""): the cache counted the miss against the
 * client who asked before rendering it (server/http/pages.server.ts).
 */
export async function loadSearchPage(
  { db, logger }: Pick<AppServices, "db" | "logger">,
  url: URL,
  clientKey: string,
): Promise<SearchPageResult> {
  const raw = url.searchParams.get("q") ?? "";
  const rawPage = url.searchParams.get("page");
  const page = rawPage === null ? 1 : parsePageNumber(rawPage);
  const query = parseSearchQuery(raw);
  if (!query.ok) return { kind: "invalid", query: raw.slice(0, 200), error: query.error };
  if (page === undefined || (rawPage !== null && page === 1) || (url.searchParams.has("q") && raw !== query.text)) {
    return { kind: "redirect", to: query.text ? searchPageHref(query.text, page ?? 1) : SEARCH_PATH };
  }
  if (!query.text) return rawPage === null ? { kind: "ok", query: "", results: undefined } : { kind: "redirect", to: SEARCH_PATH };
  try {
    const limited = clientKey ? await countAttempt(db, SEARCH_LIMIT, clientKey) : undefined;
    if (limited) return { kind: "limited", query: query.text, limited };
    const results = await searchPosts(db, query.words, page);
    return results ? { kind: "ok", query: query.text, results } : { kind: "not_found" };
  } catch (error) {
    logger.error({ err: error }, "searching posts failed");
    return { kind: "error", query: query.text };
  }
}
