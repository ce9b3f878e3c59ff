import {
  CASE_MESSAGES_PER_MINUTE,
  caseTexts,
  MESSAGE_MAX,
  SENT_REPORT_FIELDS,
  type CaseView,
  type CreditChoice,
  type SentReportField,
} from "../../domain/disclosure-case";
import { mailboxKey } from "../../domain/email-address";
import { isClosedStatus, REPORTER_STATUS_LABELS, REPORT_REFERENCE_PATTERN } from "../../domain/vulnerability-report";
import { lastReplyDay, PAUSED_STATUS, REPLYABLE_CLOSED_STATUSES, statusAfterReply, STATUSES_TAKING_REPLIES, takesReplies } from "../../domain/report-status";
import type { AppServices } from "../context.server";
import type { AppDatabase } from "../db/database.server";
import { countAttempt, type RateLimited, type RateLimitRule } from "../limits/rate-limits.server";
import { enqueueEmail, notifyOutbox } from "../mail/outbox.server";
import { insertMessageFiles, messageFilesOverQuota } from "../reports/message-files.server";
import type { UploadedFile } from "../reports/report-upload.server";
import { findCaseLink, listCaseLinks, mintCaseLink, recordCaseLinkUse } from "../reports/case-links.server";
import { newCaseLinkEmail, reporterWithdrewEmail } from "./disclosure-emails.server";
import { addReportEvent, dueFactsOf, reportTimeline } from "../reports/report-timeline.server";
import { tellTeamOfReply } from "./team-digest.server";
import { isCorrectable, lastCorrectedAt } from "./report-correction.server";
import { caseAssessmentOf } from "./case-suggestions.server";

/**
 * What the holder of a case link can do (docs/decisions/144): read the report's status and
 * conversation, reply with text and files, choose how to be credited, withdraw the report, and,
 * having lost the link, ask for a new one by reference and address.
 */
export async function caseView(
  { db, config }: Pick<AppServices, "db" | "config">,
  reportId: string,
  currentLinkHash?: string,
  now = new Date(),
): Promise<CaseView | undefined> {
  const report = await db
    .selectFrom("security_reports")
    .leftJoin("security_reports as original", "original.id", "security_reports.duplicate_of")
    .selectAll("security_reports")
    .select("original.reference as duplicate_of_reference")
    .where("security_reports.id", "=", reportId)
    .executeTakeFirst();
  if (!report) return undefined;
  const closed = isClosedStatus(report.status);
  const nextDue = (await dueFactsOf(db, config, [report], now)).get(reportId)?.next_due ?? null;
  return {
    reference: report.reference,
    title: report.vulnerability_title,
    ...(Object.fromEntries(SENT_REPORT_FIELDS.map((field) => [field, report[field]])) as Record<SentReportField, string>),
    attachments: await originalAttachments(db, reportId),
    correctable: !closed && (await isCorrectable(db, reportId)),
    correctedAt: await lastCorrectedAt(db, reportId),
    status: report.status,
    statusLabel: REPORTER_STATUS_LABELS[report.status],
    receivedAt: report.created_at,
    closed,
    repliesUntil: closed && takesReplies(report.status, report.resolved_at, now) ? lastReplyDay(report.status, report.resolved_at) : null,
    // A withdrawal marks the report for the team too, but is no reply to review.
    awaitingTeam: Boolean(report.awaiting_team) && STATUSES_TAKING_REPLIES.includes(report.status),
    nextStep: closed || report.status === PAUSED_STATUS ? null : nextDue,
    ...caseAssessmentOf(report, nextDue),
    duplicateOf: report.status === "duplicate" ? report.duplicate_of_reference : null,
    credit: { choice: (report.credit as CreditChoice | null) ?? null, name: report.credit_name, url: report.credit_url },
    events: await reportTimeline(db, reportId),
    links: await listCaseLinks(db, reportId, currentLinkHash),
  };
}

/** The files sent with the report itself; those of the conversation are listed with their messages. */
async function originalAttachments(db: AppDatabase, reportId: string): Promise<CaseView["attachments"]> {
  const rows = await db
    .selectFrom("report_attachments")
    .select(["id", "filename", "content_type", "size"])
    .where("report_id", "=", reportId)
    .where("event_id", "is", null)
    .orderBy("position")
    .execute();
  return rows.map((row) => ({ ...row, size: Number(row.size) }));
}

export type ReplyResult =
  | { ok: true; id: string }
  | { ok: false; status: 400 | 409 | 429 | 503; error: string; field?: string; retryAfterSeconds?: number };

/** Messages on one case, whoever sends them: a case is not a way to fill the team's inbox. */
export const CASE_MESSAGE_RULE: RateLimitRule = {
  name: "case-messages",
  windowMs: 60 * 1000,
  limit: CASE_MESSAGES_PER_MINUTE,
  message: caseTexts.tooManyMessages,
};

/** Counts a message for its case; the door asks before reading the body, so a refused one costs no upload. */
export async function countCaseMessage(db: AppDatabase, linkHash: string): Promise<RateLimited | undefined> {
  return countAttempt(db, CASE_MESSAGE_RULE, linkHash);
}

/**
 * The reporter's message, with files checked like the form's, stored with the team's
 * notification in one transaction (a digest, docs/decisions/176; an answer to a question at once,
 * 213); the report is marked for the team. A closed report takes messages only while
 * `takesReplies` says so (212): they reopen nothing.
 */
export async function replyOnCase(
  { db, config }: Pick<AppServices, "db" | "config">,
  reportId: string,
  { body, files = [], clientHash }: { body: string; files?: UploadedFile[]; clientHash?: string },
  now = new Date(),
): Promise<ReplyResult> {
  const text = body.trim();
  if (text.length > MESSAGE_MAX) return { ok: false, status: 400, error: caseTexts.messageTooLong, field: "body" };
  if (text.length === 0 && files.length === 0) return { ok: false, status: 400, error: caseTexts.messageRequired, field: "body" };
  return db.transaction().execute(async (trx): Promise<ReplyResult> => {
    const report = await trx
      .selectFrom("security_reports")
      .select(["id", "reference", "vulnerability_title", "status", "resolved_at"])
      .where("id", "=", reportId)
      .executeTakeFirstOrThrow();
    if (!takesReplies(report.status, report.resolved_at, now)) {
      const error = REPLYABLE_CLOSED_STATUSES.includes(report.status) ? caseTexts.repliesEnded : caseTexts.closedNoReplies;
      return { ok: false, status: 409, error };
    }
    const over = await messageFilesOverQuota(trx, config, files, clientHash, now);
    if (over) return { ok: false, status: over.status, error: caseTexts.rateLimited, retryAfterSeconds: over.retryAfterSeconds };
    const eventId = await addReportEvent(trx, { report_id: reportId, kind: "message", author: "reporter", body: text }, now);
    await insertMessageFiles(trx, { reportId, eventId, files, clientHash }, now);
    const digestReport = { id: reportId, reference: report.reference, title: report.vulnerability_title, closed: isClosedStatus(report.status) };
    await tellTeamOfReply(trx, config, digestReport, { at: now, body: text, files }, { atOnce: report.status === PAUSED_STATUS });
    if (report.status === PAUSED_STATUS) await resumeAfterReply(trx, reportId, now);
    return { ok: true, id: eventId };
  }).then((result) => {
    if (result.ok) notifyOutbox();
    return result;
  });
}

/**
 * The reporter answered "needs more information": the report is back in the team's queue, in the
 * status it had before the question (docs/decisions/189), and its clock runs again (a status
 * change ends the pause).
 */
async function resumeAfterReply(trx: AppDatabase, reportId: string, now: Date): Promise<void> {
  const changes = await trx
    .selectFrom("report_events")
    .select("status")
    .where("report_id", "=", reportId)
    // Status events, and team messages that set a status in the same step (docs/decisions/216).
    .where("status", "is not", null)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  const status = statusAfterReply(changes.map((change) => change.status!));
  await trx.updateTable("security_reports").set({ status, updated_at: now.toISOString() }).where("id", "=", reportId).execute();
  // A moment after the reply, so the timeline lists them in that order.
  await addReportEvent(trx, { report_id: reportId, kind: "status", author: "reporter", status }, new Date(now.getTime() + 1));
}

/** The reporter's choice of public thanks; a named credit keeps its name and link. */
export async function chooseCredit(
  db: AppDatabase,
  reportId: string,
  credit: { credit: CreditChoice; name?: string; url?: string },
): Promise<void> {
  const named = credit.credit === "named";
  await db
    .updateTable("security_reports")
    .set({
      credit: credit.credit,
      credit_name: named ? (credit.name ?? null) : null,
      credit_url: named ? (credit.url || null) : null,
    })
    .where("id", "=", reportId)
    .execute();
}

/** Closes the report at the reporter's word and tells the team; a closed report stays as it is. */
export async function withdrawCase(
  { db, config }: Pick<AppServices, "db" | "config">,
  reportId: string,
  now = new Date(),
): Promise<{ ok: true } | { ok: false; error: string }> {
  const done = await db.transaction().execute(async (trx) => {
    const report = await trx
      .selectFrom("security_reports")
      .select(["reference", "vulnerability_title", "status"])
      .where("id", "=", reportId)
      .executeTakeFirstOrThrow();
    if (isClosedStatus(report.status)) return false;
    const at = now.toISOString();
    await trx
      .updateTable("security_reports")
      .set({ status: "withdrawn", resolved_at: at, updated_at: at, awaiting_team: 1 })
      .where("id", "=", reportId)
      .execute();
    await addReportEvent(trx, { report_id: reportId, kind: "status", author: "reporter", status: "withdrawn" }, now);
    await enqueueEmail(trx, reporterWithdrewEmail(config, { id: reportId, reference: report.reference, title: report.vulnerability_title }));
    return true;
  });
  if (!done) return { ok: false, error: caseTexts.closedNoReplies };
  notifyOutbox();
  return { ok: true };
}

/** New links sent for one report per day, whoever asks: the reporter's mailbox is not ours to fill. */
const NEW_LINK_RULE: RateLimitRule = {
  name: "case-link-per-report",
  windowMs: 24 * 60 * 60 * 1000,
  limit: 3,
  message: "new case link cap reached",
};

/** Lost-link requests per client: each may send an email. */
const LINK_REQUEST_RULE: RateLimitRule = { name: "case-link-request", windowMs: 60 * 60 * 1000, limit: 10, message: caseTexts.rateLimited };

/**
 * A lost link, from any door: the client's limit first. Then, when the reference and the address
 * (however spelled: `mailboxKey`) belong to one report, a new link is emailed to the report's own
 * address; the earlier links keep working until it is first used (docs/decisions/177). Whatever
 * happened after the limit, the caller answers the same, so nobody learns whether a reference
 * exists.
 */
export async function requestNewCaseLink(
  { db, config }: Pick<AppServices, "db" | "config">,
  { reference, email }: { reference: string; email: string },
  clientKey: string | undefined,
): Promise<RateLimited | undefined> {
  const limited = await countAttempt(db, LINK_REQUEST_RULE, clientKey);
  if (limited) return limited;
  await sendNewCaseLink({ db, config }, reference, email);
  return undefined;
}

async function sendNewCaseLink({ db, config }: Pick<AppServices, "db" | "config">, reference: string, email: string): Promise<void> {
  const wanted = reference.trim().toUpperCase();
  if (!REPORT_REFERENCE_PATTERN.test(wanted)) return;
  const report = await db
    .selectFrom("security_reports")
    .select(["id", "reference", "reporter_email"])
    .where("reference", "=", wanted)
    .executeTakeFirst();
  if (!report || mailboxKey(report.reporter_email) !== mailboxKey(email)) return;
  const sent = await db.transaction().execute(async (trx) => {
    if (await countAttempt(trx, NEW_LINK_RULE, report.id)) return false;
    const caseUrl = await mintCaseLink(trx, config, report.id, "request");
    await enqueueEmail(trx, newCaseLinkEmail(config, { to: report.reporter_email, reference: report.reference, caseUrl }));
    return true;
  });
  if (sent) notifyOutbox();
}

const TEN_MINUTES_MS = 10 * 60 * 1000;

/** Every request for a case, found or not, per client: guessing links is a flood like any other. */
export const CASE_CLIENT_RULE: RateLimitRule = { name: "case-client", windowMs: TEN_MINUTES_MS, limit: 120, message: caseTexts.rateLimited };
/** Every request for one case, whoever makes it: a leaked link cannot be hammered. */
export const CASE_LINK_RULE: RateLimitRule = { name: "case-link", windowMs: TEN_MINUTES_MS, limit: 120, message: caseTexts.rateLimited };

/**
 * Nothing about a case is stored by a cache or indexed; the site's header policy adds
 * `Referrer-Policy: no-referrer` to every address that holds a token (`isCasePath`).
 */
export const CASE_HEADERS = {
  "Cache-Control": "no-store",
  "X-Robots-Tag": "noindex, nofollow",
} as const;

/**
 * The case's limits and lookup, for the API and the case page alike: the client's and the link's
 * rate limits first (a wrong token counts against its client too), then the report the token
 * opens, noting the link's use (docs/decisions/177). Answers the report's id and the link's hash,
 * or why not.
 */
export async function openCase(
  db: AppServices["db"],
  token: string,
  client: string | undefined,
): Promise<{ ok: true; reportId: string; linkHash: string } | { ok: false; status: 404 } | RateLimited> {
  const limitedClient = await countAttempt(db, CASE_CLIENT_RULE, client);
  if (limitedClient) return limitedClient;
  const link = await findCaseLink(db, token);
  if (!link) return { ok: false, status: 404 };
  // Each link its own budget: one holder cannot spend another's (a leaked link, the reporter's).
  const limitedLink = await countAttempt(db, CASE_LINK_RULE, link.tokenHash);
  if (limitedLink) return limitedLink;
  await recordCaseLinkUse(db, link);
  return { ok: true, reportId: link.reportId, linkHash: link.tokenHash };
}
