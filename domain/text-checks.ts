/**
 * The character checks of domain/text-rules.ts without its schema library, for code the public
 * pages carry (a form block checks answers before sending them).
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

