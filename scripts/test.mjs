// `npm test`: every check in order, stopping at the first failure.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

const CHROMIUM = "/usr/bin/chromium";

const steps = [
  ["typecheck", "npm", ["run", "typecheck"]],
  ["lint", "npm", ["run", "lint"]],
  ["unit and integration tests", "npx", ["vitest", "run"]],
  ["build", "npm", ["run", "build"]],
  ["end-to-end tests", "npx", ["playwright", "test"]],
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
