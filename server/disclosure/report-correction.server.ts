import crypto from "node:crypto";
import type { ExpressionBuilder, Kysely } from "kysely";
import {
  CORRECTABLE_FIELDS,
  CORRECTIONS_PER_HOUR,
  correctionTexts,
  type CorrectableField,
  type ReportRevision,
} from "../../domain/report-correction";
import { caseTexts } from "../../domain/disclosure-case";
import { isClosedStatus } from "../../domain/report-status";
import type { AppServices } from "../context.server";
import type { AppDatabase } from "../db/database.server";
import type { Database } from "../db/schema";
import { countAttempt, type RateLimited, type RateLimitRule } from "../limits/rate-limits.server";
import { notifyOutbox } from "../mail/outbox.server";
import { tellTeamOfReply } from "./team-digest.server";

export type Correction = Partial<Record<CorrectableField, string>>;

export type CorrectionResult = { ok: true; changed: CorrectableField[] } | { ok: false; status: 409; error: string };

/** Corrections per case an hour: each keeps a revision, so a leaked link cannot fill the database. */
const CORRECTION_RULE: RateLimitRule = {
  name: "case-corrections",
  windowMs: 60 * 60 * 1000,
  limit: CORRECTIONS_PER_HOUR,
  message: correctionTexts.tooMany,
};

/** Counts a correction for its case; the door asks before reading the body. */
export async function countCorrection(db: AppDatabase, reportId: string): Promise<RateLimited | undefined> {
  return countAttempt(db, CORRECTION_RULE, reportId);
}

/** Still new, and never given a status by the team: its reporter may still correct it. */
function stillCorrectable(eb: ExpressionBuilder<Database, "security_reports">) {
  return eb.and([
    eb("security_reports.status", "=", "new"),
    eb.not(
      eb.exists(
        eb
          .selectFrom("report_events")
          .select("report_events.id")
          .whereRef("report_events.report_id", "=", "security_reports.id")
          // A status event, or a team message that set one (docs/decisions/216).
          .where("report_events.status", "is not", null)
          .where("report_events.author", "=", "team"),
      ),
    ),
  ]);
}

/** Whether the report's reporter may still correct it (the case page offers the form only then). */
export async function isCorrectable(db: Kysely<Database>, reportId: string): Promise<boolean> {
  const row = await db.selectFrom("security_reports").select("id").where("id", "=", reportId).where(stillCorrectable).executeTakeFirst();
  return row !== undefined;
}

/**
 * The reporter corrects the description, steps or impact before triage (docs/decisions/190):
 * the report takes the new text, a revision keeps both, and the team hears of it through the
 * digest of the reporter's messages. The first write locks the report row only while it is still
 * correctable, so a status change by the team and a correction never cross: whichever comes
 * second sees the other. Unchanged fields are no correction; nothing changed is no revision.
 */
export async function correctReport(
  { db, config }: Pick<AppServices, "db" | "config">,
  reportId: string,
  correction: Correction,
  now = new Date(),
): Promise<CorrectionResult> {
  const result = await db.transaction().execute(async (trx): Promise<CorrectionResult> => {
    const locked = await trx
      .updateTable("security_reports")
      .set((eb) => ({ updated_at: eb.ref("updated_at") }))
      .where("id", "=", reportId)
      .where(stillCorrectable)
      .executeTakeFirst();
    if (Number(locked.numUpdatedRows) === 0) {
      const { status } = await trx.selectFrom("security_reports").select("status").where("id", "=", reportId).executeTakeFirstOrThrow();
      // A withdrawn report was closed by its reporter, not taken up by the team: say so.
      return { ok: false, status: 409, error: isClosedStatus(status) ? caseTexts.closedNoReplies : correctionTexts.tooLate };
    }
    const report = await trx
      .selectFrom("security_reports")
      .select(["id", "reference", "vulnerability_title", ...CORRECTABLE_FIELDS])
      .where("id", "=", reportId)
      .executeTakeFirstOrThrow();
    const changes: ReportRevision["changes"] = {};
    for (const field of CORRECTABLE_FIELDS) {
      const after = correction[field];
      if (after !== undefined && after !== report[field]) changes[field] = { before: report[field], after };
    }
    const changed = CORRECTABLE_FIELDS.filter((field) => changes[field]);
    if (changed.length === 0) return { ok: true, changed };
    const at = now.toISOString();
    const values = Object.fromEntries(changed.map((field) => [field, changes[field]!.after]));
    await trx.updateTable("security_reports").set({ ...values, updated_at: at }).where("id", "=", reportId).execute();
    await trx
      .insertInto("report_revisions")
      .values({ id: crypto.randomUUID(), report_id: reportId, changes: JSON.stringify(changes), created_at: at })
      .execute();
    const notice = correctionTexts.teamNotice(changed.map((field) => correctionTexts.fieldWords[field]).join(", "));
    await tellTeamOfReply(trx, config, { id: reportId, reference: report.reference, title: report.vulnerability_title }, { at: now, body: notice, files: [] });
    return { ok: true, changed };
  });
  if (result.ok && result.changed.length > 0) notifyOutbox();
  return result;
}

/** A report's corrections, oldest first, for the team's page. */
export async function reportRevisions(db: Kysely<Database>, reportId: string): Promise<ReportRevision[]> {
  const rows = await db
    .selectFrom("report_revisions")
    .select(["id", "changes", "created_at"])
    .where("report_id", "=", reportId)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  return rows.map((row) => ({ id: row.id, at: row.created_at, changes: JSON.parse(row.changes) as ReportRevision["changes"] }));
}

/** When the reporter last corrected the report, for the case page; null when never. */
export async function lastCorrectedAt(db: Kysely<Database>, reportId: string): Promise<string | null> {
  const row = await db
    .selectFrom("report_revisions")
    .select((eb) => eb.fn.max("created_at").as("at"))
    .where("report_id", "=", reportId)
    .executeTakeFirst();
  return row?.at ?? null;
}
