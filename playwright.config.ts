import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";
import { CHROMIUM_PATH, chromiumArgs } from "./tests/helpers/chromium";

// One server for the whole run, on its own port and its own fresh SQLite file.
// Workers inherit these variables, so they point at the same server and data.
process.env.E2E_PORT ??= "4311";
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), "dialogic-e2e-"));
process.env.E2E_ADMIN_PASSWORD ??= "e2e-admin-password-7f3a9c";

const port = process.env.E2E_PORT;
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  reporter: "list",
  timeout: 30_000,
  use: {
    baseURL,
    trace: "retain-on-failure",
    launchOptions: { executablePath: CHROMIUM_PATH, args: chromiumArgs },
  },
  projects: [{ name: "chromium", use: { browserName: "chromium" } }],
  webServer: {
    command: "node build/server.js",
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      NODE_ENV: "production",
      PORT: port,
      DATA_DIR: process.env.E2E_DATA_DIR,
      SITE_URL: baseURL,
      ADMIN_PASSWORD: process.env.E2E_ADMIN_PASSWORD,
      LOG_LEVEL: "warn",
      // Tests write posts straight into the database and look at once: read changes on every request.
      PAGE_CACHE_CHECK_MS: "0",
      // As behind a load balancer: tests can act as distinct clients (X-Forwarded-For).
      TRUST_PROXY: "loopback",
      // Counted views reach the dashboard and its API within a fifth of a second.
      ANALYTICS_FLUSH_MS: "200",
    },
  },
});
