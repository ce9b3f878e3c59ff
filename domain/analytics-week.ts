import { addDays, dayOf, type AnalyticsPeriod } from "./analytics";

/**
 * When the weekly analytics email goes and which week it covers (docs/decisions/186): a week runs
 * Monday to Sunday, UTC; its report is due the Monday after, at 06:00 UTC, when the last views of
 * Sunday have long been written.
 */
export const WEEKLY_REPORT_HOUR_UTC = 6;

const HOUR_MS = 60 * 60 * 1000;

/** The Monday (YYYY-MM-DD) of the week a moment falls in. */
export function mondayOf(at: number): string {
  const day = dayOf(at);
  // getUTCDay: 0 is Sunday, 1 Monday, …; Sunday is the week's last day.
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}

/** The whole week (Monday to Sunday) that starts on `monday`. */
export function weekOf(monday: string): AnalyticsPeriod {
  return { from: monday, to: addDays(monday, 6) };
}

/** When a week's report is due: the Monday after it, at WEEKLY_REPORT_HOUR_UTC. */
export function weeklyReportDueAt(week: AnalyticsPeriod): number {
  return Date.parse(`${addDays(week.to, 1)}T00:00:00Z`) + WEEKLY_REPORT_HOUR_UTC * HOUR_MS;
}

/**
 * The week whose report is due at `now`: the last whole week, from its due time until the next
 * Monday starts. A week missed all that time (the site down) is not sent late: the next week's
 * report is the one that counts then. Before the due time on a Monday, none is due.
 */
export function dueReportWeek(now: number): AnalyticsPeriod | undefined {
  const week = weekOf(addDays(mondayOf(now), -7));
  return now >= weeklyReportDueAt(week) ? week : undefined;
}

/** The next moment a report falls due after `now`: this Monday's 06:00 if still ahead, else next Monday's. */
export function nextReportDueAt(now: number): number {
  const thisMonday = mondayOf(now);
  const today = weeklyReportDueAt(weekOf(addDays(thisMonday, -7)));
  return now < today ? today : weeklyReportDueAt(weekOf(thisMonday));
}
