import { addDays, type AnalyticsPeriod } from "../../domain/analytics";
import { isClosedStatus, REPORT_STATUSES, SEVERITIES, type ReportStatus } from "../../domain/vulnerability-report";
import type { AppDatabase } from "../db/database.server";

/** Reports open longer than this are listed apart (BOD 20-01). */
export const LONG_OPEN_DAYS = 90;

export type DisclosureMetrics = {
  from: string;
  to: string;
  received: number;
  by_status: Record<ReportStatus, number>;
  /** The team's severity where assessed, the reporter's otherwise. */
  by_severity: Record<string, number>;
  /** Median days from receipt to each step, over the period's reports that reached it; null when none did. */
  median_days_to: { acknowledge: number | null; assess: number | null; resolve: number | null };
  /** Every report still open after 90 days, whenever received, oldest first. */
  open_over_90_days: { id: string; reference: string; title: string; received_at: string; days_open: number }[];
};

const DAY_MS = 24 * 60 * 60 * 1000;

/** The metrics BOD 20-01 asks of a disclosure program, over the reports received in a period. */
export async function disclosureMetrics(db: AppDatabase, period: AnalyticsPeriod, now = new Date()): Promise<DisclosureMetrics> {
  const reports = await db
    .selectFrom("security_reports")
    .select(["status", "severity", "assessed_severity", "created_at", "acknowledged_at", "assessed_at", "resolved_at"])
    .where("created_at", ">=", `${period.from}T00:00:00.000Z`)
    .where("created_at", "<", `${addDays(period.to, 1)}T00:00:00.000Z`)
    .execute();
  const by_status = Object.fromEntries(REPORT_STATUSES.map((status) => [status, 0])) as Record<ReportStatus, number>;
  const by_severity: Record<string, number> = Object.fromEntries(SEVERITIES.map((severity) => [severity, 0]));
  for (const report of reports) {
    by_status[report.status] += 1;
    const severity = report.assessed_severity ?? report.severity;
    by_severity[severity] = (by_severity[severity] ?? 0) + 1;
  }
  const daysTo = (step: "acknowledged_at" | "assessed_at" | "resolved_at") =>
    median(
      reports.flatMap((report) => (report[step] ? [(Date.parse(report[step]) - Date.parse(report.created_at)) / DAY_MS] : [])),
    );
  const longOpen = await db
    .selectFrom("security_reports")
    .select(["id", "reference", "vulnerability_title", "status", "created_at"])
    .where("created_at", "<", new Date(now.getTime() - LONG_OPEN_DAYS * DAY_MS).toISOString())
    .orderBy("created_at")
    .execute();
  return {
    ...period,
    received: reports.length,
    by_status,
    by_severity,
    median_days_to: { acknowledge: daysTo("acknowledged_at"), assess: daysTo("assessed_at"), resolve: daysTo("resolved_at") },
    open_over_90_days: longOpen
      .filter((report) => !isClosedStatus(report.status))
      .map((report) => ({
        id: report.id,
        reference: report.reference,
        title: report.vulnerability_title,
        received_at: report.created_at,
        days_open: Math.floor((now.getTime() - Date.parse(report.created_at)) / DAY_MS),
      })),
  };
}

/** The middle value (the mean of the two middle ones for an even count), to a thousandth of a day (about 90 s): hours stay readable. */
export function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const value = sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
  return Math.round(value * 1000) / 1000;
}
