/**
 * What the team decides about a report beyond its status (docs/decisions/144): an assessed
 * severity (the reporter's stays as they chose it), a CVSS vector with its score, the report it
 * duplicates, and whether the acknowledgments page may show its title.
 */
import type { CvssSuggestion } from "./case-assessment";
import { cvssRating } from "./cvss-rating";
import { MESSAGE_MAX, type CaseEvent } from "./disclosure-case";
import type { DeadlineStep, Deadlines } from "./disclosure-deadlines";
import type { ReportStatus } from "./report-status";
import { may, ROLES, type Actor, type Role } from "./roles";

/** The score's band an assessed severity stands for ("Informational" is CVSS's "None"). */
const SEVERITY_BANDS: Record<string, ReturnType<typeof cvssRating>> = {
  Critical: "Critical",
  High: "High",
  Medium: "Medium",
  Low: "Low",
  Informational: "None",
};

/**
 * The score's band when the assessed severity says another (an assessed "High" with a 6.5,
 * Medium); null when they agree or either is missing (docs/decisions/195).
 */
export function severityScoreMismatch(assessed: string | null | undefined, score: number | null | undefined): ReturnType<typeof cvssRating> | null {
  if (!assessed || score === null || score === undefined || !(assessed in SEVERITY_BANDS)) return null;
  const band = cvssRating(score);
  return SEVERITY_BANDS[assessed] === band ? null : band;
}

export type TriageFacts = {
  assessed_severity: string | null;
  cvss_vector: string | null;
  cvss_score: number | null;
  duplicate_of: string | null;
  /** The references of the reports this one duplicates, and of those that duplicate it. */
  duplicate_of_reference: string | null;
  duplicates: { id: string; reference: string }[];
  publish_title: boolean;
  awaiting_team: boolean;
  /** The reporter wrote after the report closed, and the team has not answered (docs/decisions/212). */
  replied_after_close: boolean;
  credit: "named" | "anonymous" | null;
  credit_name: string | null;
  credit_url: string | null;
  acknowledged_at: string | null;
  assessed_at: string | null;
  resolved_at: string | null;
  due: Deadlines;
  overdue: DeadlineStep[];
  /** The next step still open and the day it is due; null once resolved. */
  next_due: { step: DeadlineStep; by: string } | null;
  /** The reporter's latest suggested vector, scored (docs/decisions/214); null when none. */
  reporter_suggestion: (CvssSuggestion & { at: string }) | null;
};

/** An internal note may be as long as a message. */
export const NOTE_MAX = MESSAGE_MAX;

export const triageMessages = {
  severityInvalid: "Choose one of the listed severities",
  duplicateRequired: "Enter the reference of the report this one duplicates",
  duplicateNotFound: "No other report has that reference",
  duplicateSelf: "A report cannot duplicate itself",
  statusTeamOnly: "Only the reporter can withdraw a report",
  publishTitleInvalid: "publish_title must be true or false",
  messageRequired: "Write a message",
  nothingToChange: "Nothing to change: send status, duplicate_of, assessed_severity, cvss_vector, publish_title or assignee_id",
  assigneeInvalid: "Choose someone of the team who may triage reports",
  noteRequired: "Write a note",
  noteTooLong: `Notes can be at most ${NOTE_MAX.toLocaleString("en-US")} characters`,
} as const;

/** Inbox orders beyond newest and oldest. */
export const REPORT_SORTS = ["newest", "oldest", "due", "cvss"] as const;
export type ReportSort = (typeof REPORT_SORTS)[number];

export type TriagePatch = {
  status?: ReportStatus;
  duplicate_of?: string | null;
  assessed_severity?: string | null;
  cvss_vector?: string | null;
  publish_title?: boolean;
  /** A person who may triage reports (ASSIGNABLE_ROLES), or null to unassign. */
  assignee_id?: string | null;
};

/**
 * Who a report can be assigned to: the roles the policy lets triage reports (docs/decisions/211),
 * so a change of the policy changes this list too.
 */
export const ASSIGNABLE_ROLES: readonly Role[] = ROLES.filter((role) => may(role, "reports.triage"));

/** A report's timeline as the team reads it: each step of the team names who took it. */
export type TeamEvent =
  | (CaseEvent & { actor: Actor | null })
  | { id: string; at: string; kind: "assignment"; author: "team"; assignee: string | null; actor: Actor | null }
  | { id: string; at: string; kind: "assessment"; author: "team"; detail: string; actor: Actor | null }
  /** Seen by the team only: never in the case API, on the case page or in an email (docs/decisions/215). */
  | { id: string; at: string; kind: "note"; author: "team"; body: string; actor: Actor | null };

/** What an assessment set, in words (the timeline and the audit trail); undefined when it set neither. */
export function assessmentDetail({ assessed_severity: severity, cvss_vector: vector }: Pick<TriagePatch, "assessed_severity" | "cvss_vector">): string | undefined {
  const parts = [
    severity === undefined ? undefined : `Severity: ${severity ?? "none"}`,
    vector === undefined ? undefined : `CVSS: ${vector ?? "none"}`,
  ].filter(Boolean);
  return parts.length > 0 ? parts.join("; ") : undefined;
}
