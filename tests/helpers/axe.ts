import { createRequire } from "node:module";
import type { Page } from "@playwright/test";

const require = createRequire(import.meta.url);
const AXE_PATH = require.resolve("axe-core/axe.min.js");

type AxeViolation = {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
};

/**
 * Runs axe-core (every rule except experimental ones) on the page as it is now and returns a
 * readable list of violations: empty when the page passes. axe is injected as an inline script,
 * so the test needs `test.use({ bypassCSP: true })`.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  await settleAnimations(page);
  const alreadyLoaded = await page.evaluate(() => "axe" in window);
  if (!alreadyLoaded) await page.addScriptTag({ path: AXE_PATH });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document) => Promise<{ violations: AxeViolation[] }> } }).axe;
    const results = await axe.run(document);
    return results.violations;
  });
  return violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help}\n` +
      violation.nodes.map((node) => `    ${JSON.stringify(node.target)} ${node.failureSummary ?? ""}`).join("\n"),
  );
}

/**
 * Waits for the transitions and animations that end (a toast fading in, a panel opening) to end:
 * axe reads colours as painted, and a toast half faded in fails the contrast rule. Endless ones
 * (a spinner) are left running.
 */
async function settleAnimations(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const nextFrame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    // Two frames: a toast mounts, then starts its entrance a frame later.
    await nextFrame();
    await nextFrame();
    const ending = document.getAnimations().filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.race([Promise.allSettled(ending.map((animation) => animation.finished)), new Promise((resolve) => setTimeout(resolve, 2000))]);
  });
}
