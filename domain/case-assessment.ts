/**
 * The team's assessment as the reporter reads it on the case page, and the CVSS vector the
 * reporter may suggest (docs/decisions/214). Free of the CVSS library: the case page loads the
 * calculator only when the reporter opens "Suggest a severity".
 */
import type { DeadlineStep } from "./disclosure-deadlines";

/** A vector the reporter suggested and its score when suggested. */
export type CvssSuggestion = { cvss_vector: string; cvss_score: number };

/**
 * The assessment fields of the case API: null when not assessed. The next deadline is the one
 * the team sees; `paused` while the team waits for the reporter (the day then moves on).
 */
export type CaseAssessment = {
  assessed_severity: string | null;
  cvss_vector: string | null;
  cvss_score: number | null;
  next_deadline: { step: DeadlineStep; by: string; paused: boolean } | null;
};

/** Suggestions one case takes in all: more belong in a message to the team. */
export const SUGGESTIONS_PER_CASE = 20;

export const assessmentTexts = {
  title: "The team's assessment",
  severity: "Assessed severity",
  vector: "CVSS vector",
  score: "CVSS score",
  notAssessed: "Not assessed yet",
  nextDeadline: "Next deadline",
  deadline: (step: DeadlineStep, day: string) => `${DEADLINE_STEPS[step]} by ${day}`,
  paused: (step: DeadlineStep) => `Paused while we wait for your reply (next: ${DEADLINE_STEPS[step].toLowerCase()})`,
  noDeadline: "None: the report is closed",
  suggest: "Suggest a severity",
  suggestLead:
    "Score the issue as you see it: the team sees your CVSS vector and its score beside its own assessment. It does not change the assessment.",
  vectorLabel: "Your CVSS vector",
  send: "Send suggestion",
  sending: "Sending…",
  sent: (score: string) => `Suggestion sent: it scores ${score}. The security team sees it beside its assessment.`,
  suggested: "You suggested",
  loading: "Loading the calculator…",
  tooMany: `A case takes at most ${SUGGESTIONS_PER_CASE} suggestions. Write to the team in a message instead.`,
  closed: "This report is closed: its assessment no longer changes.",
} as const;

const DEADLINE_STEPS: Record<DeadlineStep, string> = {
  acknowledge: "Acknowledge the report",
  assess: "Assess the issue",
  resolve: "Resolve the issue",
};
