import { expect, type Locator } from "@playwright/test";

/**
 * Waits until React has hydrated the element, so a click reaches its handler instead of the
 * server-rendered HTML. React marks hydrated DOM nodes with an internal fiber property.
 */
export async function waitForHydration(locator: Locator): Promise<void> {
  await expect
    .poll(() => locator.evaluate((element) => Object.keys(element).some((key) => key.startsWith("__reactFiber$"))))
    .toBe(true);
}
