import type { Request, Response } from "express";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { AppServices } from "../context.server";
import { sendApiError } from "../http/api-errors.server";
import { readAttachmentChunks } from "./attachment-store.server";
import type { ReportRefusal } from "./submit-report.server";

/** How long a refused, oversized body may keep streaming in after the answer before we hang up. */
const LINGER_MS = 2_000;

/**
 * An attachment's bytes, a chunk at a time from the database at the pace the client reads, as a
 * download that can run nothing when opened directly (for the team and for the reporter's case).
 */
export async function sendAttachment(
  res: Response,
  { db, logger }: Pick<AppServices, "db" | "logger">,
  attachment: { id: string; filename: string; content_type: string; size: number },
): Promise<void> {
  res.status(200).set({
    "Content-Type": attachment.content_type,
    "Content-Disposition": contentDisposition(attachment.filename),
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": "no-store",
    // Opened directly, it must not run anything (an HTML-looking text file stays inert).
    "Content-Security-Policy": "default-src 'none'; sandbox",
    "Content-Length": String(attachment.size),
  });
  try {
    await pipeline(Readable.from(readAttachmentChunks(db, attachment.id)), res);
  } catch (error) {
    // The client went away, or the database failed mid-file: the answer is cut, never completed wrongly.
    if (!res.destroyed) logger.warn({ err: error }, "attachment download interrupted");
    res.destroy();
  }
}

/** Answers a refused upload; a body not read to its end is cut off shortly after. */
export function refuseUpload(req: Request, res: Response, refusal: ReportRefusal) {
  if ("retryAfterSeconds" in refusal) res.set("Retry-After", String(refusal.retryAfterSeconds));
  if (refusal.closeConnection) {
    res.set("Connection", "close");
    res.once("finish", () => {
      // Let the client read the answer before the socket goes.
      setTimeout(() => req.socket.destroy(), LINGER_MS).unref();
    });
  }
  sendApiError(res, refusal.status, refusal.error, refusal.fields);
}

/**
 * `attachment` with an ASCII fallback and the exact UTF-8 name (RFC 6266 with RFC 5987
 * encoding), so no name can break out of the header.
 */
export function contentDisposition(filename: string): string {
  const fallback = filename.replace(/[^\x20-\x7e]/g, "_").replace(/["\\%;]/g, "_");
  const encoded = encodeURIComponent(filename).replace(
    /['()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
