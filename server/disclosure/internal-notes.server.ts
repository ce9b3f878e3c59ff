import type { Kysely } from "kysely";
import { NOTE_MAX, triageMessages, type TeamEvent, type TriageFacts } from "../../domain/report-triage";
import type { Actor } from "../../domain/roles";
import { isStorableText, textMessages } from "../../domain/text-rules";
import type { Database } from "../db/schema";
import { addReportEvent } from "../reports/report-timeline.server";

export type NoteResult = { ok: true } | { ok: false; status: 400 | 404; error: string };

/**
 * A note of the team on a report's timeline (docs/decisions/215). Nothing else happens: the
 * reporter's timeline never reads notes, no email is started, and the report is not answered by it.
 */
export async function addInternalNote(db: Kysely<Database>, reportId: string, body: unknown, actor: Actor, now = new Date()): Promise<NoteResult> {
  const text = typeof body === "string" ? body.trim() : "";
  if (!text) return { ok: false, status: 400, error: triageMessages.noteRequired };
  if (text.length > NOTE_MAX) return { ok: false, status: 400, error: triageMessages.noteTooLong };
  if (!isStorableText(text)) return { ok: false, status: 400, error: textMessages.invalidCharacters };
  const report = await db.selectFrom("security_reports").select("id").where("id", "=", reportId).executeTakeFirst();
  if (!report) return { ok: false, status: 404, error: "Report not found" };
  await addReportEvent(db, { report_id: reportId, kind: "note", author: "team", body: text, actor }, now);
  return { ok: true };
}

/** The reporter's latest suggested vector on a timeline, for the team's assessment. */
export function latestSuggestion(events: readonly TeamEvent[]): TriageFacts["reporter_suggestion"] {
  const latest = events.findLast((event) => event.kind === "suggestion");
  return latest?.kind === "suggestion" ? { cvss_vector: latest.cvss_vector, cvss_score: latest.cvss_score, at: latest.at } : null;
}
