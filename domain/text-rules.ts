import { z } from "zod";

// zod compiles its parsers with `new Function` where it may. The site's CSP forbids eval, and under
// it even zod's caught probe is reported as a violation in the browser: one behaviour everywhere.
z.config({ jitless: true });

/**
 * The character rules every text field follows, written once and applied by every schema
 * (posts, contact, reports, login): see docs/decisions/062-one-text-rule.md.
 *
 * - No NUL and no lone UTF-16 surrogate anywhere: PostgreSQL refuses the first, no encoding can
 *   carry the second, and SQLite would store what PostgreSQL refuses.
 * - Single-line fields (names, titles, anything that lands in a subject or a "Label: value"
 *   line of an email) carry no line break and no control character, so no line can be forged.
 */
export const textMessages = {
  invalidCharacters: "Contains characters that are not allowed (NUL or broken Unicode)",
  singleLine: "Must be a single line without line breaks or control characters",
} as const;

const NUL = /\u0000/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** C0 controls (tab and line breaks included), DEL, C1 controls, and the Unicode line separators. */
const LINE_BREAK_OR_CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

/** True when the text can be stored and sent as is on every database. */
export function isStorableText(value: string): boolean {
  return !NUL.test(value) && !LONE_SURROGATE.test(value);
}

/** True when the text fits on one line of a header or a "Label: value" line. */
export function isSingleLine(value: string): boolean {
  return !LINE_BREAK_OR_CONTROL.test(value);
}

/** A string that follows the storable rule; chain trims, lengths and patterns after it. */
export function storableString(params?: Parameters<typeof z.string>[0]) {
  return z.string(params).refine(isStorableText, textMessages.invalidCharacters);
}

/** A trimmed single-line string that also follows the storable rule. */
export function singleLineString(params?: Parameters<typeof z.string>[0]) {
  return storableString(params).trim().refine(isSingleLine, textMessages.singleLine);
}
