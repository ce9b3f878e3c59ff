/**
 * CSV files as data, never as formulas (RFC 4180, CRLF lines; docs/decisions/174). Every text
 * cell is quoted, so a separator inside it (`,`, or the `;` of many European spreadsheets) does
 * not split it for a reader that honours quotes. A text that a spreadsheet could run (a formula
 * trigger at its start, or after a separator-like character anywhere in it) gets a leading
 * apostrophe, as OWASP advises, and one after each such separator: a reader that splits the
 * file on another separator than ours (and so loses track of the quotes) still finds no cell
 * that starts with a formula.
 */
export type CsvValue = string | number | null | undefined;

/** OWASP's formula triggers, after optional spaces or quotes (a reader may drop both). */
const TRIGGER = String.raw`[\s"]*[=+\-@\t\r]`;
/** Where a reader may start a cell: the start, or after a separator or line break of any dialect. */
const FORMULA_START = new RegExp(`^${TRIGGER}`);
const FORMULA_AFTER_SEPARATOR = new RegExp(`([;,|\t\r\n])(?=${TRIGGER})`, "g");

/** The file: a header of our own column names (bare, they are constants), then the rows. */
export function csvText(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  const lines = [header.join(","), ...rows.map((row) => row.map(csvCell).join(","))];
  return `${lines.join("\r\n")}\r\n`;
}

export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  return `"${neutralised(value).replaceAll('"', '""')}"`;
}

function neutralised(text: string): string {
  const inner = text.replace(FORMULA_AFTER_SEPARATOR, "$1'");
  return inner !== text || FORMULA_START.test(text) ? `'${inner}` : text;
}
