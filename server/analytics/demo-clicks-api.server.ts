import express from "express";
import type { AppServices } from "../context.server";
import { sendApiError, sendRateLimited } from "../http/api-errors.server";
import { clientKey } from "../http/client-key.server";
import { recordDemoClick } from "./demo-clicks.server";

/** The largest click report accepted: a source is five bounded values and a path. */
export const DEMO_CLICK_BODY_LIMIT_BYTES = 2 * 1024;

/** The types a beacon's body arrives as: a string (text/plain) or a JSON Blob. */
const BEACON_TYPES = ["text/plain", "application/json"];

/**
 * POST /api/analytics/demo-click: the beacon a "Request demo" link sends as it opens the
 * scheduling page (docs/decisions/142). Parses its own small body, so it is mounted before the
 * API's shared JSON parser; a bigger body is refused with 413 by the API's error handler. Posts
 * from other sites are refused for every path by refuseCrossSite (the beacon is same-origin).
 */
export function demoClicksRouter(services: AppServices) {
  const router = express.Router();
  const body = express.text({ type: BEACON_TYPES, limit: DEMO_CLICK_BODY_LIMIT_BYTES });

  router.post("/analytics/demo-click", body, async (req, res) => {
    if (!req.is(BEACON_TYPES)) {
      return sendApiError(res, 415, "Send the click as a JSON object (text/plain or application/json).");
    }
    let fields: unknown;
    try {
      fields = JSON.parse(typeof req.body === "string" ? req.body : "");
    } catch {
      return sendApiError(res, 400, "Request body is not valid JSON");
    }
    if (typeof fields !== "object" || fields === null || Array.isArray(fields)) {
      return sendApiError(res, 400, "The click must be a JSON object.");
    }
    const result = await recordDemoClick(services.db, fields as Record<string, unknown>, {
      clientKey: clientKey(req),
      userAgent: req.get("user-agent"),
    });
    if (!result.ok) return sendRateLimited(res, result);
    res.status(204).set("Cache-Control", "no-store").end();
  });

  return router;
}
