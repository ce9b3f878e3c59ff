import express from "express";
import { REPORT_STATUSES, reportMessages, SEVERITIES } from "../../domain/vulnerability-report";
import type { AppServices } from "../context.server";
import { refuseUpload, sendAttachment } from "./attachment-responses.server";
import { DEFAULT_UPLOAD_LIMITS, type UploadLimits } from "./report-upload.server";
import { submitReport } from "./submit-report.server";
import { createUploadGate, type UploadGate } from "./upload-quota.server";
import { getAttachment, listReports } from "./reports.server";
import { adminRoutes } from "../auth/admin-routes.server";
import { sendApiError, sendRateLimited } from "../http/api-errors.server";
import { clientKey } from "../http/client-key.server";
import { parseReportFilter } from "../../domain/contact-inbox";

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
  const admin = adminRoutes(router, services);
  const limits: UploadLimits = { ...DEFAULT_UPLOAD_LIMITS, ...config.uploadTimeouts, ...overrides };

  // The limits, quotas and field rules live in the service; this door passes its key and body.
  router.post("/security/reports", async (req, res) => {
    const result = await submitReport(services, req, { clientKey: clientKey(req), limits, gate });
    if (result.ok) {
      logger.info({ reference: result.reference, attachments: result.attachments }, "vulnerability report received");
      res.status(201).json({ id: result.id, reference: result.reference, caseUrl: result.caseUrl });
      return;
    }
    if (result.code === "rate_limited") return sendRateLimited(res, result);
    refuseUpload(req, res, result);
  });


  admin.door("reports.read").get("/admin/security/reports", async (req, res) => {
    const page = Number.parseInt(String(req.query.page ?? "1"), 10);
    const parsed = parseReportFilter(req.query, REPORT_STATUSES, SEVERITIES);
    if (!parsed.ok) return sendApiError(res, 400, parsed.error, { [parsed.field]: parsed.error });
    const { assigned, ...filter } = parsed.filter;
    const assignee = assigned === "me" ? res.locals.adminSession!.personId : undefined;
    const result = await listReports(services, Number.isFinite(page) ? page : 1, { ...filter, assignee });
    res.json(result);
  });

  admin.door("reports.read").get("/admin/security/reports/:id/attachments/:attachmentId", async (req, res) => {
    const attachment = await getAttachment(db, req.params.id as string, req.params.attachmentId as string);
    if (!attachment) return sendApiError(res, 404, reportMessages.attachmentNotFound);
    await sendAttachment(res, services, attachment);
  });

  return router;
}
