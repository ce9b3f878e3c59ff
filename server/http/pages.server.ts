import crypto from "node:crypto";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from "express";
import { createRequestHandler, type AppLoadContext, type ServerBuild } from "react-router";
import type { AppServices } from "../context.server";
import { watchContentChanges, onLocalContentChange } from "../cache/content-changes.server";
import { createPageStore, type StoredPage } from "../cache/page-store.server";
import { pageCacheKey, pageRule, type PageRule } from "../cache/page-rules.server";
import { nextScheduledPublication } from "../blog/post-visibility.server";
import { preferredEncoding } from "./accept-encoding.server";
import { inlineScriptHashes, withModulesAfterFirstPaint } from "./page-html.server";
import { assignNonce, type HeaderPolicy } from "./security-headers.server";

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/** What a CDN may do with a cached public page: revalidate at once, keep it a minute (decision 071). */
export const PUBLIC_PAGE_CACHE = "public, max-age=0, s-maxage=60, stale-while-revalidate=300";
/** Admin pages, API answers and anything that is not a cacheable page. */
export const NO_STORE = "no-store";

/**
 * Not-found answers kept at most: every made-up address is a 404 of its own, and without a cap a
 * crawl of them would be rendered, compressed and kept one by one. Beyond it they are rendered
 * and sent, not kept.
 */
const MAX_KEPT_NOT_FOUND_PAGES = 200;

/** Headers of React Router's answer that the cache neither keeps nor passes on as they are. */
const OWN_HEADERS = new Set([
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "cache-control",
  "vary",
  "etag",
  "content-security-policy",
  "set-cookie",
]);

type Options = {
  services: AppServices;
  /** The loaded build: React Router prepares its routes once for it, not at every request. */
  build: ServerBuild;
  policy: HeaderPolicy;
  /** Renders a page for this request alone, with its nonce (site-router's `pageRenderer`). */
  perRequest: RequestHandler;
};

/**
 * React Router's pages. Public GET and HEAD pages come from the page cache (rendered once,
 * compressed once, scripts allowed by hash); everything else is rendered per request with a
 * nonce and `no-store` (decisions 070, 071, 072).
 */
export function pagesHandler({ services, build, policy, perRequest }: Options): {
  /** Answers a request for a page the cache holds; passes anything else on. Cheap: runs first. */
  fromCache: RequestHandler;
  /** Renders every other page request (into the cache when it is a public page). */
  render: RequestHandler;
} {
  const { config, db } = services;
  const store = config.pageCacheMaxBytes > 0 ? createPageStore(config.pageCacheMaxBytes) : undefined;
  let generation = 0;
  // When the next scheduled post goes public (decision 125): blog pages kept now expire then.
  let nextPublication: Promise<number | undefined> | undefined;
  let knownNext: number | undefined;
  const scheduledExpiry = (): Promise<number | undefined> => {
    // Once that moment has passed, the one after it is read again.
    if (knownNext !== undefined && Date.now() >= knownNext) nextPublication = undefined;
    nextPublication ??= nextScheduledPublication(db).then(
      (next) => (knownNext = next?.getTime()),
      (error: unknown) => {
        nextPublication = undefined;
        throw error;
      },
    );
    return nextPublication;
  };
  const invalidate = (tags: string[] | "all") => {
    generation += 1;
    nextPublication = undefined;
    knownNext = undefined;
    store?.invalidate(tags);
  };
  onLocalContentChange(invalidate);
  const watcher = watchContentChanges(db, invalidate, { intervalMs: config.pageCacheCheckMs });
  const render = createRequestHandler(build, "production");
  const origin = new URL(config.public.siteUrl).origin;
  const rendering = new Map<string, Promise<Rendered & { rule: PageRule }>>();

  const renderOnce = (key: string, rule: PageRule): Promise<Rendered & { rule: PageRule }> => {
    let pending = rendering.get(key);
    if (!pending) {
      const startedAt = generation;
      // Read before rendering: a post that goes public while the page renders still drops it.
      pending = withScheduledExpiry(rule, scheduledExpiry)
        .then((expiry) =>
          // GET pages only: no action runs here, so no client's limit is counted.
          renderPage(render, `${origin}${key}`, { services, cspNonce: undefined, clientKey: "" }).then((rendered) => ({
            ...rendered,
            // Without the publication time (database away), the page is sent but not kept.
            keep: rendered.keep && startedAt === generation && expiry !== undefined,
            rule: expiry ?? rule,
          })),
        )
        .finally(() => rendering.delete(key));
      rendering.set(key, pending);
    }
    return pending;
  };

  const fromCache: RequestHandler = async (req, res, next) => {
    if (!store || (req.method !== "GET" && req.method !== "HEAD") || !pageRule(req.path)) return next();
    try {
      // With the database away, the pages already here keep being served (decision 080).
      await watcher.check().catch(() => undefined);
      const page = store.get(cacheKey(req));
      if (!page) return next();
      sendPage(req, res, page);
    } catch (error) {
      next(error);
    }
  };

  const renderPages: RequestHandler = async (req, res, next) => {
    const rule = req.method === "GET" || req.method === "HEAD" ? pageRule(req.path) : undefined;
    if (!rule || !store) {
      assignNonce(res, policy);
      res.setHeader("Cache-Control", rule ? PUBLIC_PAGE_CACHE : NO_STORE);
      pageCacheControlWins(res);
      return perRequest(req, res, next);
    }
    try {
      await watcher.check();
      const key = cacheKey(req);
      let page = store.get(key);
      if (!page) {
        const rendered = await renderOnce(key, rule);
        const full = rendered.status === 404 && store.notFoundPages >= MAX_KEPT_NOT_FOUND_PAGES;
        if (!rendered.keep || full) return sendRendered(req, res, rendered, policy);
        page = await toStoredPage(rendered, rendered.rule, policy);
        store.set(key, page);
      }
      sendPage(req, res, page);
    } catch (error) {
      next(error);
    }
  };

  return { fromCache, render: renderPages };
}

/** The page's cache address: its path and only the query parameters it reads. */
function cacheKey(req: ExpressRequest): string {
  return pageCacheKey(req.path, new URL(req.originalUrl, "http://page").searchParams);
}

/**
 * A page that shows posts (tagged) is kept until the next scheduled post goes public at most: it
 * may be listed there, or be the article itself (a 404 until then).
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

type Rendered = { status: number; headers: Headers; body: Buffer; keep: boolean };

async function renderPage(
  render: ReturnType<typeof createRequestHandler>,
  url: string,
  context: AppLoadContext,
): Promise<Rendered> {
  // A request that depends on nobody: no cookies, no user agent, no language.
  const response = await render(new Request(url, { headers: { accept: "text/html" } }), context);
  const body = Buffer.from(withModulesAfterFirstPaint(await response.text()));
  const keep =
    (response.status === 200 || response.status === 404) &&
    !response.headers.has("set-cookie") &&
    !/no-store|private/.test(response.headers.get("cache-control") ?? "");
  return { status: response.status, headers: response.headers, body, keep };
}

async function toStoredPage(rendered: Rendered, rule: PageRule, policy: HeaderPolicy): Promise<StoredPage> {
  const headers: Record<string, string> = {};
  rendered.headers.forEach((value, name) => {
    if (!OWN_HEADERS.has(name)) headers[name] = value;
  });
  const html = rendered.body.toString("utf8");
  headers["content-security-policy"] = policy.pagePolicy(inlineScriptHashes(html));
  const [gzipped, brotlied] = await Promise.all([
    gzip(rendered.body, { level: 9 }),
    brotli(rendered.body, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: rendered.body.length,
      },
    }),
  ]);
  return {
    status: rendered.status,
    headers,
    identity: rendered.body,
    gzip: gzipped,
    br: brotlied,
    hash: crypto.createHash("sha256").update(rendered.body).digest("base64url").slice(0, 27),
    tags: rule.tags,
    expiresAt: rule.expiresAt,
  };
}

function sendPage(req: ExpressRequest, res: ExpressResponse, page: StoredPage): void {
  const encoding = preferredEncoding(req.headers["accept-encoding"], { br: true, gzip: true });
  const etag = `"${page.hash}${encoding === "br" ? "-br" : encoding === "gzip" ? "-gz" : ""}"`;
  for (const [name, value] of Object.entries(page.headers)) res.setHeader(name, value);
  res.setHeader("Cache-Control", cacheControl(page));
  res.setHeader("Vary", "Accept-Encoding");
  if (page.status === 200) {
    res.setHeader("ETag", etag);
    if (matches(req.headers["if-none-match"], page.hash)) {
      res.statusCode = 304;
      res.end();
      return;
    }
  }
  const body = page[encoding];
  if (encoding !== "identity") res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", body.length);
  res.statusCode = page.status;
  res.end(req.method === "HEAD" ? undefined : body);
}

/** An answer not to keep (an error, a cookie, rendered while the content changed): sent once. */
function sendRendered(req: ExpressRequest, res: ExpressResponse, rendered: Rendered, policy: HeaderPolicy): void {
  rendered.headers.forEach((value, name) => {
    if (!OWN_HEADERS.has(name)) res.setHeader(name, value);
  });
  const cookies = rendered.headers.getSetCookie();
  if (cookies.length > 0) res.setHeader("Set-Cookie", cookies);
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

function cacheControl(page: StoredPage): string {
  if (page.expiresAt === undefined) return PUBLIC_PAGE_CACHE;
  // A CDN must not keep yesterday's date either.
  const left = Math.max(0, Math.floor((page.expiresAt - Date.now()) / 1000));
  return left >= 60 ? PUBLIC_PAGE_CACHE : `public, max-age=0, s-maxage=${left}`;
}

function matches(ifNoneMatch: string | undefined, hash: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === "*") return true;
  return ifNoneMatch.split(",").some((tag) => {
    const bare = tag.trim().replace(/^W\//, "").replace(/^"|"$/g, "");
    return bare === hash || bare === `${hash}-br` || bare === `${hash}-gz`;
  });
}
