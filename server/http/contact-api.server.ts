import express, { type RequestHandler } from "express";
import { contactMessages } from "../../domain/contact";
import {
  listContactMessages,
  markContactMessageRead,
  submitContactMessage,
} from "../contact/contact-messages.server";
import type { AppServices } from "../context.server";
import { requireAdmin } from "./admin-auth-api.server";
import { sendApiError } from "./api-errors.server";
import { createRateLimit, type RateLimitOptions } from "./rate-limit.server";

/** Contact messages one client may send per window: far more than a person writes. */
export const CONTACT_RATE_LIMIT = { windowMs: 10 * 60 * 1000, limit: 5 } as const;

/**
 * The per-client contact limit. The JSON API and the page's form post share one counter (same
 * name), so a client cannot double its allowance by switching doors.
 */
export function contactRateLimit(
  { db }: Pick<AppServices, "db">,
  onLimited?: RateLimitOptions["onLimited"],
): RequestHandler {
  return createRateLimit(db, {
    name: "contact",
    windowMs: CONTACT_RATE_LIMIT.windowMs,
    limit: CONTACT_RATE_LIMIT.limit,
    message: contactMessages.rateLimited,
    onLimited,
  });
}

/** POST /api/contact and the admin inbox (DESIGN.md). */
export function contactApiRouter(services: AppServices) {
  const router = express.Router();

  router.post("/contact", contactRateLimit(services), async (req, res) => {
    const result = await submitContactMessage(services, req.body);
    if (!result.ok) return sendApiError(res, 400, result.error, result.fields);
    res.status(201).set("Cache-Control", "no-store").json({ id: result.id });
  });

  router.get("/admin/contact/messages", requireAdmin(services), async (req, res) => {
    const page = Number(req.query.page ?? 1);
    if (!Number.isInteger(page) || page < 1 || page > 1_000_000) {
      return sendApiError(res, 400, "page must be a positive whole number", { page: "Must be a positive whole number" });
    }
    res.set("Cache-Control", "no-store").json(await listContactMessages(services.db, page));
  });

  router.patch("/admin/contact/messages/:id", requireAdmin(services), async (req, res) => {
    const read: unknown = req.body?.read;
    if (typeof read !== "boolean") {
      return sendApiError(res, 400, "read must be true or false", { read: "Must be true or false" });
    }
    const message = await markContactMessageRead(services.db, String(req.params.id), read);
    if (!message) return sendApiError(res, 404, "Message not found");
    res.set("Cache-Control", "no-store").json(message);
  });

  return router;
}

declare module "express-serve-static-core" {
  interface Locals {
    /** Set by a rate limit that lets the page answer: the message to show. */
    rateLimited?: string;
  }
}
