import { describe, expect, test } from "vitest";
import { csvFileName } from "../../../domain/analytics";
import {
  articlesOf,
  csvPath,
  currentDays,
  daysHref,
  filterHref,
  filtersFromAddress,
  rangeHref,
  reportPath,
  unfilterHref,
} from "./analytics-view";
import { formatNumber, periodFromAddress, shortDay } from "./period";

const page = (path: string, leads = 0, demo_clicks = 0) => ({ path, views: 1, visitors: 1, leads, demo_clicks });

describe("the period in the address", () => {
  test("days, or from and to taken as typed (empty included), the API deciding what is valid", () => {
    expect(periodFromAddress(new URLSearchParams(""))).toEqual({ kind: "days", days: "" });
    expect(periodFromAddress(new URLSearchParams("days=7"))).toEqual({ kind: "days", days: "7" });
    expect(periodFromAddress(new URLSearchParams("days=abc"))).toEqual({ kind: "days", days: "abc" });
    expect(periodFromAddress(new URLSearchParams("from=2026-11-01&to=2026-11-30&days=7"))).toEqual({
      kind: "range",
      from: "2026-11-01",
      to: "2026-11-30",
    });
    expect(periodFromAddress(new URLSearchParams("to=2026-11-30"))).toEqual({ kind: "range", from: "", to: "2026-11-30" });
  });

  test("the API is asked for exactly the period of the address, its default when there is none", () => {
    expect(reportPath({ kind: "days", days: "" })).toBe("/api/admin/analytics");
    expect(reportPath({ kind: "days", days: "90" })).toBe("/api/admin/analytics?days=90");
    expect(reportPath({ kind: "range", from: "2026-11-01", to: "" })).toBe("/api/admin/analytics?from=2026-11-01&to=");
    expect(csvPath({ kind: "days", days: "" }, "pages")).toBe("/api/admin/analytics.csv?table=pages");
    expect(csvPath({ kind: "days", days: "7" }, "vitals")).toBe("/api/admin/analytics.csv?days=7&table=vitals");
    expect(csvPath({ kind: "range", from: "2026-10-01", to: "2026-10-31" }, "campaigns")).toBe(
      "/api/admin/analytics.csv?from=2026-10-01&to=2026-10-31&table=campaigns",
    );
  });

  test("the offered period shown is marked: 30 days without a period in the address, none for a range or another number", () => {
    expect(currentDays({ kind: "days", days: "" })).toBe(30);
    expect(currentDays({ kind: "days", days: "7" })).toBe(7);
    expect(currentDays({ kind: "days", days: "90" })).toBe(90);
    expect(currentDays({ kind: "days", days: "14" })).toBeUndefined();
    expect(currentDays({ kind: "days", days: "007" })).toBeUndefined();
    expect(currentDays({ kind: "range", from: "2026-11-01", to: "2026-11-07" })).toBeUndefined();
  });

  test("links to a period", () => {
    expect(daysHref(7)).toBe("/admin/analytics?days=7");
    expect(rangeHref("2026-11-01", "2026-11-30")).toBe("/admin/analytics?from=2026-11-01&to=2026-11-30");
  });
});

test("a CSV file is named after its table and the period it covers", () => {
  expect(csvFileName("pages", { from: "2026-10-26", to: "2026-11-24" })).toBe("analytics-pages-2026-10-26-to-2026-11-24.csv");
  expect(csvFileName("referrers", { from: "2026-11-24", to: "2026-11-24" })).toBe("analytics-referrers-2026-11-24-to-2026-11-24.csv");
});

test("articles are the pages of real posts, in the pages' order; the blog list, search and author pages are not", () => {
  const post = (path: string) => ({ ...page(path), title: path, post_id: path });
  const pages = [page("/"), post("/blog/b"), page("/blog"), page("/blog/search"), page("/blog/author/ann"), post("/blog/a")];
  expect(articlesOf(pages).map((each) => each.path)).toEqual(["/blog/b", "/blog/a"]);
});

test("numbers are shown exactly, grouped by thousands", () => {
  expect(formatNumber(0)).toBe("0");
  expect(formatNumber(1000)).toBe("1,000");
  expect(formatNumber(1234567)).toBe("1,234,567");
  expect(formatNumber(0.123)).toBe("0.123");
  expect(formatNumber(2512.5)).toBe("2,512.5");
});

test("days are shown as their UTC date", () => {
  expect(shortDay("2026-11-24")).toBe("Nov 24");
  expect(shortDay("2026-01-05")).toBe("Jan 5");
});

describe("the filters in the address", () => {
  test("each kind at most once, read back as written; a new kind adds to the others, a second value replaces only its kind", () => {
    expect(filtersFromAddress(new URLSearchParams("days=7"))).toEqual([]);
    expect(filtersFromAddress(new URLSearchParams("days=7&source="))).toEqual([{ kind: "source", value: "" }]);
    const campaign = { kind: "campaign", value: "newsletter\nemail\nlaunch" } as const;
    const href = filterHref(new URLSearchParams("days=7&path=%2Fabout&device=mobile"), campaign);
    expect(href).toBe("/admin/analytics?days=7&path=%2Fabout&campaign=newsletter%0Aemail%0Alaunch");
    expect(filtersFromAddress(new URL(href, "http://x").searchParams)).toEqual([{ kind: "path", value: "/about" }, campaign]);
    expect(filterHref(new URLSearchParams("days=7&path=%2Fabout&source=a.example"), { kind: "path", value: "/" })).toBe("/admin/analytics?days=7&path=%2F&source=a.example");
    expect(unfilterHref(new URLSearchParams("days=7&path=%2Fabout&source=a.example"), "path")).toBe("/admin/analytics?days=7&source=a.example");
    expect(unfilterHref(new URLSearchParams("days=7&path=%2Fabout"), "path")).toBe("/admin/analytics?days=7");
    const both = [{ kind: "path", value: "/about" }, { kind: "source", value: "" }] as const;
    expect(reportPath({ kind: "days", days: "7" }, both)).toBe("/api/admin/analytics?days=7&path=%2Fabout&source=");
    expect(csvPath({ kind: "days", days: "7" }, "pages", both)).toBe("/api/admin/analytics.csv?days=7&path=%2Fabout&source=&table=pages");
  });
});
