import { describe, expect, test } from "vitest";
import { missingCvssPrefixes, readCvssVector, setCvssMetric, withCvssPrefix } from "./cvss-vector";
import { scoreCvss } from "./cvss";
import { severityScoreMismatch } from "./report-triage";

describe("a vector pasted without its prefix", () => {
  test("is offered the version its metrics name, or both when they fit either", () => {
    expect(missingCvssPrefixes("AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N")).toEqual(["CVSS:4.0"]);
    expect(missingCvssPrefixes(" AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H ")).toEqual(["CVSS:3.1"]);
    expect(missingCvssPrefixes("AV:N/AC:L")).toEqual(["CVSS:4.0", "CVSS:3.1"]);
  });

  test("is not offered one when it has a prefix, is empty or is not a list of metrics", () => {
    for (const text of ["", "CVSS:4.0/AV:N", "cvss:3.1/AV:N", "hello", "<b>AV:N</b>", "AV:N AC:L"]) expect(missingCvssPrefixes(text), text).toEqual([]);
  });

  test("accepting the offer gives a vector the calculator scores", () => {
    const vector = withCvssPrefix("AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H", "CVSS:3.1");
    expect(vector).toBe("CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H");
    expect(scoreCvss(vector)).toMatchObject({ ok: true, cvss: { score: 9.8 } });
  });
});

describe("the calculator's edits", () => {
  test("a chosen metric takes its place in the specification's order, other metrics kept", () => {
    let vector = setCvssMetric("", "CVSS:4.0", "VC", "H");
    expect(vector).toBe("CVSS:4.0/VC:H");
    vector = setCvssMetric(vector, "CVSS:4.0", "AV", "N");
    expect(vector).toBe("CVSS:4.0/AV:N/VC:H");
    expect(setCvssMetric("CVSS:4.0/AV:N/VC:H/E:A", "CVSS:4.0", "AV", "L")).toBe("CVSS:4.0/AV:L/VC:H/E:A");
  });

  test("another version starts again from its prefix", () => {
    expect(setCvssMetric("CVSS:3.1/AV:N/S:U", "CVSS:4.0", "AT", "P")).toBe("CVSS:4.0/AT:P");
    expect(readCvssVector("CVSS:3.1/AV:N/S:U")).toEqual({ version: "CVSS:3.1", metrics: [["AV", "N"], ["S", "U"]] });
  });
});

describe("the assessed severity beside the score", () => {
  test("a flag names the score's band when they disagree", () => {
    expect(severityScoreMismatch("High", 6.5)).toBe("Medium");
    expect(severityScoreMismatch("Informational", 0.1)).toBe("Low");
    expect(severityScoreMismatch("Low", 0)).toBe("None");
  });

  test("no flag when they agree, at each band's edges, or when either is missing", () => {
    expect(severityScoreMismatch("High", 7)).toBeNull();
    expect(severityScoreMismatch("High", 8.9)).toBeNull();
    expect(severityScoreMismatch("Medium", 4)).toBeNull();
    expect(severityScoreMismatch("Critical", 9)).toBeNull();
    expect(severityScoreMismatch("Low", 3.9)).toBeNull();
    expect(severityScoreMismatch("Informational", 0)).toBeNull();
    expect(severityScoreMismatch(null, 6.5)).toBeNull();
    expect(severityScoreMismatch("High", null)).toBeNull();
  });
});
