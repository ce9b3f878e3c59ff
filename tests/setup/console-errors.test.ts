import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";

// The set-up checked from a child Vitest run, so that the failure it provokes stays there.
test("an unexpected console.error fails a test; an allowed one does not", () => {
  const dir = mkdtempSync(path.join(import.meta.dirname, "probe-"));
  try {
    writeFileSync(
      path.join(dir, "probe.test.ts"),
      [
        'import { test } from "vitest";',
        'import { allowConsoleErrors } from "../console-errors";',
        'test("unexpected", () => { console.error("boom"); });',
        'test("allowed", () => { allowConsoleErrors(/expected/); console.error("an expected failure"); });',
        'test("quiet", () => {});',
      ].join("\n"),
    );
    const run = spawnSync(
      process.execPath,
      ["node_modules/vitest/vitest.mjs", "run", path.relative(process.cwd(), dir), "--reporter=json"],
      { encoding: "utf8" },
    );
    const report = JSON.parse(run.stdout.slice(run.stdout.indexOf("{"))) as {
      testResults: { assertionResults: { title: string; status: string }[] }[];
    };
    const results = report.testResults[0]?.assertionResults ?? [];
    expect(Object.fromEntries(results.map((each) => [each.title, each.status]))).toEqual({
      unexpected: "failed",
      allowed: "passed",
      quiet: "passed",
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
