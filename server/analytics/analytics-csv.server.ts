import type { AnalyticsReport, CsvTable } from "../../domain/analytics";
import { csvText, type CsvValue } from "./csv.server";

/** The columns of each table's CSV export, in order: the report's own field names. */
const COLUMNS = {
  pages: ["path", "views", "visitors", "leads", "demo_clicks"],
  referrers: ["host", "visitors"],
  campaigns: ["source", "medium", "campaign", "visitors", "leads", "demo_clicks"],
  vitals: ["path", "samples", "lcp_p75", "inp_p75", "cls_p75", "ttfb_p75"],
} as const satisfies Record<CsvTable, readonly string[]>;

/**
 * One table of the report as CSV. Paths, hosts and campaign names come from visitors, so the
 * cells are written as data only (server/analytics/csv.server.ts).
 */
export function reportCsv(report: AnalyticsReport, table: CsvTable): string {
  const columns: readonly string[] = COLUMNS[table];
  const rows = report[table] as Record<string, CsvValue>[];
  return csvText(columns, rows.map((row) => columns.map((column) => row[column])));
}
