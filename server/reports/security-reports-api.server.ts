import express, { type Request, type Response } from "express";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { REPORT_STATUSES, reportMessages, SEVERITIES } from "../../domain/vulnerability-report";
import type { AppServices } from "../context.server";
import { readAttachmentChunks } from "./attachment-store.server";
import { DEFAULT_UPLOAD_LIMITS, type UploadLimits } from "./report-upload.server";
import { submitReport, type ReportRefusal } from "./submit-report.server";
import { createUploadGate, type UploadGate } from "./upload-quota.server";
import { getAttachment, listReports } from "./reports.server";
import { requireAdmin } from "../http/require-admin.server";
import { sendApiError, sendRateLimited } from "../http/api-errors.server";
import { clientKey } from "../http/client-key.server";
import { parseReportFilter } from "../../domain/contact-inbox";

/** How long a refused, oversized body may keep streaming in after the answer before we hang up. */
const LINGER_MS = 2_000;

/**
 * POST /api/security/reports (anyone, multipart) and the administrator's triage inbox under
 * /api/admin/security/reports. See docs/decisions/050-report-intake.md. `limits` replaces upload
 * limits of the defaults and the configuration (tests use small sizes and deadlines).
 */
export function securityReportsRouter(
  services: AppServices,
  {
    limits: overrides,
    gate = createUploadGate(services.config.uploadQuota.concurrentUploads),
  }: { limits?: Partial<UploadLimits>; gate?: UploadGate } = {},
) {
  const { db, config, logger } = services;
  const router = express.Router();
  const limits: UploadLimits = { ...DEFAULT_UPLOAD_LIMITS, ...config.uploadTimeouts, ...overrides };

  // The limits, quotas and field rules live in the service; this door passes its key and body.
  router.post("/security/reports", async (req, res) => {
    const result = await submitReport(services, req, { clientKey: clientKey(req), limits, gate });
    if (result.ok) {
      logger.info({ reference: result.reference, attachments: result.attachments }, "vulnerability report received");
      res.status(201).set("Cache-Control", "no-store").json({ id: result.id, reference: result.reference, caseUrl: result.caseUrl });
      return;
    }
    if (result.code === "rate_limited") return sendRateLimited(res, result);
    refuseUpload(req, res, result);
  });

  const admin = requireAdmin(services);

  router.get("/admin/security/reports", admin, async (req, res) => {
    const page = Number.parseInt(String(req.query.page ?? "1"), 10);
    const parsed = parseReportFilter(req.query, REPORT_STATUSES, SEVERITIES);
    if (!parsed.ok) return sendApiError(res, 400, parsed.error, { [parsed.field]: parsed.error });
    const result = await listReports(services, Number.isFinite(page) ? page : 1, parsed.filter);
    res.set("Cache-Control", "no-store").json(result);
  });

  router.get("/admin/security/reports/:id/attachments/:attachmentId", admin, async (req, res) => {
    const attachment = await getAttachment(db, req.params.id as string, req.params.attachmentId as string);
    if (!attachment) return sendApiError(res, 404, reportMessages.attachmentNotFound);
    await sendAttachment(res, services, attachment);
  });

  return router;
}

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
