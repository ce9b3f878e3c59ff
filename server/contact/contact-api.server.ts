import { audit } from "../audit/audit.server";
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
import { requireAdmin } from "../auth/require-admin.server";
import { sendApiError, sendRateLimited } from "../http/api-errors.server";
import { clientKey } from "../http/client-key.server";

/** POST /api/contact and the admin inbox (DESIGN.md). */
export function contactApiRouter(services: AppServices) {
  const router = express.Router();

  router.post("/contact", async (req, res) => {
    const result = await submitContactMessage(services, req.body, { clientKey: clientKey(req) });
    if (!result.ok && result.code === "rate_limited") return sendRateLimited(res, result);
    if (!result.ok) return sendApiError(res, 400, result.error, result.fields);
    res.status(201).set("Cache-Control", "no-store").json({ id: result.id });
  });

  router.get("/admin/contact/messages", requireAdmin(services), async (req, res) => {
    const parsed = parseInboxQuery(req.query);
    if (!parsed.ok) return sendApiError(res, 400, parsed.error, { [parsed.field]: parsed.error });
    const { page, pageSize, ...filter } = parsed.query;
    res.set("Cache-Control", "no-store").json(await listContactMessages(services.db, page, pageSize, filter));
  });

  router.post("/admin/contact/messages/read-all", requireAdmin(services), async (_req, res) => {
    const updated = await markAllContactMessagesRead(services.db);
    await audit.record(services.db, { action: "messages.all_read", target: String(updated), ip: _req.ip, session: res.locals.adminSession?.id });
    res.set("Cache-Control", "no-store").json({ updated, unread: await countUnreadMessages(services.db) });
  });

  router.patch("/admin/contact/messages/:id", requireAdmin(services), async (req, res) => {
    const read: unknown = req.body?.read;
    if (typeof read !== "boolean") {
      return sendApiError(res, 400, "read must be true or false", { read: "Must be true or false" });
    }
    const message = await markContactMessageRead(services.db, String(req.params.id), read);
    if (!message) return sendApiError(res, 404, "Message not found");
    await audit.record(services.db, { action: read ? "message.read" : "message.unread", target: String(req.params.id), ip: req.ip, session: res.locals.adminSession?.id });
    res.set("Cache-Control", "no-store").json(message);
  });

  return router;
}
