import express, { type Request, type Response } from "express";
import { sendApiError } from "../http/api-errors.server";

/**
 * How the analytics doors read a beacon's small body (`navigator.sendBeacon` sends a string as
 * text/plain, a JSON Blob as JSON). Who counts as a person's browser is browser-agent.server.ts.
 */

const BEACON_TYPES = ["text/plain", "application/json"];

/** Reads a beacon's body as text, at most `limit` bytes (beyond: 413 from the API's error handler). */
export function beaconBody(limit: number): express.RequestHandler {
  return express.text({ type: BEACON_TYPES, limit });
}

/**
 * The beacon's JSON value, or undefined once the refusal is sent: 415 for a body that is not
 * text or JSON, 400 for text that is not JSON. What the value must hold is the caller's to say.
 */
export function beaconJson(req: Request, res: Response): { value: unknown } | undefined {
  if (typeof req.body !== "string") {
    sendApiError(res, 415, "Send the beacon as JSON (Content-Type text/plain or application/json).");
    return undefined;
  }
  try {
    return { value: JSON.parse(req.body) as unknown };
  } catch {
    sendApiError(res, 400, "Request body is not valid JSON");
    return undefined;
  }
}
