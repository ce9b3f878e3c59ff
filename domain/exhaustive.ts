/**
 * The end of every switch over a closed set (block types, report statuses, analytics filters,
 * audit actions): a case left out makes `value` something other than `never`, so it cannot compile.
 * At run time a value outside the set (bad data) throws instead of passing silently.
 */
export function assertNever(value: never, what = "value"): never {
  throw new Error(`Unexpected ${what}: ${JSON.stringify(value)}`);
}
