import { useState, type ReactNode } from "react";
import { toast } from "sonner";
import { vitalRating, WEB_VITALS, type AnalyticsFilter, type AnalyticsReport, type CsvTable, type VitalRating, type WebVitalName } from "../../../domain/analytics";
import { analyticsCopy as copy } from "../../content/analytics-dashboard";
import { csvFileName } from "../../../domain/analytics";
import { formatNumber, type PeriodChoice } from "../../lib/admin/period";
import { adminApi } from "../../lib/admin/client";
import { useAdminCall } from "../../lib/admin/hooks";
import { saveFile } from "../../lib/browser/save-file";

/** `wide`: a column shown from the small breakpoint up, so that at 390 px a row is its name, visitors and leads. */
export type Column<Row> = { header: ReactNode; cell: (row: Row) => ReactNode; numeric?: boolean; rowHeader?: boolean; wide?: boolean };

/**
 * A table that scrolls sideways inside its own region on a narrow screen, so the page never
 * does. The region takes focus, so a keyboard can scroll it too; it is positioned, so that
 * screen-reader-only text in a cell scrolls with it instead of widening the page.
 */
export function ScrollTable<Row>({
  label,
  rows,
  rowKey,
  columns,
}: {
  label: string;
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  columns: readonly Column<Row>[];
}) {
  return (
    <div role="region" aria-label={label} tabIndex={0} className="relative mt-4 overflow-x-auto rounded-xl border border-slate-200 bg-white">
      <table className="min-w-full divide-y divide-slate-200 text-left text-sm">
        <thead className="bg-slate-50 text-slate-700">
          <tr>
            {columns.map((column, index) => (
              <th key={index} scope="col" className={`px-3 py-3 font-semibold whitespace-nowrap sm:px-4 ${column.numeric ? "text-right" : ""} ${column.wide ? "hidden sm:table-cell" : ""}`}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((column, index) => {
                const className = `px-3 py-3 align-top sm:px-4 ${column.numeric ? "text-right tabular-nums whitespace-nowrap" : ""} ${column.wide ? "hidden sm:table-cell" : ""}`;
                return column.rowHeader ? (
                  <th key={index} scope="row" className={`${className} min-w-32 font-medium [overflow-wrap:anywhere] text-slate-900 sm:min-w-40`}>
                    {column.cell(row)}
                  </th>
                ) : (
                  <td key={index} className={`${className} text-slate-800`}>
                    {column.cell(row)}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** One table of the dashboard: its heading, its CSV download, the table or its empty state in words. */
export function ReportSection<Row>({
  title,
  empty,
  rows,
  rowKey,
  columns,
  csv,
  lead,
}: {
  title: string;
  empty: string;
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  columns: readonly Column<Row>[];
  csv?: { table: CsvTable; period: PeriodChoice; report: AnalyticsReport; filters: AnalyticsFilter[] };
  lead?: string;
}) {
  // The table's region carries the section's name; the section itself stays unnamed (one landmark, not two).
  return (
    <section className="min-w-0">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-xl font-bold text-slate-900">{title}</h2>
        {csv ? <CsvButton {...csv} section={title} /> : null}
      </div>
      {lead ? <p className="mt-2 text-sm text-slate-700">{lead}</p> : null}
      {rows.length === 0 ? <p className="mt-4 text-slate-600">{empty}</p> : <ScrollTable label={title} rows={rows} rowKey={rowKey} columns={columns} />}
    </section>
  );
}

/** Fetches one table's CSV (under the dashboard's filters) with the bearer token and saves it under a name that says what it holds. */
function CsvButton({ table, period, report, filters, section }: { table: CsvTable; period: PeriodChoice; report: AnalyticsReport; filters: AnalyticsFilter[]; section: string }) {
  const run = useAdminCall();
  const [busy, setBusy] = useState(false);

  async function download() {
    setBusy(true);
    const result = await run(adminApi.analyticsCsv(period, table, filters));
    setBusy(false);
    if (!result.ok) {
      if (result.status !== 401) toast.error(copy.downloadFailed);
      return;
    }
    saveFile(result.data, csvFileName(table, report));
  }

  return (
    <button
      type="button"
      disabled={busy}
      onClick={() => void download()}
      aria-label={copy.downloadCsvOf(section)}
      className="inline-flex min-h-11 items-center rounded-lg border border-indigo-600 bg-white px-4 text-sm font-semibold text-indigo-700 hover:bg-indigo-50 disabled:opacity-60"
    >
      {copy.downloadCsv}
    </button>
  );
}

/** A rating in words and colour together (never colour alone); every pair holds 4.5:1. */
const RATING_STYLES: Record<VitalRating, string> = {
  good: "bg-green-100 text-green-900 ring-green-300",
  "needs improvement": "bg-amber-100 text-amber-900 ring-amber-300",
  poor: "bg-red-100 text-red-900 ring-red-300",
};

/** A 75th percentile with its unit and its rating; "no samples" when the API has none. */
export function VitalValue({ metric, value }: { metric: WebVitalName; value: number | null }) {
  if (value === null) {
    return (
      <span className="text-slate-600">
        <span aria-hidden="true">{copy.none}</span>
        <span className="sr-only">{copy.noSamples}</span>
      </span>
    );
  }
  const rating = vitalRating(metric, value);
  const { unit } = WEB_VITALS[metric];
  return (
    <span className="inline-flex flex-col items-end gap-1">
      <span>
        {formatNumber(value)}
        {unit ? ` ${unit}` : ""}
      </span>
      <span className={`rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ${RATING_STYLES[rating]}`}>
        {copy.ratings[rating]}
      </span>
    </span>
  );
}

/** A source, medium or campaign that may be empty. */
export function Maybe({ value }: { value: string }) {
  if (value) return <>{value}</>;
  return (
    <>
      <span aria-hidden="true">{copy.none}</span>
      <span className="sr-only">{copy.noneSpoken}</span>
    </>
  );
}
