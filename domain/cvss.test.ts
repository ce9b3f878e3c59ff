import { describe, expect, test } from "vitest";
import { scoreCvss } from "./cvss";

describe("CVSS vectors", () => {
  test("a complete 4.0 or 3.1 vector is scored by the calculator", () => {
    expect(scoreCvss("CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N")).toMatchObject({ ok: true, cvss: { score: 9.3, version: "CVSS:4.0" } });
    expect(scoreCvss(" CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H ")).toMatchObject({ ok: true, cvss: { score: 9.8, vector: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H" } });
    // The classic reflected XSS.
    expect(scoreCvss("CVSS:3.1/AV:N/AC:L/PR:N/UI:R/S:C/C:L/I:L/A:N")).toMatchObject({ ok: true, cvss: { score: 6.1 } });
  });

  test("incomplete, repeated, unknown, older or hostile vectors are refused with a message", () => {
    for (const vector of [
      "",
      "CVSS:3.1/AV:N",
      "CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N/AV:L",
      "CVSS:3.1/AV:Q/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H",
      "CVSS:3.1/AV:X/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H",
      "AV:L/AC:H/Au:S/C:C/I:P/A:N",
      "CVSS:3.0/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H",
      "<script>alert(1)</script>",
      `CVSS:3.1/${"AV:N/".repeat(100)}`,
    ]) {
      const result = scoreCvss(vector);
      expect(result.ok, vector).toBe(false);
      if (!result.ok) expect(result.error).toMatch(/CVSS 4.0 or 3.1/);
    }
  });
});
