import express from "express";
import { analyticsPeriod, dayOf } from "../../domain/analytics";
import { assessmentDetail, triageMessages, type TriagePatch } from "../../domain/report-triage";
import { isReportStatus, reportMessages } from "../../domain/vulnerability-report";
import { ACKNOWLEDGMENTS_TAG, recordContentChange } from "../cache/content-changes.server";
import { REPORT_STATUS_LABELS } from "../../domain/report-status";
import type { AppServices } from "../context.server";
import { sendApiError } from "../http/api-errors.server";
import { adminRoutes, recordAudit } from "../auth/admin-routes.server";
import { cvssMessages } from "../../domain/cvss";
import { CVSS_VECTOR_MAX } from "../../domain/cvss-vector";
import { disclosureMetrics } from "./disclosure-metrics.server";
import { getTriagedReport, listAssignees, postTeamMessage, updateTriage, type TeamMessage, type TeamMessageResult } from "./triage.server";
import { clientKey } from "../http/client-key.server";
import { DEFAULT_UPLOAD_LIMITS, type UploadLimits } from "../reports/report-upload.server";
import { refuseUpload } from "../reports/attachment-responses.server";
import { receiveUpload, refused, storedQuotaRefusal, type ReportRefusal } from "../reports/submit-report.server";
import { createUploadGate, type UploadGate } from "../reports/upload-quota.server";
import { addInternalNote } from "./internal-notes.server";
import { actorOf } from "../people/people.server";
import { endAllCaseLinks } from "../reports/case-links.server";

/**
 * The team's side of the disclosure loop (docs/decisions/144): a report with its deadlines and
 * timeline, the team's decisions, messages to the reporter, and the program's metrics.
 */
export function triageApiRouter(
  services: AppServices,
  {
    gate = createUploadGate(services.config.uploadQuota.concurrentUploads),
    limits: overrides,
  }: { gate?: UploadGate; limits?: Partial<UploadLimits> } = {},
) {
  const { db, config } = services;
  const limits: UploadLimits = { ...DEFAULT_UPLOAD_LIMITS, ...config.uploadTimeouts, ...overrides };
  const router = express.Router();
  const admin = adminRoutes(router, services);

  admin.door("reports.read").get("/admin/security/metrics", async (req, res) => {
    const period = analyticsPeriod(req.query as Record<string, unknown>, dayOf(Date.now()));
    if (!period.ok) return sendApiError(res, 400, period.error, { [period.field]: period.error });
    res.json(await disclosureMetrics(db, period.period));
  });

  // Who a report can be assigned to: the people whose role may triage reports.
  admin.door("reports.triage").get("/admin/security/assignees", async (_req, res) => {
    res.json(await listAssignees(db));
  });

  admin.door("reports.read").get("/admin/security/reports/:id", async (req, res) => {
    const report = await getTriagedReport(services, req.params.id as string);
    if (!report) return sendApiError(res, 404, reportMessages.notFound);
    res.json({ report });
  });

  admin.door("reports.triage").patch("/admin/security/reports/:id", async (req, res) => {
    const parsed = triagePatch(req.body);
    if (!parsed.ok) return sendApiError(res, 400, parsed.error, { [parsed.field]: parsed.error });
    const actor = await actorOf(db, res.locals.adminSession!);
    const result = await updateTriage(services, req.params.id as string, parsed.patch, actor);
    if (!result.ok) return sendApiError(res, result.status, result.error, result.field ? { [result.field]: result.error } : undefined);
    const what = { target: String(req.params.id), label: result.report.reference };
    if (parsed.patch.status) await recordAudit(res, { action: "report.status_changed", ...what, detail: REPORT_STATUS_LABELS[parsed.patch.status] });
    const assessed = assessmentDetail(parsed.patch);
    if (assessed) await recordAudit(res, { action: "report.assessed", ...what, detail: assessed });
    if (result.assigneeChanged) {
      await recordAudit(res, { action: "report.assigned", ...what, detail: result.report.assignee ? `Assigned to ${result.report.assignee.name}` : "Unassigned" });
    }
    await recordContentChange(db, [ACKNOWLEDGMENTS_TAG]);
    res.json({ report: result.report });
  });

  // JSON `{ body, status? }`, or multipart with files checked like the reporter's (docs/decisions/216, 217).
  admin.door("reports.reply").post("/admin/security/reports/:id/messages", async (req, res) => {
    const actor = await actorOf(db, res.locals.adminSession!);
    const id = req.params.id as string;
    let result: TeamMessageResult | ReportRefusal;
    if (req.is("multipart/form-data")) {
      result = await receiveUpload(services, req, { clientKey: clientKey(req), limits, gate, textFields: TEAM_MESSAGE_FIELDS }, async (upload, clientHash) => {
        const parsed = teamMessageInput(upload.fields);
        if (!parsed.ok) return parsed;
        const sent = await postTeamMessage(services, id, { ...parsed.message, files: upload.files, clientHash }, actor);
        if (!sent.ok && (sent.status === 429 || sent.status === 503)) {
          return storedQuotaRefusal(sent.status === 429 ? "client_quota_reached" : "quota_reached", sent.retryAfterSeconds ?? 60);
        }
        return sent;
      });
    } else {
      const parsed = teamMessageInput(req.body);
      result = parsed.ok ? await postTeamMessage(services, id, parsed.message, actor) : parsed;
    }
    if ("code" in result && result.code === "refused") return refuseUpload(req, res, result);
    if (!result.ok) {
      const failure = result as Extract<TeamMessageResult, { ok: false }>;
      return sendApiError(res, failure.status, failure.error, failure.field ? { [failure.field]: failure.error } : undefined);
    }
    const sent = result as Extract<TeamMessageResult, { ok: true }>;
    const what = { target: id, label: sent.report.reference };
    await recordAudit(res, { action: "report.message_sent", ...what });
    if (sent.statusChanged) {
      await recordAudit(res, { action: "report.status_changed", ...what, detail: REPORT_STATUS_LABELS[sent.report.status] });
      await recordContentChange(db, [ACKNOWLEDGMENTS_TAG]);
    }
    res.status(201).json({ report: sent.report });
  });

  // Every link of the case stops working (a link seen by others); the reporter can ask for a new one.
  admin.door("reports.triage").delete("/admin/security/reports/:id/case-links", async (req, res) => {
    const report = await getTriagedReport(services, req.params.id as string);
    if (!report) return sendApiError(res, 404, reportMessages.notFound);
    const ended = await endAllCaseLinks(db, report.id);
    await recordAudit(res, { action: "report.case_links_ended", target: report.id, label: report.reference, detail: `${ended} ended` });
    res.status(204).end();
  });

  // Seen by the team only (docs/decisions/215): the note goes nowhere else.
  admin.door("reports.triage").post("/admin/security/reports/:id/notes", async (req, res) => {
    const id = String(req.params.id);
    const noted = await addInternalNote(db, id, req.body?.body, await actorOf(db, res.locals.adminSession!));
    if (!noted.ok) return sendApiError(res, noted.status, noted.error, noted.status === 400 ? { body: noted.error } : undefined);
    const report = (await getTriagedReport(services, id))!;
    await recordAudit(res, { action: "report.note_added", target: id, label: report.reference });
    res.status(201).json({ report });
  });

  return router;
}

/** A team message's text fields, beside its files. */
const TEAM_MESSAGE_FIELDS: ReadonlySet<string> = new Set(["body", "status"]);

/** A team message's text and the status it may set; a 400 refusal naming the field otherwise. */
function teamMessageInput(input: unknown): { ok: true; message: TeamMessage } | ReportRefusal {
  const fields = (typeof input === "object" && input !== null ? input : {}) as Record<string, unknown>;
  if (typeof fields.body !== "string" && fields.body !== undefined) return refusedField("body", triageMessages.messageRequired);
  // A form's empty choice means "leave the status as it is".
  const status = fields.status === "" || fields.status === null ? undefined : fields.status;
  if (status !== undefined && !isReportStatus(status)) return refusedField("status", reportMessages.statusInvalid);
  return { ok: true, message: { body: (fields.body as string | undefined) ?? "", status } };
}

function refusedField(field: string, error: string) {
  return refused({ status: 400, error, fields: { [field]: error } });
}

type PatchField = keyof TriagePatch;

/** The PATCH body's fields, each of its type; anything else named is refused. */
function triagePatch(body: unknown): { ok: true; patch: TriagePatch } | { ok: false; field: PatchField; error: string } {
  const input = (typeof body === "object" && body !== null ? body : {}) as Record<string, unknown>;
  const patch: TriagePatch = {};
  const nullableText = (field: "duplicate_of" | "assessed_severity" | "cvss_vector", max: number) => {
    const value = input[field];
    if (value === undefined) return true;
    if (value !== null && (typeof value !== "string" || value.length > max)) return false;
    patch[field] = value === "" ? null : (value as string | null);
    return true;
  };
  if (input.status !== undefined) {
    if (!isReportStatus(input.status)) return { ok: false, field: "status", error: reportMessages.statusInvalid };
    patch.status = input.status;
  }
  if (!nullableText("duplicate_of", 40)) return { ok: false, field: "duplicate_of", error: triageMessages.duplicateNotFound };
  if (!nullableText("assessed_severity", 40)) return { ok: false, field: "assessed_severity", error: triageMessages.severityInvalid };
  if (!nullableText("cvss_vector", CVSS_VECTOR_MAX)) return { ok: false, field: "cvss_vector", error: cvssMessages.invalid };
  if (input.publish_title !== undefined) {
    if (typeof input.publish_title !== "boolean") return { ok: false, field: "publish_title", error: triageMessages.publishTitleInvalid };
    patch.publish_title = input.publish_title;
  }
  if (input.assignee_id !== undefined) {
    const value = input.assignee_id;
    if (value !== null && (typeof value !== "string" || value.length > 100)) return { ok: false, field: "assignee_id", error: triageMessages.assigneeInvalid };
    patch.assignee_id = value === "" ? null : value;
  }
  if (Object.keys(patch).length === 0) return { ok: false, field: "status", error: triageMessages.nothingToChange };
  return { ok: true, patch };
}
