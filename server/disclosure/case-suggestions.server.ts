import type { Kysely } from "kysely";
import { assessmentTexts, SUGGESTIONS_PER_CASE, type CaseAssessment, type CvssSuggestion } from "../../domain/case-assessment";
import { cvssMessages, scoreCvss } from "../../domain/cvss";
import { CVSS_VECTOR_MAX } from "../../domain/cvss-vector";
import { isClosedStatus, type ReportStatus } from "../../domain/vulnerability-report";
import { PAUSED_STATUS } from "../../domain/report-status";
import type { Database, SecurityReportsTable } from "../db/schema";
import { addReportEvent, type ReportDueFacts } from "../reports/report-timeline.server";

/**
 * The team's assessment as the case API shows it (docs/decisions/214): the same next deadline as
 * the team's, marked paused while the team waits for the reporter; none once closed.
 */
export function caseAssessmentOf(
  report: Pick<SecurityReportsTable, "assessed_severity" | "cvss_vector" | "cvss_score"> & { status: ReportStatus },
  nextDue: ReportDueFacts["next_due"],
): CaseAssessment {
  return {
    assessed_severity: report.assessed_severity,
    cvss_vector: report.cvss_vector,
    cvss_score: report.cvss_score === null ? null : Number(report.cvss_score),
    next_deadline: nextDue && !isClosedStatus(report.status) ? { ...nextDue, paused: report.status === PAUSED_STATUS } : null,
  };
}

export type Suggestion = CvssSuggestion & { id: string; at: string };

export type SuggestionResult = { ok: true; suggestion: Suggestion } | { ok: false; status: 400 | 409; error: string; field?: "cvss_vector" };

/**
 * The reporter's suggested vector, scored by the team's own scorer and put on the timeline. It
 * changes nothing of the team's assessment. A closed case takes none, and a case at most
 * SUGGESTIONS_PER_CASE (the door's rate limit is the messages' one).
 */
export async function suggestCvss(db: Kysely<Database>, reportId: string, raw: unknown, now = new Date()): Promise<SuggestionResult> {
  const scored = typeof raw === "string" && raw.length <= CVSS_VECTOR_MAX ? scoreCvss(raw) : { ok: false as const, error: cvssMessages.invalid };
  if (!scored.ok) return { ok: false, status: 400, error: scored.error, field: "cvss_vector" };
  const { vector, score } = scored.cvss;
  return db.transaction().execute(async (trx): Promise<SuggestionResult> => {
    const report = await trx.selectFrom("security_reports").select("status").where("id", "=", reportId).executeTakeFirstOrThrow();
    if (isClosedStatus(report.status)) return { ok: false, status: 409, error: assessmentTexts.closed };
    const { count } = await trx
      .selectFrom("report_events")
      .select((eb) => eb.fn.countAll().as("count"))
      .where("report_id", "=", reportId)
      .where("kind", "=", "suggestion")
      .executeTakeFirstOrThrow();
    if (Number(count) >= SUGGESTIONS_PER_CASE) return { ok: false, status: 409, error: assessmentTexts.tooMany };
    const id = await addReportEvent(trx, { report_id: reportId, kind: "suggestion", author: "reporter", body: vector, cvss_score: score }, now);
    return { ok: true, suggestion: { id, at: now.toISOString(), cvss_vector: vector, cvss_score: score } };
  });
}
