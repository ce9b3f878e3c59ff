import crypto from "node:crypto";
import { isCasePath } from "../../domain/disclosure-case";
import { normalisedPath } from "./path-spelling.server";
import type { RequestHandler, Response } from "express";
import { VIDEO_EMBED_ORIGINS } from "../../domain/embeds";

/**
 * The header policy of every response (docs/decisions/070). Written as fixed strings built once,
 * so a response pays for a few setHeader calls and nothing else:
 *
 * - every response: a Content-Security-Policy that allows nothing (`default-src 'none'`), no
 *   framing, no MIME sniffing, a referrer and a permissions policy, and HSTS whenever the site's
 *   public URL is https (a proxy may end TLS in front of the process, so `req.secure` says nothing);
 * - HTML pages replace that CSP with `pagePolicy(...)`: scripts by this response's nonce or, on
 *   cached pages, by the SHA-256 hashes of the inline scripts the page carries.
 */
export type HeaderPolicy = {
  /** Sets the headers every response carries; pages override the CSP. */
  middleware: RequestHandler;
  /** The page CSP whose scripts are allowed by these sources (`'nonce-…'` or `'sha256-…'`). */
  pagePolicy: (scriptSources: string[]) => string;
  /** The headers every response carries besides its CSP (the page cache writes them itself). */
  fixed: readonly (readonly [string, string])[];
  /** What `middleware` sets, as a flat list of names and values, for an answer written before Express. */
  responseHead: () => string[];
};

/**
 * Resources and API answers: nothing to load, never framed, and no script runs (a fresh nonce
 * that nothing in the answer carries, so the rule "scripts by nonce or hash only" holds for
 * every response alike).
 */
const nothingPolicy = () =>
  `default-src 'none'; script-src 'nonce-${freshNonce()}'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'`;

// Random bytes drawn in blocks: a nonce per response costs a slice, not a system call.
let pool = Buffer.alloc(0);
let offset = 0;
function freshNonce(): string {
  if (offset + 16 > pool.length) {
    pool = crypto.randomBytes(16 * 256);
    offset = 0;
  }
  offset += 16;
  return pool.toString("base64", offset - 16, offset);
}

export function headerPolicy({ siteUrl, development = false }: { siteUrl: string; development?: boolean }): HeaderPolicy {
  const https = siteUrl.startsWith("https://");
  const fixed: [string, string][] = [
    ["X-Content-Type-Options", "nosniff"],
    ["X-Frame-Options", "DENY"],
    ["Referrer-Policy", "strict-origin-when-cross-origin"],
    ["Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()"],
    ["Cross-Origin-Opener-Policy", "same-origin"],
    ["Cross-Origin-Resource-Policy", "same-origin"],
    ["Origin-Agent-Cluster", "?1"],
    ["X-DNS-Prefetch-Control", "off"],
    ["X-Permitted-Cross-Domain-Policies", "none"],
  ];
  if (https) fixed.push(["Strict-Transport-Security", "max-age=31536000; includeSubDomains"]);

  // What a page of this site needs, and nothing else.
  const pageDirectives = [
    "default-src 'none'",
    "connect-src 'self'" + (development ? " ws:" : ""),
    "img-src 'self' data: https:",
    // Stylesheets only from our origin; style attributes (article colours, toast positions) allowed.
    "style-src 'self'" + (development ? " 'unsafe-inline'" : ""),
    "style-src-attr 'unsafe-inline'",
    "font-src 'self'",
    "manifest-src 'self'",
    `frame-src ${VIDEO_EMBED_ORIGINS.join(" ")}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(https ? ["upgrade-insecure-requests"] : []),
  ];
  const pagePolicy = (scriptSources: string[]) =>
    [
      // 'strict-dynamic': the allowed bootstrap may load the module graph (decision 072).
      `script-src 'strict-dynamic' ${scriptSources.join(" ")}` + (development ? " 'self' 'unsafe-eval'" : ""),
      ...pageDirectives,
    ].join("; ");

  const middleware: RequestHandler = (req, res, next) => {
    res.setHeader("Content-Security-Policy", nothingPolicy());
    for (const [name, value] of fixed) res.setHeader(name, value);
    // A reporter's case is keyed by its address: no page of it names it to another site (decision 144).
    if (/case/i.test(req.url) && isCasePath(normalisedPath(req.path).toLowerCase())) res.setHeader("Referrer-Policy", "no-referrer");
    next();
  };
  const fixedHead = fixed.flat();
  const responseHead = () => ["Content-Security-Policy", nothingPolicy(), ...fixedHead];
  return { middleware, pagePolicy, fixed, responseHead };
}

/** A fresh nonce for this response: set into its CSP and returned for React to stamp on scripts. */
export function assignNonce(res: Response, policy: HeaderPolicy): string {
  const nonce = freshNonce();
  res.locals.cspNonce = nonce;
  res.setHeader("Content-Security-Policy", policy.pagePolicy([`'nonce-${nonce}'`]));
  return nonce;
}

/** The CSP source of an inline script's text. */
export function scriptHashSource(text: string): string {
  return `'sha256-${crypto.createHash("sha256").update(text, "utf8").digest("base64")}'`;
}
