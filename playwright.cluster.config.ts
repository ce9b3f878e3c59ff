import { defineConfig } from "@playwright/test";

// The cluster tests (tests/cluster): built server processes, nginx and PostgreSQL, no browser.
// Run by `npm test` after the build and the browser tests, one at a time.
export default defineConfig({
  testDir: "tests/cluster",
  workers: 1,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  reporter: "list",
  timeout: 180_000,
});
