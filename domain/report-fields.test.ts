import { expect, test } from "vitest";
import { CLOSED_REPORT_STATUSES } from "./report-status";
import { REVIEW_PROMISE, reportMessages } from "./report-fields";

test("the acknowledgement email's promise is the success toast's second sentence", () => {
  expect(REVIEW_PROMISE).toBe("We'll review it and get back to you soon.");
  expect(reportMessages.submittedDescription.endsWith(` ${REVIEW_PROMISE}`)).toBe(true);
});

test("closed statuses are every status but the three still being worked on", () => {
  expect(CLOSED_REPORT_STATUSES).toEqual(["resolved", "not_applicable", "duplicate", "informative", "out_of_scope", "spam", "withdrawn"]);
});
