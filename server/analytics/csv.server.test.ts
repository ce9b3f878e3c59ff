import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { parseCsv, startsWithFormula, startsWithTrigger } from "../../tests/helpers/csv-parser";
import { csvCell, csvText } from "./csv.server";

/** Text made mostly of what spreadsheets split on, quote or run. */
const hostileText = fc.string({ unit: fc.constantFrom("=", "+", "-", "@", "\t", "\r", "\n", ";", ",", "|", '"', "'", " ", "a", "1", "/", "(", ")") });

describe("CSV cells", () => {
  test("every text cell is quoted; numbers and empty values stay bare", () => {
    expect(csvText(["path", "views", "p75"], [["/blog", 12, null]])).toBe('path,views,p75\r\n"/blog",12,\r\n');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
  });

  test("a formula at the start gets a leading apostrophe; after a separator-like character, one there too", () => {
    for (const value of ["=1+1", "+1", "-2", "@x", "\tx", "\rx", ' "=1']) {
      expect(csvCell(value), JSON.stringify(value)).toBe(`"'${value.replaceAll('"', '""')}"`);
    }
    expect(csvCell("http://x;=1+1/")).toBe(`"'http://x;'=1+1/"`);
    expect(csvCell("news;=HYPERLINK(1)")).toBe(`"'news;'=HYPERLINK(1)"`);
    expect(csvCell("/x;=1+1")).toBe(`"'/x;'=1+1"`);
    expect(csvCell("a,+b|@c\t=d; -e")).toBe(`"'a,'+b|'@c\t'=d;' -e"`);
    for (const value of ["linkedin.com", "/blog/a-post", "spring-2026", "a;b", "x=y", "1+1", "it's"]) {
      expect(csvCell(value), value).toBe(`"${value}"`);
    }
  });

  test("read back with `,` or `;` as the separator, no cell starts with a formula; `,` gives each text back, marked or not", () => {
    fc.assert(
      fc.property(fc.array(fc.array(fc.oneof(hostileText, fc.nat()), { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 5 }), (rows) => {
        const text = csvText(["a", "b"], rows);
        expect(parseCsv(text, ",").flat().filter(startsWithTrigger)).toEqual([]);
        // Read with `;`, the quotes fall out of step; still no cell is a formula.
        expect(parseCsv(text, ";").flat().filter(startsWithFormula)).toEqual([]);
        const readBack = parseCsv(text, ",").slice(1);
        // Apostrophes are the only change: taken out, the values are back.
        const unmarked = (cell: string) => cell.replaceAll("'", "");
        expect(readBack.map((row) => row.map(unmarked))).toEqual(rows.map((row) => row.map((value) => unmarked(String(value)))));
      }),
      { numRuns: 500 },
    );
  });
});
