import type { RequestHandler, Response } from "express";
import { caseTexts } from "../../domain/disclosure-case";
import type { AppServices } from "../context.server";
import { sendApiError, sendRateLimited } from "../http/api-errors.server";
import { clientKey } from "../http/client-key.server";
import { CASE_HEADERS, openCase } from "./case.server";

/**
 * The way into a case for every door of the case API: its headers, the client's and the link's
 * limits, then the report the token opens (`reportIdOf`, `linkHashOf`); 404 or 429 otherwise.
 */
export function caseDoor(db: AppServices["db"]): RequestHandler {
  return async (req, res, next) => {
    res.set(CASE_HEADERS);
    const opened = await openCase(db, req.params.token as string, clientKey(req));
    if (opened.ok) {
      res.locals.reportId = opened.reportId;
      res.locals.linkHash = opened.linkHash;
      return next();
    }
    if ("code" in opened) return sendRateLimited(res, opened);
    sendApiError(res, 404, caseTexts.notFound);
  };
}

export const reportIdOf = (res: Response) => res.locals.reportId as string;
export const linkHashOf = (res: Response) => res.locals.linkHash as string;
