import express from "express";
import { accountMessages } from "../../domain/account";
import type { AppServices } from "../context.server";
import { sendApiError } from "../http/api-errors.server";
import { requireAdmin } from "../http/require-admin.server";
import { isAuditAction, listAuditEvents } from "./audit.server";

/** GET /api/admin/audit: the account's audit trail, a page at a time, optionally of one action. */
export function auditRouter(services: AppServices) {
  const { db } = services;
  const router = express.Router();
  const admin = requireAdmin(services);

  router.get("/admin/audit", admin, async (req, res) => {
    const page = req.query.page === undefined ? 1 : Number(req.query.page);
    if (!Number.isInteger(page) || page < 1) return sendApiError(res, 400, accountMessages.pageInvalid, { page: accountMessages.pageInvalid });
    const action = req.query.action === undefined || req.query.action === "" ? undefined : req.query.action;
    if (action !== undefined && !isAuditAction(action)) {
      return sendApiError(res, 400, accountMessages.actionInvalid, { action: accountMessages.actionInvalid });
    }
    res.json(await listAuditEvents(db, { page, action }));
  });

  return router;
}
