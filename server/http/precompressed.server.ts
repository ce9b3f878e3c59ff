import { readdirSync } from "node:fs";
import path from "node:path";
import type { RequestHandler } from "express";
import { preferredEncoding } from "./accept-encoding.server";

const TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".json": "application/json; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".xml": "application/xml; charset=utf-8",
  ".html": "text/html; charset=utf-8",
};

/**
 * Serves the brotli or gzip file that `npm run build` wrote beside a static file (scripts/
 * precompress.mjs) when the client accepts it, by pointing express.static at that file: nothing is
 * compressed per request. Files without such a sibling pass through untouched.
 */
export function precompressed(dir: string): RequestHandler {
  const files = listFiles(dir);
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const type = TYPES[path.extname(req.path)];
    if (!type) return next();
    const encoding = preferredEncoding(req.headers["accept-encoding"], {
      br: files.has(`${req.path}.br`),
      gzip: files.has(`${req.path}.gz`),
    });
    res.vary("Accept-Encoding");
    if (encoding === "identity") return next();
    res.setHeader("Content-Type", type);
    res.setHeader("Content-Encoding", encoding);
    req.url = `${req.path}.${encoding === "br" ? "br" : "gz"}`;
    next();
  };
}

/** Every file under `dir`, as URL paths ("/assets/x.js"); empty when there is no such folder. */
function listFiles(dir: string): Set<string> {
  const files = new Set<string>();
  try {
    for (const entry of readdirSync(dir, { recursive: true, encoding: "utf8" })) files.add(`/${entry.split(path.sep).join("/")}`);
  } catch {
    // No such folder (not built): nothing to serve.
  }
  return files;
}

/**
 * Runs `handler` (the static file middleware) only for paths that are files of the build, listed
 * once at start: a page request never costs a file system lookup.
 */
export function onlyBuiltFiles(dir: string, handler: RequestHandler): RequestHandler {
  const files = listFiles(dir);
  return (req, res, next) => {
    let pathname = req.path;
    try {
      pathname = decodeURIComponent(pathname);
    } catch {
      return next();
    }
    if (!files.has(pathname)) return next();
    handler(req, res, next);
  };
}
