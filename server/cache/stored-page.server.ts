import crypto from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { preferredEncoding, type Encoding } from "../http/accept-encoding.server";
import { inlineScriptHashes } from "./page-html.server";
import type { HeaderPolicy } from "../http/security-headers.server";
import type { PageRule } from "./page-rules.server";
import type { StoredPage } from "./page-store.server";

/**
 * A rendered public page as the page cache keeps it (decisions 071, 140): compressed once, its
 * response head for each encoding written once, then sent as it is.
 */

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/** What a CDN may do with a cached public page: revalidate at once, keep it a minute (decision 071). */
export const PUBLIC_PAGE_CACHE = "public, max-age=0, s-maxage=60, stale-while-revalidate=300";

/** Headers of React Router's answer that the cache neither keeps nor passes on as they are. */
export const OWN_HEADERS = new Set([
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "cache-control",
  "vary",
  "etag",
  "content-security-policy",
  "set-cookie",
]);

/** A page as React Router rendered it; `keep`: an answer the cache may keep. */
export type Rendered = { status: number; headers: Headers; body: Buffer; keep: boolean };

/**
 * Fast: a page just rendered is answered at the fastest levels (a third of the cost of gzip 6 and
 * brotli 5 on the 30 KB article, for about 10% more bytes) rather than waiting on brotli 11.
 * Best: the page as it stays, made in the background.
 */
const COMPRESSION = {
  fast: { gzip: 1, brotli: 1 },
  best: { gzip: 9, brotli: 11 },
} as const;

export async function toStoredPage(
  rendered: Rendered,
  rule: PageRule,
  policy: HeaderPolicy,
  compression: keyof typeof COMPRESSION,
): Promise<StoredPage> {
  const levels = COMPRESSION[compression];
  const [gzipped, brotlied] = await Promise.all([
    gzip(rendered.body, { level: levels.gzip }),
    brotli(rendered.body, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: levels.brotli,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: rendered.body.length,
      },
    }),
  ]);
  const hash = crypto.createHash("sha256").update(rendered.body).digest("base64url").slice(0, 27);
  // The whole head of each answer, written once: the site's policy, the page's own headers, the
  // CSP of its inline scripts, then what differs by encoding.
  const common: string[] = [];
  for (const [name, value] of policy.fixed) common.push(name, value);
  rendered.headers.forEach((value, name) => {
    if (!OWN_HEADERS.has(name)) common.push(name, value);
  });
  common.push("Content-Security-Policy", policy.pagePolicy(inlineScriptHashes(rendered.body.toString("utf8"))));
  common.push("Cache-Control", PUBLIC_PAGE_CACHE, "Vary", "Accept-Encoding");
  // One strong validator per representation: the fast bytes and the best ones differ.
  const validator = (encoding: Encoding) => {
    if (rendered.status !== 200) return [];
    const suffix = encoding === "identity" ? "" : `${ETAG_SUFFIX[encoding]}${compression === "fast" ? "-fast" : ""}`;
    return ["ETag", `"${hash}${suffix}"`];
  };
  const head = (encoding: Encoding, body: Buffer) => [
    ...common,
    ...validator(encoding),
    ...(encoding === "identity" ? [] : ["Content-Encoding", encoding]),
    "Content-Length",
    String(body.length),
  ];
  return {
    status: rendered.status,
    head: { br: head("br", brotlied), gzip: head("gzip", gzipped), identity: head("identity", rendered.body) },
    notModified: [...common, ...validator("identity")],
    identity: rendered.body,
    gzip: gzipped,
    br: brotlied,
    hash,
    tags: rule.tags,
    expiresAt: rule.expiresAt,
    share: rule.share,
  };
}

const ETAG_SUFFIX: Record<Exclude<Encoding, "identity">, string> = { br: "-br", gzip: "-gz" };

/** Sends a stored page with one writeHead of its prepared head (merged with any header set before). */
export function sendStoredPage(req: IncomingMessage, res: ServerResponse, page: StoredPage): void {
  const encoding = preferredEncoding(req.headers["accept-encoding"], { br: true, gzip: true });
  if (page.status === 200 && matches(req.headers["if-none-match"], page.hash)) {
    const head = withCacheControl(page.notModified.slice(), page);
    const full = page.head[encoding];
    head[head.indexOf("ETag") + 1] = full[full.indexOf("ETag") + 1]!;
    res.writeHead(304, head);
    res.end();
    return;
  }
  const head = page.expiresAt === undefined ? page.head[encoding] : withCacheControl(page.head[encoding].slice(), page);
  res.writeHead(page.status, isRedirect(page.status) ? withRequestQuery(head, req.url) : head);
  res.end(req.method === "HEAD" ? undefined : page[encoding]);
}

function isRedirect(status: number): boolean {
  return status >= 300 && status < 400;
}

/**
 * A redirect kept for a page answers every query of its address, so each answer sends on the
 * query it was asked with: a campaign's `utm_*` tags survive a page or post that moved.
 */
function withRequestQuery(head: string[], url: string | undefined): string[] {
  const at = head.indexOf("location");
  if (at === -1) return head;
  const copy = head.slice();
  copy[at + 1] = locationWithQuery(copy[at + 1]!, url);
  return copy;
}

/** The location with the request's query, unless it has one of its own. */
export function locationWithQuery(location: string, url: string | undefined): string {
  const query = url?.indexOf("?") ?? -1;
  if (query === -1 || location.includes("?")) return location;
  return location + url!.slice(query);
}

/** A page kept until a given moment tells a CDN how long it may keep it, counted now. */
function withCacheControl(head: string[], page: StoredPage): string[] {
  if (page.expiresAt !== undefined) head[head.indexOf("Cache-Control") + 1] = cacheControl(page);
  return head;
}

function cacheControl(page: StoredPage): string {
  if (page.expiresAt === undefined) return PUBLIC_PAGE_CACHE;
  // A CDN must not keep yesterday's date either.
  const left = Math.max(0, Math.floor((page.expiresAt - Date.now()) / 1000));
  return left >= 60 ? PUBLIC_PAGE_CACHE : `public, max-age=0, s-maxage=${left}`;
}

/**
 * Whether the client holds any representation of this content (If-None-Match compares weakly:
 * every encoding and compression of the same bytes is still valid for it).
 */
function matches(ifNoneMatch: string | undefined, hash: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === "*") return true;
  return ifNoneMatch.split(",").some((tag) => {
    const bare = tag.trim().replace(/^W\//, "").replace(/^"|"$/g, "");
    return bare === hash || bare.startsWith(`${hash}-`);
  });
}
