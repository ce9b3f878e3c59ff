import type { Kysely } from "kysely";
import { caseTexts, MESSAGE_MAX } from "../../domain/disclosure-case";
import { ASSIGNABLE_ROLES, assessmentDetail, triageMessages, type TeamEvent, type TriageFacts, type TriagePatch } from "../../domain/report-triage";
import type { Actor } from "../../domain/roles";
import {
  isClosedStatus,
  lastReplyDay,
  repliedAfterClose,
  reporterHearsOf,
  REPORT_REFERENCE_PATTERN,
  SEVERITIES,
  type ReportDetail,
  type ReportStatus,
} from "../../domain/vulnerability-report";
import type { AppServices } from "../context.server";
import type { Database } from "../db/schema";
import { enqueueEmail, notifyOutbox } from "../mail/outbox.server";
import { findPerson, namesOfPeople, peopleWithRoles } from "../people/people.server";
import { reportAssignedEmail } from "./disclosure-emails.server";
import { reportAttachments } from "../reports/reports.server";
import { scoreCvss } from "../../domain/cvss";
import { tellReporter } from "./reporter-digest.server";
import { reportRevisions } from "./report-correction.server";
import type { ReportRevision } from "../../domain/report-correction";
import { addReportEvent, dueFactsOf, teamTimeline } from "../reports/report-timeline.server";
import { latestSuggestion } from "./internal-notes.server";
import { insertMessageFiles, messageFilesOverQuota } from "../reports/message-files.server";
import type { UploadedFile } from "../reports/report-upload.server";

/** A report as its admin page shows it: the reporter's fields, the team's assessment, deadlines, assignee and timeline. */
export type TriagedReport = ReportDetail & TriageFacts & { assignee: Actor | null; events: TeamEvent[]; revisions: ReportRevision[] };

/** Who the report's assignee is, by name and role as they are now (a removed person still named). */
export async function assigneesOf(db: Kysely<Database>, ids: readonly (string | null)[]): Promise<Map<string, Actor>> {
  const names = await namesOfPeople(db, ids.filter((id): id is string => Boolean(id)));
  return new Map([...names].map(([id, person]) => [id, { id, ...person }]));
}

/** Who a report can be assigned to: the people of the team whose role may triage reports. */
export function listAssignees(db: Kysely<Database>): Promise<Actor[]> {
  return peopleWithRoles(db, ASSIGNABLE_ROLES);
}

export async function getTriagedReport(
  { db, config }: Pick<AppServices, "db" | "config">,
  id: string,
  now = new Date(),
): Promise<TriagedReport | undefined> {
  const row = await db.selectFrom("security_reports").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) return undefined;
  const attachments = await reportAttachments(db, id);
  const related = await db
    .selectFrom("security_reports")
    .select(["id", "reference"])
    .where((eb) => eb.or([eb("duplicate_of", "=", id), eb("id", "=", row.duplicate_of ?? "")]))
    .orderBy("created_at")
    .execute();
  const facts = (await dueFactsOf(db, config, [row], now)).get(id)!;
  const events = await teamTimeline(db, id);
  const conversationFiles = new Set(events.flatMap((event) => (event.kind === "message" ? event.files.map((file) => file.id) : [])));
  return {
    ...row,
    // The report's own files; those of the conversation are listed with their messages.
    attachments: attachments.filter((attachment) => !conversationFiles.has(attachment.id)),
    assessed_severity: row.assessed_severity,
    cvss_vector: row.cvss_vector,
    cvss_score: row.cvss_score === null ? null : Number(row.cvss_score),
    duplicate_of: row.duplicate_of,
    duplicate_of_reference: related.find((other) => other.id === row.duplicate_of)?.reference ?? null,
    duplicates: related.filter((other) => other.id !== row.duplicate_of),
    publish_title: Boolean(row.publish_title),
    awaiting_team: Boolean(row.awaiting_team),
    replied_after_close: repliedAfterClose(row.status, Boolean(row.awaiting_team)),
    credit: row.credit as TriageFacts["credit"],
    credit_name: row.credit_name,
    credit_url: row.credit_url,
    acknowledged_at: row.acknowledged_at,
    assessed_at: row.assessed_at,
    resolved_at: row.resolved_at,
    assignee: row.assignee_id ? ((await assigneesOf(db, [row.assignee_id])).get(row.assignee_id) ?? null) : null,
    ...facts,
    reporter_suggestion: latestSuggestion(events),
    events,
    revisions: await reportRevisions(db, id),
  };
}

export type TeamMessage = {
  body: string;
  /** A status set in the same step: one timeline event, one email (docs/decisions/216). */
  status?: ReportStatus;
  files?: UploadedFile[];
  /** Who sent the files, for the per-client upload quota. */
  clientHash?: string;
};

export type TeamMessageResult =
  | { ok: true; report: TriagedReport; statusChanged: boolean }
  | { ok: false; status: 400 | 404 | 429 | 503; error: string; field?: "body" | "status"; retryAfterSeconds?: number };

/**
 * The team writes to the reporter, with files checked like the reporter's and, when asked, a new
 * status: one timeline event and one email with a case link (held a few minutes like every
 * change the reporter hears of, docs/decisions/188).
 */
export async function postTeamMessage(
  services: Pick<AppServices, "db" | "config">,
  id: string,
  { body, status, files = [], clientHash }: TeamMessage,
  actor: Actor,
  now = new Date(),
): Promise<TeamMessageResult> {
  const text = body.trim();
  if (!text && files.length === 0) return { ok: false, status: 400, error: triageMessages.messageRequired, field: "body" };
  if (text.length > MESSAGE_MAX) return { ok: false, status: 400, error: caseTexts.messageTooLong, field: "body" };
  const { db, config } = services;
  const result = await db.transaction().execute(async (trx): Promise<TeamMessageResult | { ok: true; statusChanged: boolean }> => {
    const report = await trx.selectFrom("security_reports").selectAll().where("id", "=", id).executeTakeFirst();
    if (!report) return { ok: false, status: 404, error: "Report not found" };
    const change = status !== undefined && status !== report.status ? status : undefined;
    const refusal = change && statusRefusal(change, report.duplicate_of);
    if (refusal) return { ok: false, status: 400, error: refusal, field: "status" };
    const over = await messageFilesOverQuota(trx, config, files, clientHash, now);
    if (over) return { ok: false, status: over.status, error: caseTexts.rateLimited, retryAfterSeconds: over.retryAfterSeconds };
    const at = now.toISOString();
    if (change) {
      await trx.updateTable("security_reports").set({ status: change, updated_at: at, ...statusClock(change, at) }).where("id", "=", id).execute();
      if (closesAsAssessed(change)) await trx.updateTable("security_reports").set({ assessed_at: at }).where("id", "=", id).where("assessed_at", "is", null).execute();
    }
    await markAnswered(trx, id, now);
    const eventId = await addReportEvent(trx, { report_id: id, kind: "message", author: "team", body: text, status: change, actor }, now);
    await insertMessageFiles(trx, { reportId: id, eventId, files, clientHash }, now);
    const heard =
      change && reporterHearsOf(change)
        ? { status: change, duplicateOf: change === "duplicate" ? await referenceOf(trx, report.duplicate_of) : null, repliesUntil: lastReplyDay(change, at) }
        : undefined;
    const listed = files.map(({ filename, size }) => ({ filename, size }));
    await tellReporter(trx, config, report, { kind: "message", body: text, files: listed, ...(heard ? { status: heard } : {}) }, now);
    return { ok: true, statusChanged: change !== undefined };
  });
  if (!result.ok) return result;
  notifyOutbox();
  return { ok: true, report: (await getTriagedReport(services, id, now))!, statusChanged: result.statusChanged };
}

/** Why the team may not set a status: withdrawal is the reporter's act; a duplicate needs its original. */
function statusRefusal(status: ReportStatus, duplicateId: string | null): string | undefined {
  if (status === "withdrawn") return triageMessages.statusTeamOnly;
  if (status === "duplicate" && !duplicateId) return triageMessages.duplicateRequired;
  return undefined;
}

/** A status change stops the resolution clock when it closes the report, and restarts it on a reopening. */
function statusClock(status: ReportStatus, at: string): { resolved_at: string | null } {
  return { resolved_at: isClosedStatus(status) ? at : null };
}

/** Closing a report other than as resolved is its assessment (duplicate, spam, not applicable). */
function closesAsAssessed(status: ReportStatus): boolean {
  return isClosedStatus(status) && status !== "resolved";
}

/** Any answer of the team acknowledges the report (the first time) and clears the reporter's mark. */
async function markAnswered(db: Kysely<Database>, id: string, now: Date): Promise<void> {
  const at = now.toISOString();
  await db.updateTable("security_reports").set({ awaiting_team: 0, updated_at: at }).where("id", "=", id).execute();
  await db.updateTable("security_reports").set({ acknowledged_at: at }).where("id", "=", id).where("acknowledged_at", "is", null).execute();
}

export type TriageResult =
  | { ok: true; report: TriagedReport; assigneeChanged: boolean }
  | { ok: false; status: 400 | 404; error: string; field?: keyof TriagePatch };

/**
 * The team's decisions, checked together and applied in one transaction: a status (with the
 * report it duplicates, for "duplicate"), an assessed severity, a CVSS vector (scored; empty
 * clears it), whether the title may be published and who the report is assigned to. A status
 * change the reporter should know of is emailed to them; a closing one stops the resolution
 * clock, a reopening restarts it. Each change goes on the timeline in `actor`'s name; a new
 * assignee with an address is emailed, unless they assigned it to themselves.
 */
export async function updateTriage(
  services: Pick<AppServices, "db" | "config">,
  id: string,
  patch: TriagePatch,
  actor: Actor,
  now = new Date(),
): Promise<TriageResult> {
  const { db, config } = services;
  const current = await db.selectFrom("security_reports").selectAll().where("id", "=", id).executeTakeFirst();
  if (!current) return { ok: false, status: 404, error: "Report not found" };
  if (patch.status === "withdrawn") return { ok: false, status: 400, error: statusRefusal(patch.status, null)!, field: "status" };
  if (patch.assessed_severity != null && !(SEVERITIES as readonly string[]).includes(patch.assessed_severity)) {
    return { ok: false, status: 400, error: triageMessages.severityInvalid, field: "assessed_severity" };
  }
  let cvss: { vector: string | null; score: number | null } | undefined;
  if (patch.cvss_vector !== undefined) {
    if (patch.cvss_vector === null || patch.cvss_vector.trim() === "") cvss = { vector: null, score: null };
    else {
      const scored = scoreCvss(patch.cvss_vector);
      if (!scored.ok) return { ok: false, status: 400, error: scored.error, field: "cvss_vector" };
      cvss = { vector: scored.cvss.vector, score: scored.cvss.score };
    }
  }
  let duplicateOf: { id: string; reference: string } | null | undefined;
  if (patch.duplicate_of !== undefined && patch.duplicate_of !== null && patch.duplicate_of.trim() !== "") {
    const reference = patch.duplicate_of.trim().toUpperCase();
    const original = REPORT_REFERENCE_PATTERN.test(reference)
      ? await db.selectFrom("security_reports").select(["id", "reference"]).where("reference", "=", reference).executeTakeFirst()
      : undefined;
    if (!original) return { ok: false, status: 400, error: triageMessages.duplicateNotFound, field: "duplicate_of" };
    if (original.id === id) return { ok: false, status: 400, error: triageMessages.duplicateSelf, field: "duplicate_of" };
    duplicateOf = original;
  } else if (patch.duplicate_of !== undefined) duplicateOf = null;
  let assignee: { id: string; name: string; email: string | null } | null | undefined;
  if (patch.assignee_id) {
    const person = await findPerson(db, patch.assignee_id);
    if (!person || !ASSIGNABLE_ROLES.includes(person.role)) return { ok: false, status: 400, error: triageMessages.assigneeInvalid, field: "assignee_id" };
    assignee = person;
  } else if (patch.assignee_id === null) assignee = null;
  const status: ReportStatus = patch.status ?? current.status;
  const duplicateId = duplicateOf === undefined ? current.duplicate_of : (duplicateOf?.id ?? null);
  const refusal = status === "duplicate" ? statusRefusal(status, duplicateId) : undefined;
  if (refusal) return { ok: false, status: 400, error: refusal, field: "duplicate_of" };

  const at = now.toISOString();
  const statusChanged = status !== current.status;
  const assigneeChanged = assignee !== undefined && (assignee?.id ?? null) !== current.assignee_id;
  const assessed = assessmentDetail({
    ...(patch.assessed_severity !== undefined && patch.assessed_severity !== current.assessed_severity ? { assessed_severity: patch.assessed_severity } : {}),
    ...(cvss && cvss.vector !== current.cvss_vector ? { cvss_vector: cvss.vector } : {}),
  });
  let emailed = false;
  const assessedNow = patch.assessed_severity != null || (cvss?.vector ?? null) !== null || (statusChanged && closesAsAssessed(status));
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("security_reports")
      .set({
        status,
        updated_at: at,
        duplicate_of: duplicateId,
        ...(patch.assessed_severity !== undefined ? { assessed_severity: patch.assessed_severity } : {}),
        ...(cvss ? { cvss_vector: cvss.vector, cvss_score: cvss.score } : {}),
        ...(patch.publish_title !== undefined ? { publish_title: patch.publish_title ? 1 : 0 } : {}),
        ...(statusChanged ? statusClock(status, at) : {}),
        ...(assigneeChanged ? { assignee_id: assignee?.id ?? null } : {}),
      })
      .where("id", "=", id)
      .execute();
    if (assessedNow) await trx.updateTable("security_reports").set({ assessed_at: at }).where("id", "=", id).where("assessed_at", "is", null).execute();
    if (assessed) await addReportEvent(trx, { report_id: id, kind: "assessment", author: "team", body: assessed, actor }, now);
    if (assigneeChanged) {
      await addReportEvent(trx, { report_id: id, kind: "assignment", author: "team", body: assignee?.name ?? null, actor }, now);
      if (assignee?.email && assignee.id !== actor.id) {
        const { reference, vulnerability_title: title } = current;
        await enqueueEmail(trx, reportAssignedEmail(config, { to: assignee.email, id, reference, title, by: actor.name }));
        emailed = true;
      }
    }
    if (!statusChanged) return;
    await addReportEvent(trx, { report_id: id, kind: "status", author: "team", status, actor }, now);
    if (status !== "new") await markAnswered(trx, id, now);
    if (reporterHearsOf(status)) {
      const duplicateReference = status === "duplicate" ? (duplicateOf?.reference ?? (await referenceOf(trx, duplicateId))) : null;
      const news = { kind: "status", status, duplicateOf: duplicateReference, repliesUntil: lastReplyDay(status, at) } as const;
      await tellReporter(trx, config, current, news, now);
    }
  });
  if (statusChanged || emailed) notifyOutbox();
  return { ok: true, report: (await getTriagedReport(services, id, now))!, assigneeChanged };
}

async function referenceOf(db: Kysely<Database>, id: string | null): Promise<string | null> {
  if (!id) return null;
  const row = await db.selectFrom("security_reports").select("reference").where("id", "=", id).executeTakeFirst();
  return row?.reference ?? null;
}
