import type { AnalyticsReport, CsvTable } from "../../domain/analytics";

/** The columns of each table's CSV export, in order: the report's own field names. */
const COLUMNS = {
  pages: ["path", "views", "visitors", "leads", "demo_clicks"],
  referrers: ["host", "visitors"],
  campaigns: ["source", "medium", "campaign", "visitors", "leads", "demo_clicks"],
  vitals: ["path", "samples", "lcp_p75", "inp_p75", "cls_p75", "ttfb_p75"],
} as const satisfies Record<CsvTable, readonly string[]>;

/**
 * One table of the report as CSV (RFC 4180, CRLF lines). Values come from visitors (paths,
 * campaign names), so a cell a spreadsheet would read as a formula is quoted with a leading
 * apostrophe (OWASP's CSV injection advice).
 */
export function reportCsv(report: AnalyticsReport, table: CsvTable): string {
  const columns: readonly string[] = COLUMNS[table];
  const rows = report[table] as Record<string, string | number | null>[];
  const lines = [columns.join(","), ...rows.map((row) => columns.map((column) => csvCell(row[column])).join(","))];
  return `${lines.join("\r\n")}\r\n`;
}

function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return String(value);
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n']/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}
