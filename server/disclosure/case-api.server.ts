import express, { type Response } from "express";
import { caseTexts, type CaseView } from "../../domain/disclosure-case";
import { reportMessages } from "../../domain/vulnerability-report";
import type { AppServices } from "../context.server";
import { ACKNOWLEDGMENTS_TAG, recordContentChange } from "../cache/content-changes.server";
import { sendApiError, sendRateLimited } from "../http/api-errors.server";
import { clientKey } from "../http/client-key.server";
import { DEFAULT_UPLOAD_LIMITS, type UploadLimits } from "../reports/report-upload.server";
import { getAttachment } from "../reports/reports.server";
import { refuseUpload, sendAttachment } from "../reports/attachment-responses.server";
import { receiveUpload, storedQuotaRefusal, type ReportRefusal } from "../reports/submit-report.server";
import type { UploadGate } from "../reports/upload-quota.server";
import { endOtherCaseLinks } from "../reports/case-links.server";
import {
  CASE_HEADERS,
  caseView,
  chooseCredit,
  countCaseMessage,
  replyOnCase,
  requestNewCaseLink,
  withdrawCase,
  type ReplyResult,
} from "./case.server";
import { caseDoor as openCaseDoor, linkHashOf, reportIdOf } from "./case-door.server";
import { caseLinkRequestSchema, creditSchema, messageSchema } from "./case-schemas.server";
import { suggestCvss } from "./case-suggestions.server";

/** A case message's one text field, beside its files. */
const MESSAGE_FIELDS: ReadonlySet<string> = new Set(["body"]);

/**
 * The reporter's doors (docs/decisions/144): the case, its messages and files, the credit
 * choice, withdrawal, ending the case's other links, and the lost-link request that always
 * answers 202.
 */
export function caseApiRouter(services: AppServices, { gate, limits: overrides }: { gate: UploadGate; limits?: Partial<UploadLimits> }) {
  const { db, config, logger } = services;
  const router = express.Router();
  const limits: UploadLimits = { ...DEFAULT_UPLOAD_LIMITS, ...config.uploadTimeouts, ...overrides };

  const caseDoor = openCaseDoor(db);
  const sendCase = async (res: Response, status = 200) => {
    const view = (await caseView(services, reportIdOf(res), linkHashOf(res))) as CaseView;
    res.status(status).json({ case: view });
  };

  router.get("/security/case/:token", caseDoor, async (_req, res) => sendCase(res));

  router.post("/security/case/:token/messages", caseDoor, async (req, res) => {
    const reportId = reportIdOf(res);
    const tooMany = await countCaseMessage(db, linkHashOf(res));
    if (tooMany) {
      // The body is left unread: the connection goes once the answer is out.
      if (req.is("multipart/form-data")) res.set("Connection", "close");
      return sendRateLimited(res, tooMany);
    }
    let result: ReplyResult | ReportRefusal;
    if (req.is("multipart/form-data")) {
      result = await receiveUpload(services, req, { clientKey: clientKey(req), limits, gate, textFields: MESSAGE_FIELDS }, async (upload, clientHash) => {
        const replied = await replyOnCase(services, reportId, { body: upload.fields.body ?? "", files: upload.files, clientHash });
        if (!replied.ok && replied.status === 503) return storedQuotaRefusal("quota_reached", replied.retryAfterSeconds ?? 60);
        if (!replied.ok && replied.status === 429) return storedQuotaRefusal("client_quota_reached", replied.retryAfterSeconds ?? 60);
        return replied;
      });
    } else {
      const parsed = messageSchema.safeParse(req.body);
      if (!parsed.success) return sendApiError(res, 400, caseTexts.messageRequired, { body: caseTexts.messageRequired });
      result = await replyOnCase(services, reportId, { body: parsed.data.body });
    }
    if (result.ok) {
      logger.info("case message received");
      return sendCase(res, 201);
    }
    if ("code" in result && result.code === "refused") return refuseUpload(req, res, result);
    const failure = result as Extract<ReplyResult, { ok: false }>;
    sendApiError(res, failure.status, failure.error, failure.field ? { [failure.field]: failure.error } : undefined);
  });

  // A suggested vector costs what a message does: one budget for the case's writes.
  router.post("/security/case/:token/suggestions", caseDoor, async (req, res) => {
    const tooMany = await countCaseMessage(db, linkHashOf(res));
    if (tooMany) return sendRateLimited(res, tooMany);
    const result = await suggestCvss(db, reportIdOf(res), req.body?.cvss_vector);
    if (!result.ok) return sendApiError(res, result.status, result.error, result.field ? { [result.field]: result.error } : undefined);
    const view = (await caseView(services, reportIdOf(res), linkHashOf(res))) as CaseView;
    res.status(201).json({ suggestion: result.suggestion, case: view });
  });

  router.put("/security/case/:token/credit", caseDoor, async (req, res) => {
    const parsed = creditSchema.safeParse(req.body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const field = String(issue.path[0] ?? "credit");
      return sendApiError(res, 400, issue.message, { [field]: issue.message });
    }
    await chooseCredit(db, reportIdOf(res), parsed.data);
    await recordContentChange(db, [ACKNOWLEDGMENTS_TAG]);
    res.status(204).end();
  });

  router.post("/security/case/:token/withdraw", caseDoor, async (_req, res) => {
    const result = await withdrawCase(services, reportIdOf(res));
    if (!result.ok) return sendApiError(res, 409, result.error);
    await recordContentChange(db, [ACKNOWLEDGMENTS_TAG]);
    res.status(204).end();
  });

  // The links issued before this one stop working: a link in an email that others may have seen.
  router.post("/security/case/:token/end-other-links", caseDoor, async (_req, res) => {
    const ended = await endOtherCaseLinks(db, reportIdOf(res), linkHashOf(res));
    res.json({ ended });
  });

  router.get("/security/case/:token/attachments/:attachmentId", caseDoor, async (req, res) => {
    const attachment = await getAttachment(db, reportIdOf(res), req.params.attachmentId as string);
    if (!attachment) return sendApiError(res, 404, reportMessages.attachmentNotFound);
    await sendAttachment(res, services, { ...attachment, size: Number(attachment.size) });
  });

  // Always 202, whatever was sent: the answer never tells whether a reference exists or matches.
  router.post("/security/case-link", async (req, res) => {
    res.set(CASE_HEADERS);
    const parsed = caseLinkRequestSchema.safeParse(req.body);
    const asked = parsed.success ? parsed.data : { reference: "", email: "" };
    const limited = await requestNewCaseLink(services, asked, clientKey(req));
    if (limited) return sendRateLimited(res, limited);
    res.status(202).json({ message: caseTexts.lostLinkSent });
  });

  return router;
}
