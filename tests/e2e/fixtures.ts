import { test as base, expect } from "@playwright/test";

/**
 * The `test` every end-to-end file uses: an unexpected console error or uncaught page error
 * (a CSP violation, even one the page catches, a hydration mismatch, a failed request the page did
 * not expect) fails it.
 * A test that provokes an error on purpose lists it in `allowedConsoleErrors`.
 */
export const test = base.extend<{ allowedConsoleErrors: RegExp[]; failOnConsoleErrors: void }>({
  allowedConsoleErrors: [[], { option: true }],
  failOnConsoleErrors: [
    async ({ page, allowedConsoleErrors }, use) => {
      const errors: string[] = [];
      page.on("console", (message) => {
        if (message.type() !== "error") return;
        const text = message.text();
        if (!allowedConsoleErrors.some((pattern) => pattern.test(text))) errors.push(text);
      });
      page.on("pageerror", (error) => errors.push(`uncaught: ${error.message}`));
      // A CSP violation the page swallows (a caught eval probe, say) still counts.
      await page.addInitScript(() => {
        document.addEventListener("securitypolicyviolation", (event) => {
          console.error(`CSP violation: ${event.effectiveDirective} ${event.blockedURI}`);
        });
      });
      await use();
      expect(errors, "console errors on the page").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
