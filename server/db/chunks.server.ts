/**
 * Rows per statement for inserts and `in (…)` lists: far below SQLite's 32,766 bound values and
 * PostgreSQL's 65,535 even at a dozen columns a row.
 */
export const ROWS_PER_STATEMENT = 400;

/** `items` cut into runs of at most `size`, for one statement each. */
export function inChunks<T>(items: readonly T[], size = ROWS_PER_STATEMENT): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < items.length; start += size) chunks.push(items.slice(start, start + size));
  return chunks;
}
