/**
 * Peak memory of the built server while vulnerability reports with 10 MB attachments stream
 * in: one upload alone, then 20 at once. Prints the server process's resident memory from
 * /proc/<pid>/status (VmRSS now, VmHWM the peak so far). Linux only.
 *
 *   npm run build && npx tsx scripts/upload-memory.ts
 *
 * Uses a fresh SQLite database in a temporary DATA_DIR, or PostgreSQL when DATABASE_URL is set
 * (its tables are created if missing; the reports it sends stay there):
 *
 *   DATABASE_URL=postgres://user@127.0.0.1:5432/scratch npx tsx scripts/upload-memory.ts
 *
 * The peak is reset (/proc/<pid>/clear_refs) once the server is idle, so start-up work (such as
 * hashing ADMIN_PASSWORD, 128 MiB of scrypt) does not hide or inflate the uploads' peak.
 */
import { spawn } from "node:child_process";
import crypto from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

const CONCURRENT = 20;
const FILE_BYTES = 10 * 1024 * 1024;

if (!existsSync("build/server.js")) {
  console.error("build/server.js is missing: run `npm run build` first.");
  process.exit(1);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

function memoryOf(pid: number): { rssMb: number; peakMb: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? NaN);
  return { rssMb: kb("VmRSS") / 1024, peakMb: kb("VmHWM") / 1024 };
}

/** Makes VmHWM start again from the current VmRSS (Linux 4.0+; needs to own the process). */
function resetPeak(pid: number) {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, "5");
  } catch {
    console.warn("could not reset the peak: start-up memory is included in the figures");
  }
}

function reportForm(file: Blob, index: number): FormData {
  const form = new FormData();
  const fields: Record<string, string> = {
    reporter_name: "Memory Check",
    reporter_email: "memory@example.com",
    company: "",
    asset_affected: "https://app.example.com",
    vulnerability_title: `Upload memory check ${index}`,
    vrt_category: "Other",
    vrt_subcategory: "other",
    weakness_type: "Other",
    severity: "Informational",
    description: "A report sent by scripts/upload-memory.ts to measure the server's peak memory.",
    reproduction_steps: "Run the script.",
    impact: "None.",
  };
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append("attachment_0", file, `capture-${index}.png`);
  return form;
}

const port = await freePort();
const dataDir = mkdtempSync(path.join(tmpdir(), "dialogic-upload-memory-"));
const base = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, ["build/server.js"], {
  env: {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    DATA_DIR: dataDir,
    SITE_URL: base,
    ADMIN_PASSWORD: crypto.randomBytes(18).toString("base64url"),
    REPORT_RATE_LIMIT: "1000",
    // Room for every run's 210 MB; the defaults of the caps stay as they are otherwise.
    REPORT_UPLOAD_MB_PER_HOUR: "100000",
    REPORT_UPLOAD_MB_PER_DAY: "100000",
    LOG_LEVEL: "warn",
  },
  stdio: ["ignore", "ignore", "inherit"],
});
const pid = server.pid!;

async function stopServer() {
  if (server.exitCode === null) {
    const exited = new Promise((resolve) => server.once("exit", resolve));
    process.kill(pid, "SIGTERM");
    await exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
}

try {
  for (let attempt = 0; ; attempt += 1) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (attempt > 600) throw new Error("the server did not start within a minute");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  // A PNG signature and random bytes: 10 MB that no compression or deduplication can shrink.
  const bytes = crypto.randomBytes(FILE_BYTES);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(bytes);
  const file = new Blob([bytes], { type: "image/png" });

  const send = async (index: number) => {
    const response = await fetch(`${base}/api/security/reports`, { method: "POST", body: reportForm(file, index) });
    if (response.status !== 201) throw new Error(`upload ${index} answered ${response.status}: ${await response.text()}`);
  };

  // Let start-up settle, then start the peak from the current resident size.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  resetPeak(pid);
  const idle = memoryOf(pid);
  const started = Date.now();
  await send(0);
  const single = memoryOf(pid);
  const singleMs = Date.now() - started;

  const startedMany = Date.now();
  await Promise.all(Array.from({ length: CONCURRENT }, (_, index) => send(index + 1)));
  const many = memoryOf(pid);
  const manyMs = Date.now() - startedMany;

  const mb = (value: number) => `${value.toFixed(1)} MB`;
  console.log(`server pid ${pid}, database ${process.env.DATABASE_URL ? "PostgreSQL" : "SQLite"}`);
  console.log(`idle after start:           RSS ${mb(idle.rssMb)}, peak ${mb(idle.peakMb)}`);
  console.log(`after one 10 MB upload:     peak ${mb(single.peakMb)} (+${mb(single.peakMb - idle.peakMb)}) in ${singleMs} ms`);
  console.log(
    `after ${CONCURRENT} concurrent 10 MB: peak ${mb(many.peakMb)} (+${mb(many.peakMb - idle.rssMb)} over idle, ` +
      `${mb((many.peakMb - idle.rssMb) / CONCURRENT)} per upload) in ${manyMs} ms; RSS now ${mb(many.rssMb)}`,
  );
  console.log(`PEAK_RSS_MB=${many.peakMb.toFixed(1)}`);
} finally {
  await stopServer();
}
