import { isbot } from "isbot";

/**
 * Who counts as a person's browser, for every count of visitors: page views, page speed and
 * demo clicks alike.
 */

/** A person's browser: it names itself, and not as a crawler, bot or script (isbot). */
export function isBrowserAgent(userAgent: string | undefined): boolean {
  return userAgent !== undefined && userAgent !== "" && !isbot(userAgent);
}
