/**
 * A CSV reader as spreadsheets read files (RFC 4180 with a chosen separator): `,` as written, or
 * `;` as Excel and LibreOffice read a file in German, French and many other locales. Quoted
 * fields keep separators and line breaks, `""` is one quote, and text after a closing quote is
 * kept in the field, and a quote left open ends with the file (Excel's and Python's leniency), so
 * a `,` file read with `;` parses too.
 */
export function parseCsv(text: string, separator: "," | ";"): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let at = 0; at < text.length; at += 1) {
    const char = text[at]!;
    if (quoted) {
      if (char !== '"') field += char;
      else if (text[at + 1] === '"') {
        field += '"';
        at += 1;
      } else quoted = false;
    } else if (char === '"' && field === "") quoted = true;
    else if (char === separator) {
      row.push(field);
      field = "";
    } else if (char === "\r" && text[at + 1] === "\n") {
      rows.push([...row, field]);
      row = [];
      field = "";
      at += 1;
    } else field += char;
  }
  // A quote left open (a file read with another separator than it was written with) ends with
  // the file, as spreadsheets take it.
  if (quoted || field !== "" || row.length > 0) rows.push([...row, field]);
  return rows;
}

/** A cell starting with one of OWASP's formula triggers (`= + - @`, tab, carriage return). */
export function startsWithTrigger(cell: string): boolean {
  return /^[=+\-@\t\r]/.test(cell);
}

/**
 * A cell a spreadsheet could run once it drops what leads it: spaces, tabs, line breaks and
 * quotes, then `= + - @`.
 */
export function startsWithFormula(cell: string): boolean {
  return /^[\s"]*[=+\-@]/.test(cell);
}
