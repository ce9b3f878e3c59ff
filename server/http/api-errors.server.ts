import express, { type ErrorRequestHandler, type RequestHandler, type Response } from "express";
import type { Logger } from "../logger.server";

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

/** Turns body-parser failures into clear 4xx answers; anything else is logged and answers 500. */
export function apiErrorHandler(logger: Logger): ErrorRequestHandler {
  return (error: unknown, _req, res, next) => {
    if (res.headersSent) return next(error);
    const type = (error as { type?: string }).type;
    if (type === "entity.too.large") return sendApiError(res, 413, "Request body is too large");
    if (type === "entity.parse.failed") return sendApiError(res, 400, "Request body is not valid JSON");
    if (type === "encoding.unsupported" || type === "charset.unsupported") {
      return sendApiError(res, 415, "Unsupported request encoding");
    }
    logger.error({ err: error }, "unhandled API error");
    sendApiError(res, 500, "Something went wrong on our side. Please try again.");
  };
}
