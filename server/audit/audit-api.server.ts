import express from "express";
import { accountMessages } from "../../domain/account";
import { isAuditKind } from "../../domain/audit";
import type { AppServices } from "../context.server";
import { sendApiError } from "../http/api-errors.server";
import { adminRoutes } from "../auth/admin-routes.server";
import { isAuditAction, listAuditEvents } from "./audit.server";

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * A `from` or `to` bound as an ISO instant: a full time as given (the screen sends the admin's
 * local midnight), a bare date as that UTC day's start, or the next day's for `to` (inclusive).
 * Undefined when absent; null when it is not a date.
 */
function readBound(value: unknown, end: boolean): string | undefined | null {
  if (value === undefined || value === "") return undefined;
  if (typeof value !== "string") return null;
  if (DAY.test(value)) {
    const start = Date.parse(`${value}T00:00:00Z`);
    if (Number.isNaN(start)) return null;
    return new Date(start + (end ? 24 * 60 * 60 * 1000 : 0)).toISOString();
  }
  if (!INSTANT.test(value) || Number.isNaN(Date.parse(value))) return null;
  return new Date(value).toISOString();
}

/** GET /api/admin/audit: the account's audit trail, a page at a time, by action or kind of event and by date. */
export function auditRouter(services: AppServices) {
  const { db } = services;
  const router = express.Router();
  const admin = adminRoutes(router, services);

  admin.door("audit.read").get("/admin/audit", async (req, res) => {
    const page = req.query.page === undefined ? 1 : Number(req.query.page);
    if (!Number.isInteger(page) || page < 1) return sendApiError(res, 400, accountMessages.pageInvalid, { page: accountMessages.pageInvalid });
    const action = req.query.action === undefined || req.query.action === "" ? undefined : req.query.action;
    if (action !== undefined && !isAuditAction(action)) {
      return sendApiError(res, 400, accountMessages.actionInvalid, { action: accountMessages.actionInvalid });
    }
    const kind = req.query.kind === undefined || req.query.kind === "" ? undefined : req.query.kind;
    if (kind !== undefined && !isAuditKind(kind)) return sendApiError(res, 400, accountMessages.kindInvalid, { kind: accountMessages.kindInvalid });
    const from = readBound(req.query.from, false);
    if (from === null) return sendApiError(res, 400, accountMessages.dateInvalid, { from: accountMessages.dateInvalid });
    const to = readBound(req.query.to, true);
    if (to === null) return sendApiError(res, 400, accountMessages.dateInvalid, { to: accountMessages.dateInvalid });
    const actor = typeof req.query.actor === "string" && req.query.actor !== "" ? req.query.actor.slice(0, 100) : undefined;
    res.json(await listAuditEvents(db, { page, action, kind, from, to, actor }));
  });

  return router;
}
