import type { IncomingMessage } from "node:http";
import { attachmentMessages } from "../../domain/report-attachments";
import { reportInputSchema, reportMessages } from "../../domain/vulnerability-report";
import { fieldErrors } from "../../domain/validation";
import type { AppServices } from "../context.server";
import { countAttempt, type RateLimited, type RateLimitRule } from "../limits/rate-limits.server";
import { readReportUpload, type UploadedFile, type UploadLimits, type UploadRefusal } from "./report-upload.server";
import { createReport } from "./reports.server";
import { clientQuotaExceeded, quotaExceeded, uploadClientHash, type UploadGate } from "./upload-quota.server";

const HOUR_MS = 60 * 60 * 1000;

/** Reports one client may send per hour (REPORT_RATE_LIMIT); every attempt counts. */
function reportLimit(config: AppServices["config"]): RateLimitRule {
  return { name: "security-report", windowMs: HOUR_MS, limit: config.reportRateLimit, message: reportMessages.rateLimited };
}

type QuotaRefusal = {
  /** 429: this client's own quota; 503: the whole site's, or no upload slot free. */
  status: 429 | 503;
  error: string;
  fields?: undefined;
  retryAfterSeconds: number;
  closeConnection?: boolean;
};

/** Why a report was not stored, other than the client's rate limit: answered by the door as is. */
export type ReportRefusal = { ok: false; code: "refused" } & (UploadRefusal | QuotaRefusal);

export type ReportSubmitResult =
  | { ok: true; id: string; reference: string; caseUrl: string; attachments: number }
  | ReportRefusal
  | RateLimited;

/**
 * Of a body's declared length, what may be text fields and multipart framing rather than file
 * bytes: the early check never refuses a report that could be without attachments.
 */
const TEXT_ALLOWANCE_BYTES = 512 * 1024;

/** Seconds a reporter is asked to wait when every upload slot of this process is taken. */
const BUSY_RETRY_SECONDS = 30;

/**
 * Receives a vulnerability report from any door, in this order: the client's rate limit (so a
 * limited client's body is never read), then the upload (`receiveUpload`), parsed with the shared
 * domain schema and stored with the quotas checked again on what actually arrived
 * (docs/decisions/060, 066, 132).
 */
export async function submitReport(
  { db, config }: Pick<AppServices, "db" | "config">,
  req: IncomingMessage,
  { clientKey, limits, gate }: { clientKey?: string; limits: UploadLimits; gate: UploadGate },
): Promise<ReportSubmitResult> {
  const limited = await countAttempt(db, reportLimit(config), clientKey);
  if (limited) return limited;
  return receiveUpload({ db, config }, req, { clientKey, limits, gate }, async (upload, clientHash) => {
    const parsed = reportInputSchema.safeParse(upload.fields as unknown);
    if (!parsed.success) {
      return refused({ status: 400, error: reportMessages.fieldInvalid, fields: fieldErrors(parsed.error) });
    }
    const created = await createReport(db, config, parsed.data, upload.files, { quota: config.uploadQuota, clientHash });
    if (!created.ok) return storedQuotaRefusal(created.code, created.retryAfterSeconds);
    return { ok: true, id: created.id, reference: created.reference, caseUrl: created.caseUrl, attachments: upload.files.length };
  });
}

/**
 * Reads a multipart upload with files (a report, or a message on its case page) under the same
 * rules: the quotas first (concurrent uploads, then the client's and the whole site's hourly and
 * daily bytes by the declared length), then the body with its limits and deadlines, spooled to
 * disk and handed to `store`. The upload slot is given back and the spooled files removed
 * whatever happens.
 */
export async function receiveUpload<Stored>(
  { db, config }: Pick<AppServices, "db" | "config">,
  req: IncomingMessage,
  { clientKey, limits, gate, textFields }: { clientKey?: string; limits: UploadLimits; gate: UploadGate; textFields?: ReadonlySet<string> },
  store: (upload: { fields: Record<string, string>; files: UploadedFile[] }, clientHash: string | undefined) => Promise<Stored | ReportRefusal>,
): Promise<Stored | ReportRefusal> {
  const leave = gate.enter();
  if (!leave) return refused({ status: 503, error: attachmentMessages.busy, retryAfterSeconds: BUSY_RETRY_SECONDS, closeConnection: true });
  try {
    const declared = Number(req.headers["content-length"] ?? 0);
    const fileBytesAtLeast = Number.isFinite(declared) ? Math.max(0, declared - TEXT_ALLOWANCE_BYTES) : 0;
    const clientHash = clientKey === undefined ? undefined : uploadClientHash(clientKey);
    const earlyClient =
      clientHash === undefined ? undefined : await clientQuotaExceeded(db, config.uploadQuota, clientHash, fileBytesAtLeast);
    if (earlyClient) return clientQuotaRefusal(earlyClient.retryAfterSeconds, true);
    const early = await quotaExceeded(db, config.uploadQuota, fileBytesAtLeast);
    if (early) return quotaRefusal(early.retryAfterSeconds, true);

    const upload = await readReportUpload(req, limits, textFields);
    try {
      if (!upload.ok) return refused(upload);
      return await store(upload, clientHash);
    } finally {
      upload.discard();
    }
  } finally {
    leave();
  }
}

/** The refusal for quotas found exceeded while storing what arrived. */
export function storedQuotaRefusal(code: "quota_reached" | "client_quota_reached", retryAfterSeconds: number): ReportRefusal {
  return code === "client_quota_reached" ? clientQuotaRefusal(retryAfterSeconds, false) : quotaRefusal(retryAfterSeconds, false);
}

export function refused(refusal: UploadRefusal | QuotaRefusal): ReportRefusal {
  return { ...refusal, ok: false, code: "refused" };
}

function quotaRefusal(retryAfterSeconds: number, closeConnection: boolean): ReportRefusal {
  return refused({ status: 503, error: attachmentMessages.quotaReached, retryAfterSeconds, closeConnection });
}

function clientQuotaRefusal(retryAfterSeconds: number, closeConnection: boolean): ReportRefusal {
  return refused({ status: 429, error: attachmentMessages.clientQuotaReached, retryAfterSeconds, closeConnection });
}
