import { defineConfig } from "vitest/config";

// Vitest has its own config so it does not load React Router's Vite plugin.
export default defineConfig({
  test: {
    include: ["{app,domain,server,tests}/**/*.test.{ts,tsx}"],
    exclude: ["tests/e2e/**", "node_modules/**"],
    // An unexpected console.error fails the test (tests/setup/console-errors.ts).
    setupFiles: ["tests/setup/console-errors.ts"],
    // A login hashes with scrypt N=2^17 (docs/decisions/067): ten in a row take seconds on a busy
    // two-core machine.
    testTimeout: 60_000,
    // Every test file has its own SQLite file and PostgreSQL schema, so files run side by side:
    // on a two-core machine Vitest's default (cores - 1) would leave one core idle. Two workers
    // ran the suite in 294 s against 525 s with one, both green.
    maxWorkers: 2,
    hookTimeout: 30_000,
  },
});
