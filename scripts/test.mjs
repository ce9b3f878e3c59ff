// `npm test`: every check in order, stopping at the first failure.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

const CHROMIUM = "/usr/bin/chromium";

const steps = [
  ["typecheck", "npm", ["run", "typecheck"]],
  ["lint", "npm", ["run", "lint"]],
  // Built before the unit and integration tests: some of them start the built server.
  ["build", "npm", ["run", "build"]],
  ["unit and integration tests", "npx", ["vitest", "run"]],
  ["end-to-end tests", "npx", ["playwright", "test"]],
  // Built server processes behind nginx on PostgreSQL; each spec says why when it cannot run here.
  ["cluster tests", "npx", ["playwright", "test", "--config", "playwright.cluster.config.ts"]],
];

if (!existsSync(CHROMIUM)) {
  console.error(
    `Chromium is missing at ${CHROMIUM}; the end-to-end tests need it. Install it with: apt-get install chromium`,
  );
  process.exit(1);
}

for (const [name, command, args] of steps) {
  console.log(`\n▶ ${name}`);
  const { status } = spawnSync(command, args, { stdio: "inherit" });
  if (status !== 0) {
    console.error(`\n✖ ${name} failed`);
    process.exit(status ?? 1);
  }
}
console.log("\n✔ all checks passed");
