/**
 * The reporter's correction before triage (docs/decisions/190): until the team first changes the
 * report's status, its holder may correct these three fields; each correction is kept as a
 * revision the team reads beside the report. Free of the validation library, like
 * domain/disclosure-case.ts: the case page's script stays small.
 */
import type { ReportField } from "./report-fields";

/** The fields a reporter may correct: what they found, how to see it, what it allows. */
export const CORRECTABLE_FIELDS = ["description", "reproduction_steps", "impact"] as const satisfies readonly ReportField[];
export type CorrectableField = (typeof CORRECTABLE_FIELDS)[number];

export function isCorrectableField(name: string): name is CorrectableField {
  return (CORRECTABLE_FIELDS as readonly string[]).includes(name);
}

/** Corrections one case takes an hour, whoever sends them: each keeps a revision. */
export const CORRECTIONS_PER_HOUR = 10;

/** One correction as the team reads it: each field it changed, before and after. */
export type ReportRevision = {
  id: string;
  at: string;
  changes: Partial<Record<CorrectableField, { before: string; after: string }>>;
};

export const correctionTexts = {
  open: "Correct the report",
  title: "Correct your report",
  lead: "Until our team starts reviewing the report, you can correct the description, the steps to reproduce and the impact. We keep the earlier text, and the team sees both.",
  save: "Save correction",
  saving: "Saving…",
  cancel: "Cancel",
  saved: "Your correction is saved. The security team can see it beside the earlier text.",
  unchanged: "Nothing was changed.",
  corrected: (when: string) => `Corrected by you on ${when}.`,
  nothingSent: "Send the description, the steps to reproduce or the impact to correct",
  onlyTheseFields: (name: string) => `"${name}" cannot be corrected: only the description, the steps to reproduce and the impact can.`,
  tooLate:
    "The security team has started reviewing this report, so it can no longer be corrected. Send the correction as a message below instead.",
  tooMany: `Too many corrections: a report takes at most ${CORRECTIONS_PER_HOUR} an hour. Please wait and try again, or send a message.`,
  /** The fields in a sentence, for the team's email. */
  fieldWords: { description: "the description", reproduction_steps: "the steps to reproduce", impact: "the impact" } satisfies Record<CorrectableField, string>,
  teamNotice: (fields: string) => `The reporter corrected the report before triage: ${fields}. The report's page shows the earlier text beside the new.`,
  revisionsTitle: "Corrections by the reporter",
  revisionsLead: "The reporter corrected these fields before triage. The report above shows the latest text.",
  before: "Before",
  after: "After",
} as const;
