import express, { type Request, type Response } from "express";
import { isbot } from "isbot";
import { sendApiError } from "../http/api-errors.server";

/**
 * What the analytics doors share: who counts as a person's browser, and how a beacon's small
 * body is read (`navigator.sendBeacon` sends a string as text/plain, a JSON Blob as JSON).
 */

/** A person's browser: it names itself, and not as a crawler, bot or script (isbot). */
export function isBrowserAgent(userAgent: string | undefined): boolean {
  return userAgent !== undefined && userAgent !== "" && !isbot(userAgent);
}

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
