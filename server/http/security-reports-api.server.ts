import express, { type Request, type Response } from "express";
import {
  isReportStatus,
  reportInputSchema,
  reportMessages,
} from "../../domain/vulnerability-report";
import { fieldErrors } from "../../domain/validation";
import type { AppServices } from "../context.server";
import {
  DEFAULT_UPLOAD_LIMITS,
  readReportUpload,
  type UploadLimits,
  type UploadRefusal,
} from "../reports/report-upload.server";
import {
  createReport,
  getAttachment,
  getReport,
  listReports,
  setReportStatus,
} from "../reports/reports.server";
import { requireAdmin } from "./admin-auth-api.server";
import { sendApiError } from "./api-errors.server";
import { createRateLimit } from "./rate-limit.server";

const HOUR_MS = 60 * 60 * 1000;
/** How long a refused, oversized body may keep streaming in after the answer before we hang up. */
const LINGER_MS = 2_000;

/**
 * POST /api/security/reports (anyone, multipart) and the administrator's triage inbox under
 * /api/admin/security/reports. See docs/decisions/050-report-intake.md.
 */
export function securityReportsRouter(
  services: AppServices,
  { limits = DEFAULT_UPLOAD_LIMITS }: { limits?: UploadLimits } = {},
) {
  const { db, config, logger } = services;
  const router = express.Router();

  const reportLimit = createRateLimit(db, {
    name: "security-report",
    windowMs: HOUR_MS,
    limit: config.reportRateLimit,
    message: reportMessages.rateLimited,
  });

  router.post("/security/reports", reportLimit, async (req, res) => {
    const upload = await readReportUpload(req, limits);
    if (!upload.ok) return refuse(req, res, upload);
    const parsed = reportInputSchema.safeParse(upload.fields);
    if (!parsed.success) {
      return sendApiError(res, 400, reportMessages.fieldInvalid, fieldErrors(parsed.error));
    }
    const created = await createReport(db, config, parsed.data, upload.files);
    logger.info(
      { reference: created.reference, attachments: upload.files.length },
      "vulnerability report received",
    );
    res.status(201).set("Cache-Control", "no-store").json(created);
  });

  const admin = requireAdmin(services);

  router.get("/admin/security/reports", admin, async (req, res) => {
    const page = Number.parseInt(String(req.query.page ?? "1"), 10);
    const result = await listReports(db, Number.isFinite(page) ? page : 1);
    res.set("Cache-Control", "no-store").json(result);
  });

  router.get("/admin/security/reports/:id", admin, async (req, res) => {
    const report = await getReport(db, req.params.id as string);
    if (!report) return sendApiError(res, 404, reportMessages.notFound);
    res.set("Cache-Control", "no-store").json({ report });
  });

  router.patch("/admin/security/reports/:id", admin, async (req, res) => {
    const status: unknown = req.body?.status;
    if (!isReportStatus(status)) {
      return sendApiError(res, 400, reportMessages.statusInvalid, { status: reportMessages.statusInvalid });
    }
    const report = await setReportStatus(db, req.params.id as string, status);
    if (!report) return sendApiError(res, 404, reportMessages.notFound);
    res.set("Cache-Control", "no-store").json({ report });
  });

  router.get("/admin/security/reports/:id/attachments/:attachmentId", admin, async (req, res) => {
    const attachment = await getAttachment(db, req.params.id as string, req.params.attachmentId as string);
    if (!attachment) return sendApiError(res, 404, reportMessages.attachmentNotFound);
    res
      .status(200)
      .set({
        "Content-Type": attachment.content_type,
        "Content-Disposition": contentDisposition(attachment.filename),
        "X-Content-Type-Options": "nosniff",
        "Cache-Control": "no-store",
        // Opened directly, it must not run anything (an HTML-looking text file stays inert).
        "Content-Security-Policy": "default-src 'none'; sandbox",
      })
      .send(attachment.data);
  });

  return router;
}

/** Answers a refused upload; a body not read to its end is cut off shortly after. */
function refuse(req: Request, res: Response, refusal: UploadRefusal) {
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
