import { STATUS_CODES } from "node:http";
import express, { type ErrorRequestHandler, type RequestHandler, type Response } from "express";
import { isDatabaseUnavailable } from "../db/database-errors.server";
import type { RateLimited } from "../limits/rate-limits.server";
import type { Logger } from "../logger.server";
import { sendDatabaseUnavailable } from "./unavailable.server";

/** The one shape of every API error: `{ error, fields? }` (DESIGN.md). */
export type ApiErrorBody = { error: string; fields?: Record<string, string> };

export function sendApiError(
  res: Response,
  status: number,
  error: string,
  fields?: Record<string, string>,
): void {
  const body: ApiErrorBody = fields ? { error, fields } : { error };
  res.status(status).set("Cache-Control", "no-store").json(body);
}

/**
 * A limit's refusal from any service: 429 with its own message, Retry-After and the IETF
 * RateLimit headers (draft 8, as express-rate-limit sent them).
 */
export function sendRateLimited(res: Response, limited: RateLimited): void {
  const policy = `"${limited.limit}-in-${limited.windowSeconds}s"`;
  res.set({
    "Retry-After": String(limited.retryAfterSeconds),
    "RateLimit-Policy": `${policy}; q=${limited.limit}; w=${limited.windowSeconds}`,
    RateLimit: `${policy}; r=0; t=${limited.retryAfterSeconds}`,
  });
  sendApiError(res, 429, limited.error);
}

/** JSON bodies with a hard size cap; a bigger one is refused with 413 by `apiErrorHandler`. */
export function jsonBody(limit = "100kb"): RequestHandler {
  return express.json({ limit });
}

/** Form posts of pages that work without JavaScript. */
export function formBody(limit = "100kb"): RequestHandler {
  return express.urlencoded({ extended: false, limit, parameterLimit: 50 });
}

/** Unknown API paths answer JSON, not the HTML not-found page. */
export const apiNotFound: RequestHandler = (_req, res) => sendApiError(res, 404, "Not found");

/**
 * Turns body-parser failures into clear 4xx answers and an absent database into 503; anything
 * else is logged and answers 500.
 */
export function apiErrorHandler(logger: Logger): ErrorRequestHandler {
  return (error: unknown, req, res, next) => {
    if (res.headersSent) return next(error);
    if (isDatabaseUnavailable(error)) {
      logger.warn({ err: error, path: req.path }, "database unavailable: answered 503");
      return sendDatabaseUnavailable(req, res);
    }
    const type = (error as { type?: string }).type;
    if (type === "entity.too.large") return sendApiError(res, 413, "Request body is too large");
    if (type === "entity.parse.failed") return sendApiError(res, 400, "Request body is not valid JSON");
    if (type === "encoding.unsupported" || type === "charset.unsupported") {
      return sendApiError(res, 415, "Unsupported request encoding");
    }
    // Errors Express marks as the client's (a path with malformed percent-encoding is 400).
    const status = Number((error as { status?: unknown }).status);
    if (Number.isInteger(status) && status >= 400 && status < 500) {
      return sendApiError(res, status, STATUS_CODES[status] ?? "Bad request");
    }
    logger.error({ err: error }, "unhandled API error");
    sendApiError(res, 500, "Something went wrong on our side. Please try again.");
  };
}

/** Every API answer is never stored (the API table mounts this first); a door may say otherwise for its own. */
export const noStore: RequestHandler = (_req, res, next) => {
  res.setHeader("Cache-Control", "no-store");
  next();
};
