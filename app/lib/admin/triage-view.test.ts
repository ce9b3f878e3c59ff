import { describe, expect, test } from "vitest";
import {
  assessmentDraftOf,
  assessmentPatch,
  formatDueDay,
  formatMedianDays,
  metricsApiPath,
  metricsDaysHref,
  metricsPeriodValue,
  metricsRangeHref,
} from "./triage-view";

const saved = assessmentDraftOf({
  assessed_severity: "High",
  cvss_vector: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H",
  duplicate_of_reference: null,
  publish_title: false,
});

describe("the assessment form's PATCH", () => {
  test("the saved report reads into the form, nulls as empty fields", () => {
    expect(saved).toEqual({
      assessed_severity: "High",
      cvss_vector: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H",
      duplicate_of: "",
      publish_title: false,
    });
  });

  test("nothing changed sends nothing; surrounding spaces are no change", () => {
    expect(assessmentPatch(saved, saved)).toEqual({});
    expect(assessmentPatch(saved, { ...saved, cvss_vector: `  ${saved.cvss_vector} ` })).toEqual({});
  });

  test("only the changed fields are sent, trimmed", () => {
    expect(assessmentPatch(saved, { ...saved, assessed_severity: "Critical", duplicate_of: " VR-2026-7K3F9Q " })).toEqual({
      assessed_severity: "Critical",
      duplicate_of: "VR-2026-7K3F9Q",
    });
    expect(assessmentPatch(saved, { ...saved, publish_title: true })).toEqual({ publish_title: true });
  });

  test("a cleared field is sent as null (removed)", () => {
    expect(assessmentPatch(saved, { ...saved, assessed_severity: "", cvss_vector: "   " })).toEqual({ assessed_severity: null, cvss_vector: null });
  });
});

describe("the metrics' period", () => {
  test("the API path follows the address's period, the default asks for the API's own", () => {
    expect(metricsApiPath({ kind: "days", days: "" })).toBe("/api/admin/security/metrics");
    expect(metricsApiPath({ kind: "days", days: "365" })).toBe("/api/admin/security/metrics?days=365");
    expect(metricsApiPath({ kind: "range", from: "2026-01-01", to: "2026-03-31" })).toBe(
      "/api/admin/security/metrics?from=2026-01-01&to=2026-03-31",
    );
  });

  test("the select's value: 30 days by default, the days asked for, or a range", () => {
    expect(metricsPeriodValue({ kind: "days", days: "" })).toBe("30");
    expect(metricsPeriodValue({ kind: "days", days: "90" })).toBe("90");
    expect(metricsPeriodValue({ kind: "range", from: "", to: "" })).toBe("range");
  });

  test("the page's addresses", () => {
    expect(metricsDaysHref("90")).toBe("/admin/reports/metrics?days=90");
    expect(metricsRangeHref("2026-01-01", "2026-02-01")).toBe("/admin/reports/metrics?from=2026-01-01&to=2026-02-01");
  });
});

test("medians read in days with a decimal, in hours under a day, a dash when no report reached the step", () => {
  expect(formatMedianDays(null)).toBe("—");
  expect(formatMedianDays(2)).toBe("2.0");
  expect(formatMedianDays(2.5)).toBe("2.5");
  expect(formatMedianDays(0.25)).toBe("6 hours");
  expect(formatMedianDays(0.0625)).toBe("1.5 hours");
  expect(formatMedianDays(0.01)).toBe("under 1 hour");
  expect(formatMedianDays(0)).toBe("under 1 hour");
});

test("a due day is shown as the UTC day it is", () => {
  expect(formatDueDay("2026-11-27")).toBe("Nov 27, 2026");
  expect(formatDueDay("2027-01-01")).toBe("Jan 1, 2027");
});
