import crypto from "node:crypto";
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from "kysely";
import { containsPattern, type ReportListFilter } from "../../domain/contact-inbox";
import type { Database } from "../db/schema";
import { mailboxKey } from "../../domain/email-address";
import { formatBytes } from "../../domain/report-attachments";
import { optionLabel } from "../../domain/option-labels";
import {
  REPORT_REFERENCE_ALPHABET,
  REVIEW_PROMISE,
  type ReportDetail,
  type ReportInput,
  type ReportStatus,
  type ReportSummary,
} from "../../domain/vulnerability-report";
import type { Config } from "../config.server";
import type { AppDatabase } from "../db/database.server";
import { countAttempt, type RateLimitRule } from "../limits/rate-limits.server";
import { enqueueEmail, notifyOutbox, oneLineHeader } from "../mail/outbox.server";
import { mintCaseLink } from "./case-links.server";
import { dueFactsOf } from "./report-timeline.server";
import { dayOf } from "../../domain/analytics";
import type { TriageFacts } from "../../domain/report-triage";
import type { Actor } from "../../domain/roles";
import { namesOfPeople } from "../people/people.server";
import { CLOSED_REPORT_STATUSES, repliedAfterClose, STATUSES_TAKING_REPLIES } from "../../domain/report-status";
import { insertAttachment } from "./attachment-store.server";
import type { UploadedFile } from "./report-upload.server";
import { clientQuotaExceeded, quotaExceeded, type UploadQuota } from "./upload-quota.server";

/**
 * Acknowledgements sent to one mailbox per day, however its address is spelled (`mailboxKey`).
 * Anyone can type any address into the form, so past this the report is still stored and the
 * team still notified, but the mailbox gets no more mail from us that day
 * (docs/decisions/063-acknowledgement-cap.md).
 */
export const ACKNOWLEDGEMENTS_PER_ADDRESS_PER_DAY = 3;

const ACKNOWLEDGEMENT_RULE: RateLimitRule = {
  name: "report-acknowledgement",
  windowMs: 24 * 60 * 60 * 1000,
  limit: ACKNOWLEDGEMENTS_PER_ADDRESS_PER_DAY,
  message: "acknowledgement cap reached",
};

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
 * Stores a validated report, its attachments (streamed from their spooled files, a chunk at a
 * time) and its two outbox emails (to the security team, and an acknowledgement to the
 * reporter) in one transaction: all of it or nothing. With a quota, attachments that would go
 * over the sending client's hourly or daily cap (when its hash is given) store nothing and come
 * back as `client_quota_reached`; over the whole site's, as `quota_reached`.
 */
export async function createReport(
  db: AppDatabase,
  config: Pick<Config, "mail" | "public">,
  input: ReportInput,
  files: UploadedFile[],
  { quota, clientHash }: { quota?: Omit<UploadQuota, "concurrentUploads">; clientHash?: string } = {},
): Promise<
  | { ok: true; id: string; reference: string; caseUrl: string }
  | { ok: false; code: "quota_reached" | "client_quota_reached"; retryAfterSeconds: number }
> {
  const incomingBytes = files.reduce((total, file) => total + file.size, 0);
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
    let caseUrl = "";
    const refused = await db.transaction().execute(async (trx) => {
      if (quota) {
        const overClient =
          clientHash === undefined ? undefined : await clientQuotaExceeded(trx, quota, clientHash, incomingBytes, now);
        if (overClient) return { code: "client_quota_reached" as const, ...overClient };
        const over = await quotaExceeded(trx, quota, incomingBytes, now);
        if (over) return { code: "quota_reached" as const, ...over };
      }
      await trx
        .insertInto("security_reports")
        .values({ id, reference, ...input, status: "new", created_at: createdAt, updated_at: createdAt })
        .execute();
      for (const [position, file] of files.entries()) {
        const facts = {
          id: crypto.randomUUID(),
          reportId: id,
          position,
          filename: file.filename,
          contentType: file.contentType,
          size: file.size,
          sha256: file.sha256,
          createdAt,
          clientHash,
        };
        await insertAttachment(trx, facts, file.path);
      }
      caseUrl = await mintCaseLink(trx, config, id, "report", now);
      // Counted in this transaction: a report that is not stored uses up nothing. Counted per
      // mailbox, not per spelling: victim+1@ and victim+2@ share one cap.
      const capped = await countAttempt(trx, ACKNOWLEDGEMENT_RULE, mailboxKey(input.reporter_email));
      const acknowledged = !capped;
      await enqueueEmail(trx, securityTeamEmail(config, { id, reference, input, files, createdAt, acknowledged }));
      if (acknowledged) await enqueueEmail(trx, acknowledgementEmail(config, { reference, input, caseUrl }));
      return undefined;
    });
    if (refused) return { ok: false, code: refused.code, retryAfterSeconds: refused.retryAfterSeconds };
    // Committed: this process's outbox worker sends both emails now, not at its next poll.
    notifyOutbox();
    return { ok: true, id, reference, caseUrl };
  }
}

type EmailFacts = {
  id: string;
  reference: string;
  input: ReportInput;
  files: UploadedFile[];
  createdAt: string;
  /** False when the reporter's address had its acknowledgements for the day. */
  acknowledged: boolean;
};

function securityTeamEmail(
  config: Pick<Config, "mail" | "public">,
  { id, reference, input, files, createdAt, acknowledged }: EmailFacts,
) {
  // The schema already refuses line breaks in these; flattening again here means no value can
  // ever start a line of its own, whoever calls this.
  const line = oneLineHeader;
  const attachmentLines = files.length
    ? files.map(
        (file) =>
          `- ${line(file.filename)} (${file.contentType}, ${formatBytes(file.size)}, SHA-256 ${file.sha256})`,
      )
    : ["- none"];
  const text = [
    `A vulnerability report was received: ${reference}`,
    `Triage it at ${config.public.siteUrl}/admin/reports/${id}`,
    "",
    `Received: ${createdAt}`,
    `Reporter: ${line(input.reporter_name)} <${line(input.reporter_email)}>`,
    `Company: ${line(input.company) || "-"}`,
    `Asset affected: ${line(input.asset_affected)}`,
    `Title: ${line(input.vulnerability_title)}`,
    `VRT category: ${line(input.vrt_category)}`,
    `VRT subcategory: ${line(optionLabel(input.vrt_subcategory))}`,
    `Weakness type: ${line(input.weakness_type)}`,
    `Severity: ${line(input.severity)}`,
    ...(acknowledged
      ? []
      : [
          `Acknowledgement: not sent (this address already had ${ACKNOWLEDGEMENTS_PER_ADDRESS_PER_DAY} today)`,
        ]),
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
    subject: `[${reference}] ${line(input.severity)}: ${line(input.vulnerability_title)}`,
    text,
  };
}

/**
 * The reporter's acknowledgement carries only the reference, the case link and our own words:
 * nothing typed into the form is echoed, so the form cannot be used to send someone else
 * arbitrary text.
 */
function acknowledgementEmail(
  config: Pick<Config, "mail" | "public">,
  { reference, input, caseUrl }: Pick<EmailFacts, "reference" | "input"> & { caseUrl: string },
) {
  const text = [
    "Hello,",
    "",
    `Thank you for your security report. We received it with the reference ${reference}.`,
    "Please quote this reference in any message about the report.",
    "",
    REVIEW_PROMISE,
    "",
    "Follow the report, answer our questions and add files on your case page (keep this link to yourself: it opens the report without a password):",
    caseUrl,
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

/** A report as the inbox lists it, with the team's assessment and what is due. */
export type InboxReport = ReportSummary &
  Pick<TriageFacts, "assessed_severity" | "cvss_score" | "awaiting_team" | "replied_after_close" | "overdue" | "next_due"> & { assignee: Actor | null };

/**
 * The triage inbox: newest first unless asked otherwise, one page at a time, optionally filtered
 * (`assignee`: only the reports assigned to that person, the "Assigned to me" of whoever asks).
 * Ordering by due date, or keeping only overdue reports, needs every open report's deadlines:
 * those are worked out for the open reports that match, which are few, and paged here.
 */
export async function listReports(
  { db, config }: { db: AppDatabase; config: Pick<Config, "disclosure"> },
  page = 1,
  filter: Partial<Omit<ReportListFilter, "assigned">> & { assignee?: string } = {},
  now = new Date(),
): Promise<{ reports: InboxReport[]; page: number; pageCount: number; total: number; newCount: number }> {
  const where = (eb: ExpressionBuilder<Database, "security_reports">) => {
    const conditions: Expression<SqlBool>[] = [];
    if (filter.status) conditions.push(eb("status", "=", filter.status as ReportStatus));
    if (filter.severity) conditions.push(eb("severity", "=", filter.severity));
    if (filter.due) conditions.push(eb("status", "not in", CLOSED_REPORT_STATUSES));
    if (filter.assignee) conditions.push(eb("assignee_id", "=", filter.assignee));
    if (filter.q) {
      const pattern = containsPattern(filter.q);
      conditions.push(
        eb.or(
          (["vulnerability_title", "reference"] as const).map(
            (column) => sql<SqlBool>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`,
          ),
        ),
      );
    }
    return eb.and(conditions);
  };
  const columns = [
    "id", "reference", "vulnerability_title", "severity", "status", "created_at", "assessed_severity", "cvss_score",
    "awaiting_team", "acknowledged_at", "assessed_at", "resolved_at", "assignee_id",
  ] as const;
  const byDue = filter.sort === "due" || filter.due === "overdue";
  let rows;
  let count: number;
  let current: number;
  let facts;
  if (byDue) {
    const all = await db.selectFrom("security_reports").where(where).select(columns).orderBy("created_at").orderBy("id").execute();
    facts = await dueFactsOf(db, config, all, now);
    const today = dayOf(now.getTime());
    const kept = filter.due === "overdue" ? all.filter((row) => (facts!.get(row.id)?.next_due?.by ?? "9999") < today) : all;
    const dueBy = (id: string) => facts!.get(id)?.next_due?.by ?? "9999-12-31";
    const replyFirst = (row: (typeof all)[number]) => (row.awaiting_team && STATUSES_TAKING_REPLIES.includes(row.status) ? 0 : 1);
    kept.sort((a, b) => replyFirst(a) - replyFirst(b) || dueBy(a.id).localeCompare(dueBy(b.id)));
    count = kept.length;
    current = pageWithin(page, count);
    rows = kept.slice((current - 1) * REPORTS_PAGE_SIZE, current * REPORTS_PAGE_SIZE);
  } else {
    const { total } = await db
      .selectFrom("security_reports")
      .where(where)
      .select((eb) => eb.fn.countAll().as("total"))
      .executeTakeFirstOrThrow();
    count = Number(total);
    current = pageWithin(page, count);
    // Reports with an unanswered reply from their reporter come first, whatever the order asked.
    let query = db
      .selectFrom("security_reports")
      .where(where)
      .select(columns)
      .orderBy(sql`case when awaiting_team = 1 and status in (${sql.join(STATUSES_TAKING_REPLIES)}) then 0 else 1 end`);
    // Highest score first, unscored last (`is null` sorts false before true on both databases).
    if (filter.sort === "cvss") query = query.orderBy(sql`cvss_score is null`).orderBy("cvss_score", "desc");
    rows = await query
      .orderBy("created_at", filter.sort === "oldest" ? "asc" : "desc")
      .orderBy("id")
      .limit(REPORTS_PAGE_SIZE)
      .offset((current - 1) * REPORTS_PAGE_SIZE)
      .execute();
    facts = await dueFactsOf(db, config, rows, now);
  }
  const people = await namesOfPeople(db, rows.map((row) => row.assignee_id ?? ""));
  const reports = rows.map(({ acknowledged_at, assessed_at, resolved_at, assignee_id, ...row }): InboxReport => {
    const assignee = assignee_id ? people.get(assignee_id) : undefined;
    const due = facts.get(row.id)!;
    // The inbox shows what is late now: steps still open past their day, not those done late.
    const done = { acknowledge: acknowledged_at, assess: assessed_at, resolve: resolved_at };
    return {
      ...row,
      cvss_score: row.cvss_score === null ? null : Number(row.cvss_score),
      awaiting_team: Boolean(row.awaiting_team),
      replied_after_close: repliedAfterClose(row.status, Boolean(row.awaiting_team)),
      overdue: due.overdue.filter((step) => !done[step]),
      next_due: due.next_due,
      assignee: assignee && assignee_id ? { id: assignee_id, ...assignee } : null,
    };
  });
  return { reports, page: current, pageCount: Math.max(1, Math.ceil(count / REPORTS_PAGE_SIZE)), total: count, newCount: await countNewReports(db) };
}

function pageWithin(page: number, count: number): number {
  return Math.min(Math.max(1, page), Math.max(1, Math.ceil(count / REPORTS_PAGE_SIZE)));
}

/** Reports nobody has triaged yet: the badge in the admin's navigation. */
export async function countNewReports(db: AppDatabase): Promise<number> {
  const { fresh } = await db
    .selectFrom("security_reports")
    .where("status", "=", "new")
    .select((eb) => eb.fn.countAll().as("fresh"))
    .executeTakeFirstOrThrow();
  return Number(fresh);
}

/**
 * Reports waiting for the team (docs/decisions/189): new ones, and those whose reporter wrote
 * since the team last answered, open or closed within its days for replies (212). The admin bar's
 * Reports badge.
 */
export async function countReportsAwaitingTeam(db: AppDatabase): Promise<number> {
  const { waiting } = await db
    .selectFrom("security_reports")
    .where(awaitingTeam)
    .select((eb) => eb.fn.countAll().as("waiting"))
    .executeTakeFirstOrThrow();
  return Number(waiting);
}

/** New, or with an unanswered reply from the reporter (a withdrawal marks the report too, but is no reply). */
function awaitingTeam(eb: ExpressionBuilder<Database, "security_reports">): Expression<SqlBool> {
  return eb.or([eb("status", "=", "new"), eb.and([eb("awaiting_team", "=", 1), eb("status", "in", STATUSES_TAKING_REPLIES)])]);
}

/** One report with every field and its attachments' descriptions (not their bytes). */
export async function getReport(db: AppDatabase, id: string): Promise<ReportDetail | undefined> {
  const report = await db
    .selectFrom("security_reports")
    .selectAll()
    .where("id", "=", id)
    .executeTakeFirst();
  if (!report) return undefined;
  return { ...report, attachments: await reportAttachments(db, id) };
}

/** A report's files, in the order they were added. */
export async function reportAttachments(db: AppDatabase, id: string): Promise<ReportDetail["attachments"]> {
  const attachments = await db
    .selectFrom("report_attachments")
    .select(["id", "filename", "content_type", "size", "sha256", "created_at"])
    .where("report_id", "=", id)
    .orderBy("position")
    .execute();
  return attachments.map((row) => ({ ...row, size: Number(row.size) }));
}

/** An attachment's description, only within its own report; its bytes come from the store. */
export async function getAttachment(db: AppDatabase, reportId: string, attachmentId: string) {
  return db
    .selectFrom("report_attachments")
    .select(["id", "filename", "content_type", "size", "sha256"])
    .where("report_id", "=", reportId)
    .where("id", "=", attachmentId)
    .executeTakeFirst();
}
