import { expect, test } from "vitest";
import { lastReplyDay, repliedAfterClose, takesReplies } from "./report-status";

const closedAt = "2026-11-02T21:30:00.000Z";

test("resolved, informative and duplicate cases take replies until the 30th day after closing, the whole day in UTC", () => {
  for (const status of ["resolved", "informative", "duplicate"] as const) {
    expect(lastReplyDay(status, closedAt)).toBe("2026-12-02");
    expect(takesReplies(status, closedAt, new Date("2026-12-02T23:59:59.999Z"))).toBe(true);
    expect(takesReplies(status, closedAt, new Date("2026-12-03T00:00:00.000Z"))).toBe(false);
  }
});

test("withdrawn, spam, not applicable and out of scope cases take none; open ones always do", () => {
  for (const status of ["withdrawn", "spam", "not_applicable", "out_of_scope"] as const) {
    expect(lastReplyDay(status, closedAt)).toBeNull();
    expect(takesReplies(status, closedAt, new Date(closedAt))).toBe(false);
  }
  // A close of unknown date (before resolved_at was kept) takes none either.
  expect(takesReplies("resolved", null, new Date(closedAt))).toBe(false);
  for (const status of ["new", "triaged", "needs_more_info"] as const) expect(takesReplies(status, null, new Date(closedAt))).toBe(true);
});

test("the flag after closing is the reporter's unanswered reply on a case that takes one", () => {
  expect(repliedAfterClose("resolved", true)).toBe(true);
  expect(repliedAfterClose("resolved", false)).toBe(false);
  expect(repliedAfterClose("withdrawn", true)).toBe(false);
  expect(repliedAfterClose("triaged", true)).toBe(false);
});
