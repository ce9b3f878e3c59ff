import { expect, test } from "vitest";
import { dueReportWeek, mondayOf, nextReportDueAt, weekOf, weeklyReportDueAt } from "./analytics-week";

const at = (iso: string) => Date.parse(iso);

test("a week runs Monday to Sunday, UTC", () => {
  // 2026-11-23 is a Monday.
  expect(mondayOf(at("2026-11-23T00:00:00Z"))).toBe("2026-11-23");
  expect(mondayOf(at("2026-11-26T15:00:00Z"))).toBe("2026-11-23");
  expect(mondayOf(at("2026-11-29T23:59:59.999Z"))).toBe("2026-11-23");
  expect(mondayOf(at("2026-11-30T00:00:00Z"))).toBe("2026-11-30");
  // Across a year's end.
  expect(mondayOf(at("2027-01-01T12:00:00Z"))).toBe("2026-12-28");
  expect(weekOf("2026-12-28")).toEqual({ from: "2026-12-28", to: "2027-01-03" });
});

test("a week's report is due the Monday after it, at 06:00 UTC", () => {
  expect(new Date(weeklyReportDueAt(weekOf("2026-11-16"))).toISOString()).toBe("2026-11-23T06:00:00.000Z");
});

test("the report due is the last whole week's, from Monday 06:00 until the next Monday", () => {
  const lastWeek = { from: "2026-11-16", to: "2026-11-22" };
  expect(dueReportWeek(at("2026-11-23T05:59:59.999Z"))).toBeUndefined();
  expect(dueReportWeek(at("2026-11-23T06:00:00Z"))).toEqual(lastWeek);
  expect(dueReportWeek(at("2026-11-26T12:00:00Z"))).toEqual(lastWeek);
  expect(dueReportWeek(at("2026-11-29T23:59:59Z"))).toEqual(lastWeek);
  // The next Monday, before 06:00: that week is past, the next one not due yet.
  expect(dueReportWeek(at("2026-11-30T03:00:00Z"))).toBeUndefined();
  expect(dueReportWeek(at("2026-11-30T07:00:00Z"))).toEqual({ from: "2026-11-23", to: "2026-11-29" });
});

test("the next due moment is the coming Monday's 06:00 UTC, never the one just passed", () => {
  const next = (iso: string) => new Date(nextReportDueAt(at(iso))).toISOString();
  expect(next("2026-11-23T05:59:59.999Z")).toBe("2026-11-23T06:00:00.000Z");
  expect(next("2026-11-23T06:00:00Z")).toBe("2026-11-30T06:00:00.000Z");
  expect(next("2026-11-27T12:00:00Z")).toBe("2026-11-30T06:00:00.000Z");
  expect(next("2026-11-29T23:59:59Z")).toBe("2026-11-30T06:00:00.000Z");
});
