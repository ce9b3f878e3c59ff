import crypto from "node:crypto";
import type { Kysely } from "kysely";
import type { CaseEvent, CaseFile } from "../../domain/disclosure-case";
import { reportDeadlines, overdueSteps, type DeadlineStep, type Pause, type Severity } from "../../domain/disclosure-deadlines";
import { PAUSED_STATUS, REPORT_STATUS_LABELS, REPORTER_STATUS_LABELS, SEVERITIES, type ReportStatus } from "../../domain/vulnerability-report";
import { dayOf } from "../../domain/analytics";
import type { Config } from "../config.server";
import type { Database, ReportEventsTable, SecurityReportsTable } from "../db/schema";

/** Appends to a report's timeline, inside the caller's transaction. */
export async function addReportEvent(
  db: Kysely<Database>,
  event: Omit<ReportEventsTable, "id" | "created_at" | "status" | "body"> & { status?: ReportStatus; body?: string },
  now: Date,
): Promise<string> {
  const id = crypto.randomUUID();
  await db
    .insertInto("report_events")
    .values({ id, report_id: event.report_id, kind: event.kind, author: event.author, status: event.status ?? null, body: event.body ?? null, created_at: now.toISOString() })
    .execute();
  return id;
}

/**
 * A report's timeline, oldest first, with the files each message brought; `audience` picks the
 * status labels (the team's, or the reporter's plainer ones).
 */
export async function reportTimeline(db: Kysely<Database>, reportId: string, audience: "team" | "reporter"): Promise<CaseEvent[]> {
  const rows = await db.selectFrom("report_events").selectAll().where("report_id", "=", reportId).orderBy("created_at").orderBy("id").execute();
  const files = await db
    .selectFrom("report_attachments")
    .select(["id", "filename", "content_type", "size", "event_id"])
    .where("report_id", "=", reportId)
    .where("event_id", "is not", null)
    .orderBy("position")
    .execute();
  const filesOf = new Map<string, CaseFile[]>();
  for (const { event_id, ...file } of files) {
    const list = filesOf.get(event_id!) ?? [];
    list.push({ ...file, size: Number(file.size) });
    filesOf.set(event_id!, list);
  }
  const labels = audience === "team" ? REPORT_STATUS_LABELS : REPORTER_STATUS_LABELS;
  return rows.map((row): CaseEvent =>
    row.kind === "status"
      ? { id: row.id, at: row.created_at, kind: "status", author: row.author, status: row.status!, label: labels[row.status!] }
      : { id: row.id, at: row.created_at, kind: "message", author: row.author, body: row.body ?? "", files: filesOf.get(row.id) ?? [] },
  );
}

/** When the clock stood still: from each change to "needs more information" to the next change. */
export function pausesOf(statusChanges: readonly { status: ReportStatus | null; created_at: string }[]): Pause[] {
  const pauses: Pause[] = [];
  for (const change of statusChanges) {
    const open = pauses.at(-1);
    if (open && open.to === undefined && change.status !== PAUSED_STATUS) open.to = change.created_at;
    if (change.status === PAUSED_STATUS && !(open && open.to === undefined)) pauses.push({ from: change.created_at });
  }
  return pauses;
}

type ClockColumns = Pick<
  SecurityReportsTable,
  "id" | "created_at" | "severity" | "assessed_severity" | "acknowledged_at" | "assessed_at" | "resolved_at"
>;

export type ReportDueFacts = {
  due: { acknowledge_by: string; assess_by: string; resolve_by: string };
  overdue: DeadlineStep[];
  next_due: { step: DeadlineStep; by: string } | null;
};

function asSeverity(value: string | null): Severity | undefined {
  return (SEVERITIES as readonly string[]).includes(value ?? "") ? (value as Severity) : undefined;
}

/**
 * Due days and overdue steps of many reports at once (one query for their status changes), for
 * the inbox and the report page. The team's severity decides the resolution target once set.
 */
export async function dueFactsOf(
  db: Kysely<Database>,
  config: Pick<Config, "disclosure">,
  reports: readonly ClockColumns[],
  now = new Date(),
): Promise<Map<string, ReportDueFacts>> {
  const facts = new Map<string, ReportDueFacts>();
  if (reports.length === 0) return facts;
  const changes = new Map<string, { status: ReportStatus | null; created_at: string }[]>();
  for (let start = 0; start < reports.length; start += 500) {
    const rows = await db
      .selectFrom("report_events")
      .select(["report_id", "status", "created_at"])
      .where("kind", "=", "status")
      .where("report_id", "in", reports.slice(start, start + 500).map((report) => report.id))
      .orderBy("created_at")
      .execute();
    for (const row of rows) {
      const list = changes.get(row.report_id) ?? [];
      list.push(row);
      changes.set(row.report_id, list);
    }
  }
  const today = dayOf(now.getTime());
  for (const report of reports) {
    const clock = {
      receivedAt: report.created_at,
      severity: asSeverity(report.assessed_severity) ?? asSeverity(report.severity) ?? "Informational",
      pauses: pausesOf(changes.get(report.id) ?? []),
      acknowledgedAt: report.acknowledged_at ?? undefined,
      assessedAt: report.assessed_at ?? undefined,
      resolvedAt: report.resolved_at ?? undefined,
    };
    const due = reportDeadlines(clock, { targets: config.disclosure.targets, holidays: config.disclosure.holidays, today });
    const open: [DeadlineStep, string | undefined, string][] = [
      ["acknowledge", clock.acknowledgedAt, due.acknowledge_by],
      ["assess", clock.assessedAt, due.assess_by],
      ["resolve", clock.resolvedAt, due.resolve_by],
    ];
    const next = clock.resolvedAt ? undefined : open.find(([, doneAt]) => !doneAt);
    facts.set(report.id, { due, overdue: overdueSteps(clock, due, today), next_due: next ? { step: next[0], by: next[2] } : null });
  }
  return facts;
}
