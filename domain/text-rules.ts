import { z } from "zod";
import { isSingleLine, isStorableText, textMessages } from "./text-checks";

export { isSingleLine, isStorableText, textMessages };

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

/** A string that follows the storable rule; chain trims, lengths and patterns after it. */
export function storableString(params?: Parameters<typeof z.string>[0]) {
  return z.string(params).refine(isStorableText, textMessages.invalidCharacters);
}

/** A trimmed single-line string that also follows the storable rule. */
export function singleLineString(params?: Parameters<typeof z.string>[0]) {
  return storableString(params).trim().refine(isSingleLine, textMessages.singleLine);
}
