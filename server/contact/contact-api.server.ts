import express from "express";
import {
  countUnreadMessages,
  listContactMessages,
  markAllContactMessagesRead,
  markContactMessageRead,
  submitContactMessage,
} from "./contact-messages.server";
import { parseInboxQuery } from "../../domain/contact-inbox";
import type { AppServices } from "../context.server";
import { adminRoutes, recordAudit } from "../auth/admin-routes.server";
import { sendApiError, sendRateLimited } from "../http/api-errors.server";
import { clientKey } from "../http/client-key.server";

/** POST /api/contact and the admin inbox (DESIGN.md). */
export function contactApiRouter(services: AppServices) {
  const router = express.Router();
  const admin = adminRoutes(router, services);

  router.post("/contact", async (req, res) => {
    const result = await submitContactMessage(services, req.body, { clientKey: clientKey(req) });
    if (!result.ok && result.code === "rate_limited") return sendRateLimited(res, result);
    if (!result.ok) return sendApiError(res, 400, result.error, result.fields);
    res.status(201).json({ id: result.id });
  });

  admin.door("leads.read").get("/admin/contact/messages", async (req, res) => {
    const parsed = parseInboxQuery(req.query);
    if (!parsed.ok) return sendApiError(res, 400, parsed.error, { [parsed.field]: parsed.error });
    const { page, pageSize, ...filter } = parsed.query;
    res.json(await listContactMessages(services.db, page, pageSize, filter));
  });

  admin.door("leads.triage").post("/admin/contact/messages/read-all", async (_req, res) => {
    const updated = await markAllContactMessagesRead(services.db);
    await recordAudit(res, { action: "messages.all_read", target: String(updated) });
    res.json({ updated, unread: await countUnreadMessages(services.db) });
  });

  admin.door("leads.triage").patch("/admin/contact/messages/:id", async (req, res) => {
    const read: unknown = req.body?.read;
    if (typeof read !== "boolean") {
      return sendApiError(res, 400, "read must be true or false", { read: "Must be true or false" });
    }
    const message = await markContactMessageRead(services.db, String(req.params.id), read);
    if (!message) return sendApiError(res, 404, "Message not found");
    await recordAudit(res, { action: read ? "message.read" : "message.unread", target: String(req.params.id) });
    res.json(message);
  });

  return router;
}
