/**
 * The deadlines a vulnerability report carries (the disclosure policy's promise and CISA BOD
 * 20-01's targets): acknowledged by a person within 3 business days of receipt, first assessed
 * within 7 days, resolved within 10 business days when the assessed severity is critical and
 * within a number of days otherwise. While the team waits for the reporter ("needs more
 * information") the report's clock stands still. Days are UTC calendar days ("YYYY-MM-DD"); a
 * deadline is met on its day and overdue from the next. Pure rules: no clock, no I/O.
 */
import { addDays, dayOf } from "./analytics";
import type { SEVERITIES } from "./report-fields";

export type Severity = (typeof SEVERITIES)[number];

/** A target counted in business days (weekends and holidays skipped) or in calendar days. */
export type Target = { days: number; business: boolean };

export type DeadlineTargets = {
  acknowledge: Target;
  assess: Target;
  resolve: Record<Severity, Target>;
};

/** The policy's and BOD 20-01's targets; high, medium and low resolution days are configurable. */
export const DEFAULT_TARGETS: DeadlineTargets = {
  acknowledge: { days: 3, business: true },
  assess: { days: 7, business: false },
  resolve: {
    Critical: { days: 10, business: true },
    High: { days: 30, business: false },
    Medium: { days: 60, business: false },
    Low: { days: 90, business: false },
    Informational: { days: 90, business: false },
  },
};

/** The default targets with the configured days for high, medium and low (informational follows low). */
export function resolveTargets(days: { high: number; medium: number; low: number }): DeadlineTargets {
  const calendar = (count: number): Target => ({ days: count, business: false });
  return {
    ...DEFAULT_TARGETS,
    resolve: {
      Critical: DEFAULT_TARGETS.resolve.Critical,
      High: calendar(days.high),
      Medium: calendar(days.medium),
      Low: calendar(days.low),
      Informational: calendar(days.low),
    },
  };
}

/** A time the report's clock stood still, as ISO instants; an open one has not ended yet. */
export type Pause = { from: string; to?: string };

/** Saturday and Sunday are not business days, nor any day of the holiday list. */
export function isBusinessDay(day: string, holidays: ReadonlySet<string>): boolean {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return weekday !== 0 && weekday !== 6 && !holidays.has(day);
}

/** Whether the clock stood still at any moment of the day (an open pause lasts until `today`). */
function isPaused(day: string, pauses: readonly Pause[], today: string): boolean {
  return pauses.some((pause) => dayOf(Date.parse(pause.from)) <= day && day <= (pause.to ? dayOf(Date.parse(pause.to)) : today));
}

/**
 * The day a target falls due for a report received at `receivedAt`: the days after the day of
 * receipt are counted one by one, each only if the clock ran on it and, for a business target, if
 * it is a business day.
 */
export function dueDay(
  receivedAt: string,
  target: Target,
  { holidays = new Set<string>(), pauses = [], today }: { holidays?: ReadonlySet<string>; pauses?: readonly Pause[]; today: string },
): string {
  let day = dayOf(Date.parse(receivedAt));
  for (let counted = 0; counted < target.days; ) {
    day = addDays(day, 1);
    if (isPaused(day, pauses, today)) continue;
    if (target.business && !isBusinessDay(day, holidays)) continue;
    counted += 1;
  }
  return day;
}

export type ReportClock = {
  receivedAt: string;
  /** The team's severity once assessed; until then the reporter's is the one the deadline follows. */
  severity: Severity;
  pauses: readonly Pause[];
  /** When each step was done, if it was. */
  acknowledgedAt?: string;
  assessedAt?: string;
  resolvedAt?: string;
};

export type Deadlines = { acknowledge_by: string; assess_by: string; resolve_by: string };
export type DeadlineStep = "acknowledge" | "assess" | "resolve";

/** The report's three due days. */
export function reportDeadlines(
  report: ReportClock,
  { targets = DEFAULT_TARGETS, holidays, today }: { targets?: DeadlineTargets; holidays?: ReadonlySet<string>; today: string },
): Deadlines {
  const due = (target: Target) => dueDay(report.receivedAt, target, { holidays, pauses: report.pauses, today });
  return {
    acknowledge_by: due(targets.acknowledge),
    assess_by: due(targets.assess),
    resolve_by: due(targets.resolve[report.severity]),
  };
}

/** The steps not done by their due day: done late, or still open after it. */
export function overdueSteps(report: ReportClock, deadlines: Deadlines, today: string): DeadlineStep[] {
  const steps: [DeadlineStep, string | undefined, string][] = [
    ["acknowledge", report.acknowledgedAt, deadlines.acknowledge_by],
    ["assess", report.assessedAt, deadlines.assess_by],
    ["resolve", report.resolvedAt, deadlines.resolve_by],
  ];
  return steps.filter(([, doneAt, by]) => (doneAt ? dayOf(Date.parse(doneAt)) : today) > by).map(([step]) => step);
}

/** A holiday list from configuration ("2026-12-25,2027-01-01"), or the first entry that is not a day. */
export function parseHolidays(raw: string): { ok: true; holidays: Set<string> } | { ok: false; error: string } {
  const days = raw.split(",").map((entry) => entry.trim()).filter(Boolean);
  const bad = days.find((day) => !/^\d{4}-\d{2}-\d{2}$/.test(day) || dayOf(Date.parse(`${day}T00:00:00Z`) || 0) !== day);
  if (bad !== undefined) return { ok: false, error: `must be dates written YYYY-MM-DD, separated by commas ("${bad}" is not one)` };
  return { ok: true, holidays: new Set(days) };
}
