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
