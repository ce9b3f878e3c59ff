import type { RequestHandler } from "express";
import { sendApiError } from "./api-errors.server";

/** The answer to a refused cross-site request (403). */
export const CROSS_SITE_REFUSED = "Cross-site requests are not accepted. Submit the form from this site.";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const LOOPBACK_HOSTS = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])(?::\d+)?$/i;

/**
 * Refuses every state-changing request (any method but GET, HEAD and OPTIONS, on every path:
 * API, form actions and their `.data` paths) that a browser marks as sent by another site:
 * `Sec-Fetch-Site: cross-site`, or an `Origin` other than SITE_URL's. Scripts without an Origin
 * (curl) and same-origin browsers, with or without JavaScript, pass. A loopback Origin equal to
 * the request's own Host also passes, so a site opened as 127.0.0.1 while SITE_URL says
 * localhost (development, tests) still works; no public page can produce that pair.
 * See docs/decisions/061-cross-site-requests.md.
 */
export function refuseCrossSite(siteUrl: string): RequestHandler {
  const siteOrigin = new URL(siteUrl).origin;
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    if (req.get("sec-fetch-site")?.toLowerCase() === "cross-site") return refuse(res);
    const origin = req.get("origin");
    if (origin === undefined || origin === siteOrigin || isOwnLoopbackOrigin(origin, req.get("host"))) {
      return next();
    }
    refuse(res);
  };
}

function isOwnLoopbackOrigin(origin: string, host: string | undefined): boolean {
  if (!host || !LOOPBACK_HOSTS.test(host)) return false;
  try {
    const url = new URL(origin);
    return (url.protocol === "http:" || url.protocol === "https:") && url.host.toLowerCase() === host.toLowerCase();
  } catch {
    return false;
  }
}

function refuse(res: Parameters<RequestHandler>[1]): void {
  sendApiError(res, 403, CROSS_SITE_REFUSED);
}
