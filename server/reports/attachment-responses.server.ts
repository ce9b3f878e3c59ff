import type { Request, Response } from "express";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { AppServices } from "../context.server";
import { sendApiError } from "../http/api-errors.server";
import { imageKindOf } from "../../domain/attachment-images";
import { ATTACHMENT_KINDS } from "../../domain/report-attachments";
import { readAttachmentChunks } from "./attachment-store.server";
import type { ReportRefusal } from "./submit-report.server";

/** How long a refused, oversized body may keep streaming in after the answer before we hang up. */
const LINGER_MS = 2_000;

/**
 * An attachment's bytes, a chunk at a time from the database at the pace the client reads, for
 * the team and for the reporter's case. A PNG or JPEG whose first bytes say so again is served
 * inline as that image (the previews, docs/decisions/217); anything else is a download. Either
 * way it can run nothing when opened directly.
 */
export async function sendAttachment(
  res: Response,
  { db, logger }: Pick<AppServices, "db" | "logger">,
  attachment: { id: string; filename: string; content_type: string; size: number },
): Promise<void> {
  const chunks = readAttachmentChunks(db, attachment.id);
  const first = await chunks.next();
  const head = first.done ? Buffer.alloc(0) : first.value;
  const image = imageKindOf(attachment.content_type, head);
  res.status(200).set({
    "Content-Type": image ? ATTACHMENT_KINDS[image].contentType : attachment.content_type,
    "Content-Disposition": contentDisposition(attachment.filename, image ? "inline" : "attachment"),
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": "no-store",
    // Opened directly, it must not run anything (an HTML-looking text file stays inert).
    "Content-Security-Policy": "default-src 'none'; sandbox",
    "Content-Length": String(attachment.size),
  });
  try {
    await pipeline(Readable.from(startingWith(head, chunks)), res);
  } catch (error) {
    // The client went away, or the database failed mid-file: the answer is cut, never completed wrongly.
    if (!res.destroyed) logger.warn({ err: error }, "attachment download interrupted");
    res.destroy();
  }
}

/** The chunk already read (to check the content), then the rest. */
async function* startingWith(head: Buffer, rest: AsyncGenerator<Buffer>): AsyncGenerator<Buffer> {
  if (head.length > 0) yield head;
  yield* rest;
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
 * `attachment` (or `inline` for a checked image) with an ASCII fallback and the exact UTF-8 name
 * (RFC 6266 with RFC 5987 encoding), so no name can break out of the header.
 */
export function contentDisposition(filename: string, disposition: "attachment" | "inline" = "attachment"): string {
  const fallback = filename.replace(/[^\x20-\x7e]/g, "_").replace(/["\\%;]/g, "_");
  const encoded = encodeURIComponent(filename).replace(
    /['()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${disposition}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
