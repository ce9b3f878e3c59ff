import { describe, expect, test } from "vitest";
import { dueDay, isBusinessDay, overdueSteps, parseHolidays, reportDeadlines, type ReportClock } from "./disclosure-deadlines";

// 2026-12-23 is a Wednesday; 2026-12-25 (Friday) and 2027-01-01 (Friday) are holidays here.
const HOLIDAYS = new Set(["2026-12-25", "2027-01-01"]);
const RECEIVED = "2026-12-23T16:30:00Z";

describe("business days", () => {
  test("weekends and listed holidays are not business days", () => {
    expect(["2026-12-23", "2026-12-24", "2026-12-25", "2026-12-26", "2026-12-27", "2026-12-28"].map((day) => isBusinessDay(day, HOLIDAYS))).toEqual([
      true,
      true,
      false,
      false,
      false,
      true,
    ]);
  });

  test("3 business days from a Wednesday before a holiday and a weekend end on Tuesday", () => {
    // Thursday 24 (1), Friday 25 holiday, weekend, Monday 28 (2), Tuesday 29 (3).
    expect(dueDay(RECEIVED, { days: 3, business: true }, { holidays: HOLIDAYS, today: "2026-12-23" })).toBe("2026-12-29");
    // Without the holiday list, Friday counts.
    expect(dueDay(RECEIVED, { days: 3, business: true }, { today: "2026-12-23" })).toBe("2026-12-28");
    // Calendar days count every day.
    expect(dueDay(RECEIVED, { days: 7, business: false }, { holidays: HOLIDAYS, today: "2026-12-23" })).toBe("2026-12-30");
  });
});

describe("a report's deadlines", () => {
  const critical: ReportClock = { receivedAt: RECEIVED, severity: "Critical", pauses: [] };

  test("a critical report is due on its 10th business day and overdue the day after", () => {
    const deadlines = reportDeadlines(critical, { holidays: HOLIDAYS, today: "2026-12-23" });
    // 24, 28, 29, 30, 31, (Jan 1 holiday), 4, 5, 6, 7, 8.
    expect(deadlines).toEqual({ acknowledge_by: "2026-12-29", assess_by: "2026-12-30", resolve_by: "2027-01-08" });
    const acknowledged = { ...critical, acknowledgedAt: "2026-12-24T09:00:00Z", assessedAt: "2026-12-28T09:00:00Z" };
    expect(overdueSteps(acknowledged, deadlines, "2027-01-08")).toEqual([]);
    expect(overdueSteps(acknowledged, deadlines, "2027-01-09")).toEqual(["resolve"]);
    // Nobody answered: every step is late by the new year's second week.
    expect(overdueSteps(critical, deadlines, "2027-01-11")).toEqual(["acknowledge", "assess", "resolve"]);
    // Done late stays late.
    expect(overdueSteps({ ...acknowledged, resolvedAt: "2027-01-11T10:00:00Z" }, deadlines, "2027-02-01")).toEqual(["resolve"]);
  });

  test("other severities follow their calendar targets", () => {
    expect(reportDeadlines({ ...critical, severity: "High" }, { holidays: HOLIDAYS, today: "2026-12-23" }).resolve_by).toBe("2027-01-22");
    expect(reportDeadlines({ ...critical, severity: "Low" }, { holidays: HOLIDAYS, today: "2026-12-23" }).resolve_by).toBe("2027-03-23");
  });

  test("the clock stands still while the team waits for the reporter", () => {
    // Waiting from Monday 28 to Wednesday 30: those three days do not count.
    const paused = { ...critical, pauses: [{ from: "2026-12-28T10:00:00Z", to: "2026-12-30T08:00:00Z" }] };
    expect(reportDeadlines(paused, { holidays: HOLIDAYS, today: "2027-01-04" })).toEqual({
      acknowledge_by: "2027-01-04",
      assess_by: "2027-01-02",
      resolve_by: "2027-01-13",
    });
    // Still waiting: every day up to today is paused, and the deadline moves with it.
    const waiting = { ...critical, pauses: [{ from: "2026-12-28T10:00:00Z" }] };
    expect(reportDeadlines(waiting, { holidays: HOLIDAYS, today: "2027-01-05" }).acknowledge_by).toBe("2027-01-07");
    expect(reportDeadlines(waiting, { holidays: HOLIDAYS, today: "2027-01-06" }).acknowledge_by).toBe("2027-01-08");
  });
});

test("a holiday list from configuration names the first entry that is not a day", () => {
  expect(parseHolidays(" 2026-12-25, 2027-01-01 ,")).toEqual({ ok: true, holidays: new Set(["2026-12-25", "2027-01-01"]) });
  expect(parseHolidays("")).toEqual({ ok: true, holidays: new Set() });
  expect(parseHolidays("2026-12-25,Christmas")).toEqual({ ok: false, error: 'must be dates written YYYY-MM-DD, separated by commas ("Christmas" is not one)' });
  expect(parseHolidays("2026-02-30")).toMatchObject({ ok: false });
});
