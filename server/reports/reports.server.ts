import crypto from "node:crypto";
import { formatBytes } from "../../domain/report-attachments";
import {
  REPORT_REFERENCE_ALPHABET,
  type ReportDetail,
  type ReportInput,
  type ReportStatus,
  type ReportSummary,
} from "../../domain/vulnerability-report";
import type { Config } from "../config.server";
import type { AppDatabase } from "../db/database.server";
import { enqueueEmail, notifyOutbox } from "../mail/outbox.server";
import type { UploadedFile } from "./report-upload.server";

/** 'VR-2026-7K3F9Q': the year received and six random Crockford base32 characters. */
export function generateReference(now: Date = new Date()): string {
  let suffix = "";
  for (let index = 0; index < 6; index += 1) {
    suffix += REPORT_REFERENCE_ALPHABET[crypto.randomInt(REPORT_REFERENCE_ALPHABET.length)];
  }
  return `VR-${now.getUTCFullYear()}-${suffix}`;
}

const REFERENCE_ATTEMPTS = 5;

/**
 * Stores a validated report, its attachments and its two outbox emails (to the security team,
 * and an acknowledgement to the reporter) in one transaction: all of it or nothing.
 */
export async function createReport(
  db: AppDatabase,
  config: Pick<Config, "mail" | "public">,
  input: ReportInput,
  files: UploadedFile[],
): Promise<{ id: string; reference: string }> {
  for (let attempt = 1; ; attempt += 1) {
    const id = crypto.randomUUID();
    const now = new Date();
    const reference = generateReference(now);
    const taken = await db
      .selectFrom("security_reports")
      .select("id")
      .where("reference", "=", reference)
      .executeTakeFirst();
    if (taken) {
      // About one in a billion per report; a fresh reference settles it.
      if (attempt >= REFERENCE_ATTEMPTS) throw new Error("could not find a free report reference");
      continue;
    }
    const createdAt = now.toISOString();
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto("security_reports")
        .values({ id, reference, ...input, status: "new", created_at: createdAt, updated_at: createdAt })
        .execute();
      for (const [position, file] of files.entries()) {
        await trx
          .insertInto("report_attachments")
          .values({
            id: crypto.randomUUID(),
            report_id: id,
            position,
            filename: file.filename,
            content_type: file.contentType,
            size: file.size,
            sha256: file.sha256,
            data: file.data,
            created_at: createdAt,
          })
          .execute();
      }
      await enqueueEmail(trx, securityTeamEmail(config, { id, reference, input, files, createdAt }));
      await enqueueEmail(trx, acknowledgementEmail(config, { reference, input }));
    });
    // Committed: this process's outbox worker sends both emails now, not at its next poll.
    notifyOutbox();
    return { id, reference };
  }
}

type EmailFacts = {
  id: string;
  reference: string;
  input: ReportInput;
  files: UploadedFile[];
  createdAt: string;
};

function securityTeamEmail(
  config: Pick<Config, "mail" | "public">,
  { id, reference, input, files, createdAt }: EmailFacts,
) {
  const attachmentLines = files.length
    ? files.map(
        (file) => `- ${file.filename} (${file.contentType}, ${formatBytes(file.size)}, SHA-256 ${file.sha256})`,
      )
    : ["- none"];
  const text = [
    `A vulnerability report was received: ${reference}`,
    `Triage it at ${config.public.siteUrl}/admin/reports/${id}`,
    "",
    `Received: ${createdAt}`,
    `Reporter: ${input.reporter_name} <${input.reporter_email}>`,
    `Company: ${input.company || "-"}`,
    `Asset affected: ${input.asset_affected}`,
    `Title: ${input.vulnerability_title}`,
    `VRT category: ${input.vrt_category}`,
    `VRT subcategory: ${input.vrt_subcategory}`,
    `Weakness type: ${input.weakness_type}`,
    `Severity: ${input.severity}`,
    "",
    "Description:",
    input.description,
    "",
    "Steps to reproduce:",
    input.reproduction_steps,
    "",
    "Impact:",
    input.impact,
    "",
    "Attachments (download them from the triage inbox):",
    ...attachmentLines,
  ].join("\n");
  return {
    to: config.mail.securityTo,
    replyTo: input.reporter_email,
    subject: `[${reference}] ${input.severity}: ${input.vulnerability_title}`,
    text,
  };
}

/**
 * The reporter's acknowledgement carries only the reference and our own words: nothing typed
 * into the form is echoed, so the form cannot be used to send someone else arbitrary text.
 */
function acknowledgementEmail(
  config: Pick<Config, "mail" | "public">,
  { reference, input }: Pick<EmailFacts, "reference" | "input">,
) {
  const text = [
    "Hello,",
    "",
    `Thank you for your security report. We received it with the reference ${reference}.`,
    "Please quote this reference in any message about the report.",
    "",
    "We'll review it and get back to you soon.",
    "",
    `${config.public.siteName} Security Team`,
    `${config.public.siteUrl}/security`,
  ].join("\n");
  return {
    to: input.reporter_email,
    replyTo: config.mail.securityTo,
    subject: `We received your vulnerability report ${reference}`,
    text,
  };
}

export const REPORTS_PAGE_SIZE = 50;

/** The triage inbox: newest first, one page at a time. */
export async function listReports(
  db: AppDatabase,
  page = 1,
): Promise<{ reports: ReportSummary[]; page: number; pageCount: number; total: number }> {
  const { total } = await db
    .selectFrom("security_reports")
    .select((eb) => eb.fn.countAll().as("total"))
    .executeTakeFirstOrThrow();
  const count = Number(total);
  const pageCount = Math.max(1, Math.ceil(count / REPORTS_PAGE_SIZE));
  const current = Math.min(Math.max(1, page), pageCount);
  const reports = await db
    .selectFrom("security_reports")
    .select(["id", "reference", "vulnerability_title", "severity", "status", "created_at"])
    .orderBy("created_at", "desc")
    .orderBy("id")
    .limit(REPORTS_PAGE_SIZE)
    .offset((current - 1) * REPORTS_PAGE_SIZE)
    .execute();
  return { reports, page: current, pageCount, total: count };
}

/** One report with every field and its attachments' descriptions (not their bytes). */
export async function getReport(db: AppDatabase, id: string): Promise<ReportDetail | undefined> {
  const report = await db
    .selectFrom("security_reports")
    .selectAll()
    .where("id", "=", id)
    .executeTakeFirst();
  if (!report) return undefined;
  const attachments = await db
    .selectFrom("report_attachments")
    .select(["id", "filename", "content_type", "size", "sha256", "created_at"])
    .where("report_id", "=", id)
    .orderBy("position")
    .execute();
  return { ...report, attachments: attachments.map((row) => ({ ...row, size: Number(row.size) })) };
}

export async function setReportStatus(
  db: AppDatabase,
  id: string,
  status: ReportStatus,
): Promise<ReportDetail | undefined> {
  const result = await db
    .updateTable("security_reports")
    .set({ status, updated_at: new Date().toISOString() })
    .where("id", "=", id)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return undefined;
  return getReport(db, id);
}

/** An attachment with its bytes, only within its own report. */
export async function getAttachment(db: AppDatabase, reportId: string, attachmentId: string) {
  return db
    .selectFrom("report_attachments")
    .select(["filename", "content_type", "size", "sha256", "data"])
    .where("report_id", "=", reportId)
    .where("id", "=", attachmentId)
    .executeTakeFirst();
}
