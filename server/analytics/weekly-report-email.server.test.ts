import { expect, test } from "vitest";
import type { AnalyticsReport } from "../../domain/analytics";
import { readEmailHtml } from "../../tests/helpers/email-html";
import { weeklyReportEmail, WEEKLY_REPORT_ROWS } from "./weekly-report-email.server";

const SITE = { siteUrl: "https://www.example.com", siteName: `Dialogic <b>&</b> "Co"` };
const HOSTILE = `<script>alert("x")</script> & 'friends'`;

function report(overrides: Partial<AnalyticsReport> = {}): AnalyticsReport {
  return {
    from: "2026-11-16",
    to: "2026-11-22",
    views: 1234,
    visitors: 500,
    leads: 7,
    demo_clicks: 2,
    series: [],
    pages: [
      { path: "/blog/hostile", title: HOSTILE, post_id: "p1", views: 40, visitors: 30, leads: 2, demo_clicks: 0 },
      { path: "/pricing?<x>", views: 20, visitors: 10, leads: 0, demo_clicks: 0 },
      { path: "(not found)", views: 5, visitors: 5, leads: 0, demo_clicks: 0 },
      { path: "(other)", views: 3, visitors: 3, leads: 0, demo_clicks: 0 },
      // Only converted: no views this week, so not a top page.
      { path: "/contact", views: 0, visitors: 0, leads: 5, demo_clicks: 0 },
    ],
    referrers: [],
    sources: [
      { host: "", visitors: 300, leads: 4 },
      { host: `evil.example"><img src=x onerror=alert(1)>`, visitors: 100, leads: 3 },
      { host: "(other)", visitors: 1, leads: 0 },
    ],
    previous: { from: "2026-11-09", to: "2026-11-15", views: 1234, visitors: 400, leads: 0, demo_clicks: 0 },
    campaigns: [{ source: "news<letter>", medium: "", campaign: HOSTILE, visitors: 12, leads: 1, demo_clicks: 0 }],
    devices: [],
    vitals: [],
    ...overrides,
  };
}

test("the text part reads each figure with its change, the tables and the dashboard's address", () => {
  const email = weeklyReportEmail(SITE, report(), "team@example.com");
  expect(email.to).toBe("team@example.com");
  expect(email.subject).toBe(`Weekly analytics for Dialogic <b>&</b> "Co": 2026-11-16 to 2026-11-22`);
  expect(email.text).toContain("Visitors: 500 (+25% against the week before (400))");
  expect(email.text).toContain("Page views: 1,234 (no change against the week before)");
  expect(email.text).toContain("Leads: 7 (new this week (none the week before))");
  expect(email.text).toContain(`  1. ${HOSTILE}: 40 views, 30 visitors, 2 leads`);
  expect(email.text).toContain("  3. (not found): 5 views, 5 visitors, 0 leads\n  4. Other pages: 3 views, 3 visitors, 0 leads\n");
  expect(email.text).not.toContain("/contact");
  expect(email.text).toContain("  1. Direct: 300 visitors, 4 leads");
  expect(email.text).toContain("  3. Other sources: 1 visitor, 0 leads");
  expect(email.text).toContain(`  1. news<letter> / — / ${HOSTILE}: 12 visitors, 1 lead`);
  expect(email.text.endsWith("The dashboard for this week: https://www.example.com/admin/analytics?from=2026-11-16&to=2026-11-22")).toBe(true);
});

test("the HTML part escapes every value, closes every tag and links only to the site", () => {
  const { html } = weeklyReportEmail(SITE, report(), "team@example.com");
  const read = readEmailHtml(html!);
  expect(read.unclosed).toEqual([]);
  expect(read.stray).toBe(0);
  // Nothing a value carried became markup: the only tags are the writer's own.
  expect(html).not.toMatch(/<script|<img|<b>|<x>|<letter>/i);
  expect(read.text).toContain(HOSTILE);
  expect(read.text).toContain(`evil.example"><img src=x onerror=alert(1)>`);
  expect(read.text).toContain(`Dialogic <b>&</b> "Co" analytics, 2026-11-16 to 2026-11-22 (UTC)`);
  expect(read.text).toContain("+25% against the week before (400)");
  expect(read.hrefs).toEqual([
    "https://www.example.com/blog/hostile",
    "https://www.example.com/pricing?%3Cx%3E",
    "https://www.example.com/admin/analytics?from=2026-11-16&to=2026-11-22",
  ]);
});

test("each table holds the top rows only, and says so when it is empty", () => {
  const pages = Array.from({ length: 25 }, (_, n) => ({ path: `/p${n}`, views: 100 - n, visitors: 1, leads: 0, demo_clicks: 0 }));
  const email = weeklyReportEmail(SITE, report({ pages, sources: [], campaigns: [] }), "team@example.com");
  expect(email.text).toContain(`  ${WEEKLY_REPORT_ROWS}. /p${WEEKLY_REPORT_ROWS - 1}:`);
  expect(email.text).not.toContain(`/p${WEEKLY_REPORT_ROWS}:`);
  expect(email.text).toContain("Top sources\n  No visitors this week.");
  expect(email.text).toContain("Top campaigns\n  No campaign visits this week.");
  expect(readEmailHtml(email.html!).hrefs).toHaveLength(WEEKLY_REPORT_ROWS + 1);
});
