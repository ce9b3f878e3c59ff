import { describe, expect, it } from "vitest";
import { formatPostDate } from "./dates";

describe("formatPostDate", () => {
  it("writes the day as US English long dates do", () => {
    expect(formatPostDate("2026-11-21T10:00:00.000Z")).toBe("November 21, 2026");
    expect(formatPostDate("2024-02-29T23:59:59.999Z")).toBe("February 29, 2024");
  });

  it("takes the day in UTC, whatever the timestamp's offset", () => {
    expect(formatPostDate("2026-01-01T00:30:00+01:00")).toBe("December 31, 2025");
  });

  it("agrees with Intl's en-US long date in UTC on every month", () => {
    const intl = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });
    for (let month = 0; month < 12; month += 1) {
      const iso = new Date(Date.UTC(2025, month, 1 + month * 2, 12)).toISOString();
      expect(formatPostDate(iso)).toBe(intl.format(new Date(iso)));
    }
  });
});
