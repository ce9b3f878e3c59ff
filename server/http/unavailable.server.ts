import type { ErrorRequestHandler, Request, Response } from "express";
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from "../db/database-errors.server";
import type { Logger } from "../logger.server";

const UNAVAILABLE_MESSAGE =
  "The site is briefly unavailable while its database reconnects. Please try again in a few seconds.";

/** 503 with Retry-After: JSON for the API and scripts, a short page for browsers. */
export function sendDatabaseUnavailable(req: Request, res: Response): void {
  res.status(503).set({ "Retry-After": String(DATABASE_RETRY_AFTER_SECONDS), "Cache-Control": "no-store" });
  const wantsJson = req.originalUrl.startsWith("/api/") || !req.accepts("html");
  if (wantsJson) return void res.json({ error: UNAVAILABLE_MESSAGE });
  res
    .type("html")
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Briefly unavailable</title></head>` +
        `<body><main><h1>Briefly unavailable</h1><p>${UNAVAILABLE_MESSAGE}</p></main></body></html>`,
    );
}

/**
 * The last error handler: a database that is away (restarting, failing over, locked beyond its
 * busy timeout) answers 503 instead of 500; everything else goes on to Express's own handler.
 */
export function databaseUnavailableHandler(logger: Logger): ErrorRequestHandler {
  return (error: unknown, req, res, next) => {
    if (res.headersSent || !isDatabaseUnavailable(error)) return next(error);
    logger.warn({ err: error, path: req.path }, "database unavailable: answered 503");
    sendDatabaseUnavailable(req, res);
  };
}
