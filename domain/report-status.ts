/**
 * Where a vulnerability report stands (docs/decisions/144). Each status has a label for the team
 * and a plainer one for the reporter, who sees it on their case page and in our emails.
 */
export const REPORT_STATUSES = [
  "new",
  "triaged",
  "needs_more_info",
  "resolved",
  "not_applicable",
  "duplicate",
  "informative",
  "out_of_scope",
  "spam",
  "withdrawn",
] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

export const REPORT_STATUS_LABELS: Record<ReportStatus, string> = {
  new: "New",
  triaged: "Triaged",
  needs_more_info: "Needs more information",
  resolved: "Resolved",
  not_applicable: "Not applicable",
  duplicate: "Duplicate",
  informative: "Informative",
  out_of_scope: "Out of scope",
  spam: "Spam",
  withdrawn: "Withdrawn",
};

/** What the reporter reads: what happened, in their words rather than the triage queue's. */
export const REPORTER_STATUS_LABELS: Record<ReportStatus, string> = {
  new: "Received: waiting for our first review",
  triaged: "Confirmed: we are working on a fix",
  needs_more_info: "Waiting for your reply: we need more information",
  resolved: "Resolved: the issue is fixed",
  not_applicable: "Closed: not a vulnerability",
  duplicate: "Closed: already reported by someone else",
  informative: "Closed: useful information, no fix needed",
  out_of_scope: "Closed: outside the scope of our policy",
  spam: "Closed",
  withdrawn: "Withdrawn by you",
};

/** Statuses of a report still being worked on; every other status is closed. */
const OPEN_REPORT_STATUSES: readonly ReportStatus[] = ["new", "triaged", "needs_more_info"];

/** A report in one of these is done: its resolution clock stops and the outcome is sent. */
export const CLOSED_REPORT_STATUSES: readonly ReportStatus[] = REPORT_STATUSES.filter((status) => !OPEN_REPORT_STATUSES.includes(status));

/** Statuses the team may set; "withdrawn" is the reporter's own act, from the case page. */
export const TEAM_STATUSES = REPORT_STATUSES.filter((status) => status !== "withdrawn");

/** While the team waits for the reporter, the report's clock stands still. */
export const PAUSED_STATUS: ReportStatus = "needs_more_info";

/**
 * Closed statuses the reporter may still answer on for a while (docs/decisions/212): a retest, a
 * question. Such a reply reopens nothing; it flags the report for the team.
 */
export const REPLYABLE_CLOSED_STATUSES: readonly ReportStatus[] = ["resolved", "informative", "duplicate"];
export const REPLY_DAYS_AFTER_CLOSE = 30;

/** Statuses in which a reporter's reply waits for the team's answer: the open ones and those above. */
export const STATUSES_TAKING_REPLIES: readonly ReportStatus[] = [...OPEN_REPORT_STATUSES, ...REPLYABLE_CLOSED_STATUSES];

/**
 * The last day (YYYY-MM-DD, UTC) a closed report takes replies: the 30th after it closed. Null for
 * a status that takes none after closing, and for a close of unknown date.
 */
export function lastReplyDay(status: ReportStatus, closedAt: string | null): string | null {
  if (!REPLYABLE_CLOSED_STATUSES.includes(status) || !closedAt) return null;
  return new Date(Date.parse(closedAt) + REPLY_DAYS_AFTER_CLOSE * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

/** Whether the reporter may write now: to an open report, or to a closed one until its last day for replies. */
export function takesReplies(status: ReportStatus, closedAt: string | null, now: Date): boolean {
  if (!isClosedStatus(status)) return true;
  const last = lastReplyDay(status, closedAt);
  return last !== null && now.toISOString().slice(0, 10) <= last;
}

/** The reporter wrote after the report was closed, and the team has not answered yet. */
export function repliedAfterClose(status: ReportStatus, awaitingTeam: boolean): boolean {
  return awaitingTeam && REPLYABLE_CLOSED_STATUSES.includes(status);
}

export function isReportStatus(value: unknown): value is ReportStatus {
  return typeof value === "string" && (REPORT_STATUSES as readonly string[]).includes(value);
}

export function isClosedStatus(status: ReportStatus): boolean {
  return CLOSED_REPORT_STATUSES.includes(status);
}

/**
 * Whether the reporter hears of a change to this status: not of spam (nothing is sent to a
 * spammer) nor of their own withdrawal, nor of a report put back to "new".
 */
export function reporterHearsOf(status: ReportStatus): boolean {
  return status !== "spam" && status !== "withdrawn" && status !== "new";
}

/**
 * Where a report goes when its reporter answers "needs more information" (docs/decisions/189):
 * back to the status it had before the team asked, or "triaged" when there is none to go back to.
 * `history` is the report's status changes, oldest first, ending with the request.
 */
export function statusAfterReply(history: readonly ReportStatus[]): ReportStatus {
  // Every report starts "new", before any recorded change.
  const changes: readonly ReportStatus[] = ["new", ...history];
  const asked = changes.lastIndexOf(PAUSED_STATUS);
  const before = asked > 0 ? changes[asked - 1] : undefined;
  return before && before !== PAUSED_STATUS && !isClosedStatus(before) ? before : "triaged";
}
