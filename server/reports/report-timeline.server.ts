import crypto from "node:crypto";
import type { Kysely } from "kysely";
import type { CaseEvent, CaseFile } from "../../domain/disclosure-case";
import { assertNever } from "../../domain/exhaustive";
import type { TeamEvent } from "../../domain/report-triage";
import type { Actor, Role } from "../../domain/roles";
import { reportDeadlines, overdueSteps, type DeadlineStep, type Pause, type Severity } from "../../domain/disclosure-deadlines";
import { PAUSED_STATUS, REPORT_STATUS_LABELS, REPORTER_STATUS_LABELS, SEVERITIES, type ReportStatus } from "../../domain/vulnerability-report";
import { dayOf } from "../../domain/analytics";
import type { Config } from "../config.server";
import type { Database, ReportEventsTable, SecurityReportsTable } from "../db/schema";

type NewReportEvent = Pick<ReportEventsTable, "report_id" | "kind" | "author"> & {
  status?: ReportStatus;
  body?: string | null;
  /** Who of the team acted: named on the team's timeline as they are now. */
  actor?: Actor;
  /** A suggestion's score. */
  cvss_score?: number;
};

/** Appends to a report's timeline, inside the caller's transaction. */
export async function addReportEvent(db: Kysely<Database>, event: NewReportEvent, now: Date): Promise<string> {
  const id = crypto.randomUUID();
  await db
    .insertInto("report_events")
    .values({
      id,
      report_id: event.report_id,
      kind: event.kind,
      author: event.author,
      status: event.status ?? null,
      body: event.body ?? null,
      created_at: now.toISOString(),
      actor_id: event.actor?.id ?? null,
      actor_name: event.actor?.name.slice(0, 200) ?? null,
      actor_role: event.actor?.role ?? null,
      cvss_score: event.cvss_score ?? null,
    })
    .execute();
  return id;
}

/**
 * A report's timeline as its reporter reads it, oldest first: status changes (in their plainer
 * labels), the conversation with the files each message brought, and their own suggestions.
 * Never the team's own steps (assignments, assessments, internal notes) or who of the team took them.
 */
export async function reportTimeline(db: Kysely<Database>, reportId: string): Promise<CaseEvent[]> {
  const events = await timeline(db, reportId, REPORTER_STATUS_LABELS);
  return events.flatMap((event): CaseEvent[] => {
    const { id, at, author } = event;
    if (event.kind === "status") return [{ id, at, kind: "status", author, status: event.status, label: event.label }];
    if (event.kind === "message") {
      const { body, files, newStatus } = event;
      return [{ id, at, kind: "message", author, body, files, ...(newStatus ? { newStatus } : {}) }];
    }
    if (event.kind === "suggestion") return [{ id, at, kind: "suggestion", author: "reporter", cvss_vector: event.cvss_vector, cvss_score: event.cvss_score }];
    return [];
  });
}

/** A report's whole timeline as the team reads it, oldest first, each step of the team naming who took it. */
export function teamTimeline(db: Kysely<Database>, reportId: string): Promise<TeamEvent[]> {
  return timeline(db, reportId, REPORT_STATUS_LABELS);
}

async function timeline(db: Kysely<Database>, reportId: string, labels: Record<ReportStatus, string>): Promise<TeamEvent[]> {
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
  return rows.map((row): TeamEvent => {
    const actor: Actor | null = row.actor_id && row.actor_name ? { id: row.actor_id, name: row.actor_name, role: row.actor_role as Role } : null;
    const base = { id: row.id, at: row.created_at, actor };
    switch (row.kind) {
      case "status":
        return { ...base, kind: "status", author: row.author, status: row.status!, label: labels[row.status!] };
      case "message":
        return {
          ...base,
          kind: "message",
          author: row.author,
          body: row.body ?? "",
          files: filesOf.get(row.id) ?? [],
          ...(row.status ? { newStatus: { status: row.status, label: labels[row.status] } } : {}),
        };
      case "assignment":
        return { ...base, kind: "assignment", author: "team", assignee: row.body };
      case "assessment":
        return { ...base, kind: "assessment", author: "team", detail: row.body ?? "" };
      case "suggestion":
        return { ...base, kind: "suggestion", author: "reporter", cvss_vector: row.body ?? "", cvss_score: Number(row.cvss_score) };
      case "note":
        return { ...base, kind: "note", author: "team", body: row.body ?? "" };
      default:
        return assertNever(row.kind, "report event kind");
    }
  });
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
      // Status events, and team messages that set a status in the same step (docs/decisions/216).
      .where("status", "is not", null)
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
