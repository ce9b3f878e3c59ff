import express from "express";
import { parsePageNumber } from "../../domain/blog";
import { parseSearchQuery, searchMessages, snippetHtml } from "../../domain/search";
import type { AppServices } from "../context.server";
import { sendApiError, sendRateLimited } from "../http/api-errors.server";
import { clientKey } from "../http/client-key.server";
import { countAttempt } from "../limits/rate-limits.server";
import { searchPosts } from "./post-search.server";
import { SEARCH_LIMIT } from "./search-limit.server";
import { SearchWorkerError } from "./search-worker.server";

/** A full search queue (server/search/search-worker.server.ts) is a moment's wait, not a fault. */
const SEARCH_BUSY = "Search is busy. Please try again in a moment.";

/**
 * GET /api/posts/search?q=&page= (DESIGN.md, docs/decisions/156-post-search.md): published posts
 * matching every word, best first, `{ items: [{ slug, title, excerpt, snippet }], page, totalPages }`.
 * `snippet` is HTML: the post's text escaped, the words found in `<mark>`. A query past its limits
 * or a bad page number is a 400 naming the problem; a page past the last is empty.
 */
export function searchApiRouter(services: Pick<AppServices, "db">) {
  const router = express.Router();
  router.get("/posts/search", async (req, res) => {
    const rawQuery = req.query.q;
    const rawPage = req.query.page;
    if (rawQuery !== undefined && typeof rawQuery !== "string") return sendApiError(res, 400, "q must be given once, as text.", { q: "q must be given once, as text." });
    const query = parseSearchQuery(rawQuery ?? "");
    if (!query.ok) return sendApiError(res, 400, query.error, { q: query.error });
    const page = rawPage === undefined ? 1 : parsePageNumber(typeof rawPage === "string" ? rawPage : null);
    if (page === undefined) return sendApiError(res, 400, searchMessages.badPage, { page: searchMessages.badPage });
    const limited = await countAttempt(services.db, SEARCH_LIMIT, clientKey(req));
    if (limited) return sendRateLimited(res, limited);
    let found;
    try {
      found = await searchPosts(services.db, query.words, page);
    } catch (error) {
      if (!(error instanceof SearchWorkerError && error.busy)) throw error;
      res.set("Retry-After", "1");
      return sendApiError(res, 503, SEARCH_BUSY);
    }
    res.json({
      items: (found?.items ?? []).map((item) => ({
        slug: item.slug,
        title: item.title,
        excerpt: item.excerpt,
        snippet: snippetHtml(item.snippet),
      })),
      page,
      totalPages: found?.totalPages ?? (await searchPosts(services.db, query.words, 1))?.totalPages ?? 1,
    });
  });
  return router;
}
