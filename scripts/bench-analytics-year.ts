/**
 * The analytics table of `npm run bench` on its own (`npx tsx scripts/bench-analytics-year.ts`):
 * the generated year of 100,000 views a day, and the dashboard's API on it, each period and each
 * single filter (decision 185). Run it holding the shared build lock, after a build.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { adminToken, startBuiltServer } from "../tests/helpers/built-server";
import { fillAnalyticsYear, REPORT_QUERIES, timeReport, VIEWS_PER_DAY } from "./bench-analytics";

const yearDir = mkdtempSync(path.join(tmpdir(), "dialogic-bench-year-"));
try {
  const generating = performance.now();
  const year = await fillAnalyticsYear(yearDir);
  console.log(
    `${year.days} days of ${VIEWS_PER_DAY.toLocaleString("en-US")} views generated in ${((performance.now() - generating) / 1000).toFixed(1)} s: ${Object.entries(year.rows)
      .map(([table, rows]) => `${table} ${rows.toLocaleString("en-US")} rows`)
      .join(", ")}; database file ${(year.bytes / 1024 / 1024).toFixed(1)} MB`,
  );
  const server = await startBuiltServer({ dataDir: yearDir, logTo: path.join(yearDir, "server.log") });
  try {
    const token = await adminToken(server);
    console.log("| GET /api/admin/analytics?… | median ms | slowest ms | answer KB |");
    for (const query of REPORT_QUERIES) {
      const timing = await timeReport(server.url, token, query);
      console.log(`| ${decodeURIComponent(query).replace(/\n/g, "\\n")} | ${timing.median.toFixed(1)} | ${timing.max.toFixed(1)} | ${(timing.bytes / 1000).toFixed(1)} |`);
    }
  } finally {
    await server.stop();
  }
} finally {
  rmSync(yearDir, { recursive: true, force: true });
}
