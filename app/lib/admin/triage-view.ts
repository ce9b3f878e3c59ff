import type { TriagePatch } from "../../../domain/report-triage";
import { periodQuery, shortDay, type PeriodChoice } from "./period";

/**
 * The pure parts of the triage screens (a report's admin page, the inbox and the metrics): what
 * the assessment form sends, and the addresses the metrics are read from.
 */

/** The assessment form's fields as typed (the severity select's "" is "Not assessed"). */
export type AssessmentDraft = {
  assessed_severity: string;
  cvss_vector: string;
  duplicate_of: string;
  publish_title: boolean;
};

/** The saved report's values as the form shows them. */
export function assessmentDraftOf(report: {
  assessed_severity: string | null;
  cvss_vector: string | null;
  duplicate_of_reference: string | null;
  publish_title: boolean;
}): AssessmentDraft {
  return {
    assessed_severity: report.assessed_severity ?? "",
    cvss_vector: report.cvss_vector ?? "",
    duplicate_of: report.duplicate_of_reference ?? "",
    publish_title: report.publish_title,
  };
}

/**
 * Only the fields that differ from the saved ones (text compared trimmed; a cleared field is sent
 * as null, which the API takes as "remove"). Empty when nothing changed.
 */
export function assessmentPatch(saved: AssessmentDraft, draft: AssessmentDraft): TriagePatch {
  const patch: TriagePatch = {};
  const text = (field: "assessed_severity" | "cvss_vector" | "duplicate_of") => {
    const value = draft[field].trim();
    if (value !== saved[field].trim()) patch[field] = value === "" ? null : value;
  };
  text("assessed_severity");
  text("cvss_vector");
  text("duplicate_of");
  if (draft.publish_title !== saved.publish_title) patch.publish_title = draft.publish_title;
  return patch;
}

export const METRICS_PATH = "/admin/reports/metrics";
/** The periods offered in the metrics' select, in days. */
export const METRICS_PERIODS = [30, 90, 365] as const;
export const DEFAULT_METRICS_DAYS = 30;

export function metricsApiPath(choice: PeriodChoice): string {
  const query = periodQuery(choice).toString();
  return query ? `/api/admin/security/metrics?${query}` : "/api/admin/security/metrics";
}

/** Which offered period the address shows: "30", "90", "365", or "range" for from/to dates. */
export function metricsPeriodValue(choice: PeriodChoice): string {
  if (choice.kind === "range") return "range";
  return choice.days || String(DEFAULT_METRICS_DAYS);
}

export function metricsDaysHref(days: string): string {
  return `${METRICS_PATH}?days=${encodeURIComponent(days)}`;
}

export function metricsRangeHref(from: string, to: string): string {
  return `${METRICS_PATH}?${new URLSearchParams({ from, to }).toString()}`;
}

/** A median in days with a decimal ("2.5"), in hours under a day, or a dash when no report reached the step. */
export function formatMedianDays(value: number | null): string {
  if (value === null) return "—";
  if (value >= 1) return value.toFixed(1);
  // Under a day, in hours: a team that answers the same morning reads more than "0".
  const hours = Math.round(value * 24 * 10) / 10;
  return hours < 1 ? "under 1 hour" : `${hours} hours`;
}

/** A due day ("2026-11-27", a UTC day) as the screens show it: "Nov 27, 2026". */
export function formatDueDay(day: string): string {
  return `${shortDay(day)}, ${day.slice(0, 4)}`;
}
