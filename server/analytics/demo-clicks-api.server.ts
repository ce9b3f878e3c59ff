import express from "express";
import { DEMO_CLICK_ENDPOINT } from "../../domain/analytics";
import type { AppServices } from "../context.server";
import { sendApiError, sendRateLimited } from "../http/api-errors.server";
import { clientKey } from "../http/client-key.server";
import { beaconBody, beaconJson } from "./beacons.server";
import { recordDemoClick } from "./demo-clicks.server";

/** The largest click report accepted: a source is five bounded values and a path. */
export const DEMO_CLICK_BODY_LIMIT_BYTES = 2 * 1024;

/**
 * POST /api/analytics/demo-click: the beacon a "Request demo" link sends as it opens the
 * scheduling page (docs/decisions/142). Parses its own small body, so it is mounted before the
 * API's shared JSON parser; a bigger body is refused with 413 by the API's error handler. Posts
 * from other sites are refused for every path by refuseCrossSite (the beacon is same-origin).
 */
export function demoClicksRouter(services: AppServices) {
  const router = express.Router();
  const body = beaconBody(DEMO_CLICK_BODY_LIMIT_BYTES);

  router.post(DEMO_CLICK_ENDPOINT.slice("/api".length), body, async (req, res) => {
    const json = beaconJson(req, res);
    if (!json) return;
    const fields = json.value;
    if (typeof fields !== "object" || fields === null || Array.isArray(fields)) {
      return sendApiError(res, 400, "The click must be a JSON object.");
    }
    const result = await recordDemoClick(services.db, fields as Record<string, unknown>, {
      clientKey: clientKey(req),
      userAgent: req.get("user-agent"),
    });
    if (!result.ok) return sendRateLimited(res, result);
    res.status(204).end();
  });

  return router;
}
