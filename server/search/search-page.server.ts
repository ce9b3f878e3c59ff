import { parsePageNumber } from "../../domain/blog";
import { SEARCH_PATH } from "../../domain/blog-taxonomy";
import { parseSearchQuery, searchPageHref } from "../../domain/search";
import type { AppServices } from "../context.server";
import { searchPosts, type SearchPage } from "./post-search.server";

/**
 * What /blog/search answers (docs/decisions/156-post-search.md): the form alone without a query,
 * a page of results, 400 with the reason for a query past its limits, 404 past the last page,
 * 503 when the database fails. A query is redirected to its one spelling (its words, lower case,
 * one space apart), so made-up spellings of one search are one cached page.
 */
export type SearchPageResult =
  | { kind: "ok"; query: string; results: SearchPage | undefined }
  | { kind: "redirect"; to: string }
  | { kind: "invalid"; query: string; error: string }
  | { kind: "not_found" }
  | { kind: "error"; query: string };


export async function loadSearchPage({ db, logger }: Pick<AppServices, "db" | "logger">, url: URL): Promise<SearchPageResult> {
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
    const results = await searchPosts(db, query.words, page);
    return results ? { kind: "ok", query: query.text, results } : { kind: "not_found" };
  } catch (error) {
    logger.error({ err: error }, "searching posts failed");
    return { kind: "error", query: query.text };
  }
}
