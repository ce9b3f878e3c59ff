import { afterEach, beforeEach } from "vitest";

/**
 * Every Vitest test fails on an unexpected console.error: an error that only reaches the console
 * is a bug nobody sees. A test that provokes one on purpose calls `allowConsoleErrors(pattern)`.
 */
const originalError = console.error;
let unexpected: string[] = [];
let allowed: RegExp[] = [];

export function allowConsoleErrors(...patterns: RegExp[]): void {
  allowed.push(...patterns);
}

beforeEach(() => {
  unexpected = [];
  allowed = [];
  console.error = (...args: unknown[]) => {
    const text = args.map((arg) => (arg instanceof Error ? arg.stack ?? arg.message : String(arg))).join(" ");
    if (!allowed.some((pattern) => pattern.test(text))) unexpected.push(text);
    originalError(...args);
  };
});

afterEach(() => {
  console.error = originalError;
  if (unexpected.length > 0) {
    throw new Error(`Unexpected console.error during the test:\n${unexpected.join("\n")}`);
  }
});
