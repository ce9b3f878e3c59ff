import type { IncomingMessage, ServerResponse } from "node:http";
import type { Request as ExpressRequest, NextFunction, RequestHandler, Response as ExpressResponse } from "express";
import { createRequestHandler, type AppLoadContext, type ServerBuild } from "react-router";
import type { AppServices } from "../context.server";
import { EVERY_PAGE_TAG, PAGES_TAG, POSTS_TAG, watchContentChanges, onLocalContentChange } from "./content-changes.server";
import { createPageStore, type PageStore, type StoredPage } from "./page-store.server";
import { sharedRenders } from "./shared-renders.server";
import { isNormalisedPath, normalisedPath } from "../http/path-spelling.server";
import { pageAddressFinder } from "./page-address.server";
import { isRouterDataRequest, NOT_FOUND_ROUTE, PAGE_SHARES, pageCacheKey, pageQueryRedirect, pageRule, type PageRule } from "./page-rules.server";
import { countAttempt, type RateLimitRule } from "../limits/rate-limits.server";
import type { AppDatabase } from "../db/database.server";
import { clientKey } from "../http/client-key.server";
import { inlineScriptHashes, withModulesAfterFirstPaint } from "./page-html.server";
import { answerBytes } from "../http/page-adapter.server";
import { assignNonce, type HeaderPolicy } from "../http/security-headers.server";
import { locationWithQuery, OWN_HEADERS, PUBLIC_PAGE_CACHE, sendStoredPage, toStoredPage, type Rendered } from "./stored-page.server";

/** Admin pages, API answers and anything that is not a cacheable page. */
export const NO_STORE = "no-store";
/** A redirect from another spelling of a page's address to its own: the same for as long as the routes are. */
const CANONICAL_REDIRECT_CACHE = "public, max-age=3600";
/** The cache address of a numbered page of the blog list, before its number. */
const BLOG_PAGE_PREFIX = "/blog?page=";

/**
 * Not-found answers kept at most: every made-up address is a 404 of its own, and without a cap a
 * crawl of them would be rendered, compressed and kept one by one. Beyond it they are rendered
 * and sent, not kept.
 */
const MAX_KEPT_NOT_FOUND_PAGES = 200;

type Options = {
  services: AppServices;
  /** The loaded build: React Router prepares its routes once for it, not at every request. */
  build: ServerBuild;
  policy: HeaderPolicy;
  /** Renders a page for this request alone, with its nonce (site-router's `pageRenderer`). */
  perRequest: RequestHandler;
  /** Counts a view of a public page answered to a GET (server/analytics); unset: nothing counted. */
  countView?: (req: IncomingMessage, status: number, path: string, search: string) => void;
  /** What the features tell the cache (server/app.ts hands it in): the cache imports none of them. */
  content: PageCacheContent;
};

/**
 * When each feature's next scheduled item goes public (pages kept now expire then), what else
 * to forget on a content change (renders' memos), and the limit a search page's miss counts.
 */
export type PageCacheContent = {
  nextPublications: readonly ((db: AppDatabase) => Promise<Date | null>)[];
  forgetDerived: (db: AppDatabase) => void;
  searchLimit: RateLimitRule;
};

/** The page cache's three entry points (server/app.ts wires them). */
export type PagesHandler = {
  /**
   * Answers a request for a page the cache holds at once, before any middleware, when the cache
   * needs no look at the database first, or redirects another spelling of a page's address;
   * `logAnswered` writes the access log line. False: not answered.
   */
  serveCached: (req: IncomingMessage, res: ServerResponse, logAnswered: (req: IncomingMessage, res: ServerResponse) => void) => boolean;
  /** Answers a request for a page the cache holds; passes anything else on. Cheap: runs first. */
  fromCache: RequestHandler;
  /** Renders every other page request (into the cache when it is a public page). */
  render: RequestHandler;
};

/**
 * React Router's pages. Public GET and HEAD pages come from the page cache (rendered once,
 * compressed once, scripts allowed by hash); everything else is rendered per request with a
 * nonce and `no-store` (decisions 070, 071, 072).
 */
export function pagesHandler({ services, build, policy, perRequest, countView, content }: Options): PagesHandler {
  const { config, db } = services;
  const store = config.pageCacheMaxBytes > 0 ? createPageStore(config.pageCacheMaxBytes, PAGE_SHARES) : undefined;
  const { watcher, rendering, keyOf, scheduledExpiry, generation, notePageBeyond } = pageCacheFreshness(services, store, content);
  const render = createRequestHandler(build, "production");
  const origin = new URL(config.public.siteUrl).origin;
  const improve = compressionImprover(store);
  const counted = viewCounter(services, countView);

  const renderOnce = (key: string, rule: PageRule): Promise<Rendered & { rule: PageRule }> =>
    rendering.run(key, () => {
      const startedAt = generation();
      // Read before rendering: a post that goes public while the page renders still drops it.
      return withScheduledExpiry(rule, scheduledExpiry).then((expiry) =>
        // GET pages only: no action runs here, so no client's limit is counted.
        renderPage(render, `${origin}${key}`, { services, cspNonce: undefined, clientKey: "" }).then(({ cacheTags, ...rendered }) => ({
          ...rendered,
          // Without the publication time (database away), the page is sent but not kept.
          keep: rendered.keep && startedAt === generation() && expiry !== undefined,
          // The posts the page shows besides its own (an article's related posts) drop it too.
          rule: withTags(expiry ?? rule, cacheTags),
        })),
      );
    });

  const resolve = addressResolver(build, content.searchLimit);

  // Only a canonical address is ever stored, so a lookup by the path as sent finds nothing for
  // any other spelling: those are redirected, here too, at the cost of a hit.
  const serveCached = (req: IncomingMessage, res: ServerResponse, logAnswered: (req: IncomingMessage, res: ServerResponse) => void) => {
    if (!store || (req.method !== "GET" && req.method !== "HEAD")) return false;
    const url = req.url ?? "";
    const query = url.indexOf("?");
    const path = query === -1 ? url : url.slice(0, query);
    if (!path.startsWith("/")) return false;
    const search = query === -1 ? "" : url.slice(query);
    const page = watcher.upToDate() && !pageQueryRedirect(path, search) ? store.get(keyOf(path, search)) : undefined;
    if (page) {
      sendStoredPage(req, res, page);
      logAnswered(req, res);
      counted(req, page.status, path, search);
      return true;
    }
    const { redirect } = resolve(path, url);
    if (!redirect) return false;
    res.writeHead(301, [...policy.responseHead(), "Location", redirect.location, "Cache-Control", redirect.cacheControl, "Content-Length", "0"]);
    res.end();
    logAnswered(req, res);
    return true;
  };

  const fromCache: RequestHandler = async (req, res, next) => {
    if (!store || (req.method !== "GET" && req.method !== "HEAD") || pageQueryRedirect(req.path, queryOf(req.originalUrl))) return next();
    try {
      // With the database away, the pages already here keep being served (decision 080).
      await watcher.check().catch(() => undefined);
      const search = queryOf(req.originalUrl);
      const page = store.get(keyOf(req.path, search));
      if (!page) return next();
      sendStoredPage(req, res, page);
      counted(req, page.status, req.path, search);
    } catch (error) {
      next(error);
    }
  };

  const renderPages: RequestHandler = async (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return renderPerRequest(req, res, next, undefined);
    // One address per page (decision 140): any other spelling is sent there, never rendered.
    const { redirect, rule } = resolve(req.path, req.originalUrl);
    if (redirect) {
      res.statusCode = 301;
      res.setHeader("Location", redirect.location);
      res.setHeader("Cache-Control", redirect.cacheControl);
      return res.end();
    }
    const search = queryOf(req.originalUrl);
    if (rule && !store) res.once("finish", () => counted(req, res.statusCode, req.path, search));
    if (!rule || !store) {
      // Another process's changes reach what renders keep (server/cache/content-memo.server.ts)
      // here too; with the database away, the render says so itself.
      await watcher.check().catch(() => undefined);
      return renderPerRequest(req, res, next, rule);
    }
    try {
      await watcher.check();
      const key = keyOf(req.path, search);
      let page = store.get(key);
      // A miss that costs the client a limit (a search): counted here, for the one who asked,
      // since the render below is shared. Refused, the page renders for this client alone, and
      // its loader answers the refusal (429).
      if (!page && rule.limit && (await countAttempt(db, rule.limit, clientKey(req)))) return renderPerRequest(req, res, next, undefined);
      if (!page) {
        const rendered = await renderOnce(key, rule);
        const full = rendered.status === 404 && store.notFoundPages >= MAX_KEPT_NOT_FOUND_PAGES;
        if (!rendered.keep || full) {
          sendRendered(req, res, rendered, policy);
          return counted(req, rendered.status, req.path, search);
        }
        // Compressed fast for this answer; the best compression replaces it in the background.
        page = await toStoredPage(rendered, rendered.rule, policy, "fast");
        store.set(key, page);
        if (rendered.status === 404 && key.startsWith(BLOG_PAGE_PREFIX)) {
          notePageBeyond(Number(key.slice(BLOG_PAGE_PREFIX.length)));
        }
        improve(key, page, () => toStoredPage(rendered, rendered.rule, policy, "best"));
      }
      sendStoredPage(req, res, page);
      counted(req, page.status, req.path, search);
    } catch (error) {
      next(error);
    }
  };

  const renderPerRequest = perRequestRenderer(policy, perRequest);

  return { serveCached, fromCache, render: renderPages };
}

/**
 * What keeps the page cache true to the database: a generation that moves on every content
 * change (a render begun before it is not kept), the next scheduled publication (decision 125:
 * blog pages kept now expire then), and the first list page past the last one.
 */
function pageCacheFreshness({ config, db }: AppServices, store: PageStore | undefined, content: PageCacheContent) {
  let generation = 0;
  // When the next scheduled post or page goes public (decisions 125, 197): pages kept now expire then.
  let nextPublication: Promise<number | undefined> | undefined;
  let knownNext: number | undefined;
  const scheduledExpiry = (): Promise<number | undefined> => {
    // Once that moment has passed, the one after it is read again.
    if (knownNext !== undefined && Date.now() >= knownNext) nextPublication = undefined;
    nextPublication ??= Promise.all(content.nextPublications.map((next) => next(db))).then(
      (next) => (knownNext = earliest(next)),
      (error: unknown) => {
        nextPublication = undefined;
        throw error;
      },
    );
    return nextPublication;
  };
  // Every list page past the last one is the same 404. Once one is kept, the numbers after it
  // share its address, so a crawl of made-up page numbers is answered from the cache.
  let firstPageBeyond: number | undefined;
  const rendering = sharedRenders<Rendered & { rule: PageRule }>();
  const keyOf = (path: string, search: string) => {
    const key = pageCacheKey(path, search);
    if (firstPageBeyond === undefined || !key.startsWith(BLOG_PAGE_PREFIX)) return key;
    return Number(key.slice(BLOG_PAGE_PREFIX.length)) > firstPageBeyond ? `${BLOG_PAGE_PREFIX}${firstPageBeyond}` : key;
  };
  const invalidate = (tags: string[] | "all") => {
    if (tags === "all" || tags.includes(POSTS_TAG)) firstPageBeyond = undefined;
    generation += 1;
    nextPublication = undefined;
    knownNext = undefined;
    rendering.forget();
    store?.invalidate(tags !== "all" && tags.includes(EVERY_PAGE_TAG) ? "all" : tags);
    // What renders work out from the posts as a whole goes with the pages (decision 194).
    content.forgetDerived(db);
  };
  onLocalContentChange(invalidate);
  const watcher = watchContentChanges(db, invalidate, { intervalMs: config.pageCacheCheckMs });
  return {
    watcher,
    rendering,
    keyOf,
    scheduledExpiry,
    generation: () => generation,
    notePageBeyond: (page: number) => {
      firstPageBeyond = Math.min(firstPageBeyond ?? Infinity, page);
    },
  };
}

/**
 * Whatever answered it, a public page sent with 200 or 404 to a GET is a view (decision 141).
 * Counting never costs the answer: whatever it meets, the page has been sent.
 */
function viewCounter({ logger }: AppServices, countView: Options["countView"]) {
  return (req: IncomingMessage, status: number, path: string, search: string) => {
    if (!countView || req.method !== "GET" || (status !== 200 && status !== 404)) return;
    try {
      countView(req, status, path, search);
    } catch (error) {
      logger.warn({ err: error }, "a page view could not be counted");
    }
  };
}

/**
 * The page a GET names and its rule, or where it is sent when it names it another way (decision
 * 140): the page's own address, the query kept, or without a value the page has another address
 * for. Shared caches may keep the redirect when they may keep the page; a path no page has may
 * belong to the API or the files, so its redirect is not kept. React Router's data requests are
 * not pages: nothing to resolve.
 */
function addressResolver(build: ServerBuild, searchLimit: RateLimitRule) {
  const findPage = pageAddressFinder(build.routes);
  return (path: string, url: string) => {
    if (isRouterDataRequest(path)) return {};
    const normalised = isNormalisedPath(path) ? path : normalisedPath(path);
    const address = findPage(normalised);
    const rule = address && pageRule(address, searchLimit);
    const canonical = address?.path ?? normalised;
    const location = canonical === path ? pageQueryRedirect(path, queryOf(url)) : canonical + queryOf(url);
    // The catch-all may answer a page the team edits (decision 197): its loader tags it after the
    // render, but it is tagged from the start so that it expires when the next scheduled page goes public.
    if (location === undefined) return { address, rule: rule && address?.routeId === NOT_FOUND_ROUTE ? withTags(rule, [PAGES_TAG]) : rule };
    const kept = rule !== undefined && address?.routeId !== NOT_FOUND_ROUTE;
    return { redirect: { location, cacheControl: kept ? CANONICAL_REDIRECT_CACHE : NO_STORE } };
  };
}

/** A page rendered for this request alone: its own nonce, and `no-store` unless it is a public page. */
function perRequestRenderer(policy: Options["policy"], perRequest: RequestHandler) {
  return (req: ExpressRequest, res: ExpressResponse, next: NextFunction, rule: PageRule | undefined) => {
    assignNonce(res, policy);
    res.setHeader("Cache-Control", rule ? PUBLIC_PAGE_CACHE : NO_STORE);
    pageCacheControlWins(res);
    return perRequest(req, res, next);
  };
}

/** The query string of a request target, "?" included, or "". */
function queryOf(url: string): string {
  const start = url.indexOf("?");
  return start === -1 ? "" : url.slice(start);
}

/**
 * Replaces each page stored with fast compression by its best compression, one page at a time
 * in the background, as long as the page is still the one kept.
 */
function compressionImprover(store: PageStore | undefined) {
  let queue = Promise.resolve();
  return (key: string, page: StoredPage, best: () => Promise<StoredPage>) => {
    if (!store) return;
    queue = queue
      .then(async () => {
        // Dropped or replaced while it waited: nothing to improve.
        if (!store.replace(key, page, page)) return;
        store.replace(key, page, await best());
      })
      .catch(() => undefined);
  };
}


/** The earliest of some moments, in epoch ms; undefined for none. */
function earliest(moments: (Date | null)[]): number | undefined {
  const times = moments.flatMap((moment) => (moment ? [moment.getTime()] : []));
  return times.length ? Math.min(...times) : undefined;
}

/**
 * A page that shows posts or edited pages (tagged) is kept until the next scheduled post or page
 * goes public at most: it may be listed there, or be the article or page itself (a 404 until then).
 */
async function withScheduledExpiry(
  rule: PageRule,
  next: () => Promise<number | undefined>,
): Promise<PageRule | undefined> {
  if (rule.tags.length === 0) return rule;
  let at: number | undefined;
  try {
    at = await next();
  } catch {
    return undefined;
  }
  if (at === undefined) return rule;
  return { ...rule, expiresAt: Math.min(at, rule.expiresAt ?? Infinity) };
}

function withTags(rule: PageRule, tags: string[]): PageRule {
  return tags.length === 0 ? rule : { ...rule, tags: [...new Set([...rule.tags, ...tags])] };
}

async function renderPage(
  render: ReturnType<typeof createRequestHandler>,
  url: string,
  context: AppLoadContext,
): Promise<Rendered & { cacheTags: string[] }> {
  // A request that depends on nobody: no cookies, no user agent, no language.
  const response = await render(new Request(url, { headers: { accept: "text/html" } }), context);
  const body = Buffer.from(withModulesAfterFirstPaint((await answerBytes(response)).toString("utf8")));
  const keep =
    (response.status === 200 || response.status === 404) &&
    !response.headers.has("set-cookie") &&
    !/no-store|private/.test(response.headers.get("cache-control") ?? "");
  return { status: response.status, headers: response.headers, body, keep, cacheTags: context.cacheTags ?? [] };
}

/** An answer not to keep (an error, a cookie, rendered while the content changed): sent once. */
function sendRendered(req: ExpressRequest, res: ExpressResponse, rendered: Rendered, policy: HeaderPolicy): void {
  rendered.headers.forEach((value, name) => {
    if (!OWN_HEADERS.has(name)) res.setHeader(name, value);
  });
  const cookies = rendered.headers.getSetCookie();
  if (cookies.length > 0) res.setHeader("Set-Cookie", cookies);
  const location = rendered.headers.get("location");
  if (location) res.setHeader("Location", locationWithQuery(location, req.originalUrl));
  res.setHeader("Content-Security-Policy", policy.pagePolicy(inlineScriptHashes(rendered.body.toString("utf8"))));
  res.setHeader("Cache-Control", NO_STORE);
  res.statusCode = rendered.status;
  res.end(req.method === "HEAD" ? undefined : rendered.body);
}

/**
 * React Router's adapter appends the page's own headers: a Cache-Control the page sets replaces
 * the default above instead of joining it ("no-store, no-store").
 */
function pageCacheControlWins(res: ExpressResponse): void {
  const append = res.append.bind(res);
  res.append = (field: string, value?: string[] | string) =>
    field.toLowerCase() === "cache-control" && value !== undefined ? res.set(field, value) : append(field, value);
}
