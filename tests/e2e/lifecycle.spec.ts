import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import http from "node:http";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { expect, test } from "@playwright/test";
import { tinyPng, validReportFields } from "../helpers/sample-files";

// Start-up that tells the truth, graceful shutdown and health, a locked SQLite file: each on a
// process of the built server of its own. No browser is needed.

const basePort = Number(process.env.E2E_PORT ?? 4311) + 60;

function baseEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    DATA_DIR: mkdtempSync(path.join(tmpdir(), "life-")),
    ADMIN_PASSWORD: "a-long-test-password",
    LOG_LEVEL: "fatal",
    ...extra,
  };
  if (!extra.DATABASE_URL) delete env.DATABASE_URL;
  return env;
}

/** Runs the built server to its end (it must end by itself), with what it printed. */
function startToEnd(extra: Record<string, string>) {
  const result = spawnSync("node", ["build/server.js"], { env: baseEnv(extra), encoding: "utf8", timeout: 30_000 });
  return { status: result.status, signal: result.signal, stdout: result.stdout.trim(), stderr: result.stderr.trim() };
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

test("a port already in use ends the start with one line and no 'listening'", async () => {
  const port = await freePort();
  const holder = net.createServer().listen(port);
  await new Promise((resolve) => holder.once("listening", resolve));
  try {
    const { status, stdout, stderr } = startToEnd({ PORT: String(port) });
    expect(status).toBe(1);
    expect(stderr).toBe(`Cannot listen (PORT=${port}): port ${port} is already in use; stop what uses it or set PORT to a free port`);
    expect(stdout).not.toContain("listening");
  } finally {
    holder.close();
  }
});

test("an unusable DATA_DIR ends the start with one line naming it", () => {
  const file = path.join(mkdtempSync(path.join(tmpdir(), "life-")), "a-file");
  writeFileSync(file, "not a folder");
  for (const [dir, problem] of [
    [file, "it is not a folder"],
    [path.join(file, "below"), "cannot create it (ENOTDIR"],
    // Node's recursive mkdir spins here for ever; the start must end instead.
    ["/proc/x", "cannot create it (ENOENT"],
  ] as const) {
    const { status, signal, stderr } = startToEnd({ PORT: String(basePort), DATA_DIR: dir });
    expect(signal, dir).toBeNull();
    expect(status, dir).toBe(1);
    expect(stderr.split("\n"), dir).toHaveLength(1);
    expect(stderr, dir).toContain(`DATA_DIR ${dir} is not usable: ${problem}`);
  }
});

test("an unreachable database is retried a bounded number of times, one line per attempt, then the start ends", async () => {
  const port = await freePort();
  const { status, stdout, stderr } = startToEnd({
    PORT: String(basePort),
    DATABASE_URL: `postgres://site:secret-password@127.0.0.1:${port}/site`,
    DATABASE_CONNECT_ATTEMPTS: "2",
  });
  expect(status).toBe(1);
  expect(stderr.split("\n")).toEqual([
    `The database at 127.0.0.1:${port}/site is not reachable (connect ECONNREFUSED 127.0.0.1:${port}); attempt 1 of 2, retrying in 3 s`,
    `The database at 127.0.0.1:${port}/site is not reachable (connect ECONNREFUSED 127.0.0.1:${port}); gave up after 2 attempts`,
  ]);
  expect(stdout).not.toContain("listening");
});

test("a database that refuses the connection ends the start at once with one line, no credentials", () => {
  const server = process.env.TEST_DATABASE_URL;
  test.skip(!server, "TEST_DATABASE_URL is not set (no PostgreSQL)");
  const url = new URL(server!);
  url.pathname = "/no_such_database_here";
  url.password = "secret-password";
  const { status, stderr } = startToEnd({ PORT: String(basePort), DATABASE_URL: url.toString() });
  expect(status).toBe(1);
  expect(stderr).toBe(
    `The database at ${url.hostname}:${url.port || 5432}/no_such_database_here refused the connection: 3D000: database "no_such_database_here" does not exist`,
  );
  expect(stderr).not.toContain("secret-password");
});

type Running = { child: ChildProcess; url: string; port: number; output: () => string; exited: Promise<number | null> };

async function startServer(extra: Record<string, string>): Promise<Running> {
  const port = await freePort();
  const child = spawn("node", ["build/server.js"], { env: baseEnv({ PORT: String(port), ...extra }) });
  let output = "";
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  await expect
    .poll(async () => (await fetch(`${url}/readyz`).catch(() => undefined))?.status, { timeout: 20_000 })
    .toBe(200);
  return { child, url, port, output: () => output, exited };
}

/** A report upload sent in two halves, so a test can act between them. */
async function splitUpload(url: string) {
  const form = new FormData();
  for (const [name, value] of Object.entries(validReportFields())) form.append(name, value);
  form.append("attachment_0", new Blob([new Uint8Array(Buffer.concat([tinyPng(), Buffer.alloc(300_000, 7)]))], { type: "image/png" }), "shot.png");
  const encoded = new Request(url, { method: "POST", body: form });
  const body = Buffer.from(await encoded.arrayBuffer());
  let answered: (value: { status: number; body: string }) => void = () => {};
  const answer = new Promise<{ status: number; body: string }>((resolve) => (answered = resolve));
  const request = http.request(`${url}/api/security/reports`, {
    method: "POST",
    headers: { "Content-Type": encoded.headers.get("content-type")!, "Content-Length": String(body.length) },
  });
  request.on("response", (response) => {
    let text = "";
    response.on("data", (chunk) => (text += chunk));
    response.on("end", () => answered({ status: response.statusCode ?? 0, body: text }));
  });
  request.on("error", (error) => answered({ status: 0, body: String(error) }));
  const half = Math.floor(body.length / 2);
  request.write(body.subarray(0, half));
  return { finish: () => request.end(body.subarray(half)), answer };
}

test("SIGTERM: readiness says draining, the upload in flight finishes, then the listener closes and the process exits 0", async () => {
  const server = await startServer({ SHUTDOWN_DELAY: "2" });
  expect(await (await fetch(`${server.url}/healthz`)).json()).toEqual({ status: "ok" });
  const upload = await splitUpload(server.url);
  await new Promise((resolve) => setTimeout(resolve, 200));
  server.child.kill("SIGTERM");
  await expect.poll(async () => (await fetch(`${server.url}/readyz`)).status).toBe(503);
  const readiness = await fetch(`${server.url}/readyz`);
  expect(await readiness.json()).toEqual({ status: "draining" });
  // Liveness holds while draining: the process is fine, it is only leaving.
  expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  upload.finish();
  const answer = await upload.answer;
  expect(answer.status).toBe(201);
  expect(JSON.parse(answer.body)).toHaveProperty("reference");
  await expect.poll(async () => (await fetch(`${server.url}/healthz`).catch(() => undefined))?.status, { timeout: 15_000 }).toBeUndefined();
  expect(await server.exited).toBe(0);
  expect(server.output()).toContain("SIGTERM received");
});

test("a SQLite file locked by another writer: the request waits, answers 503 with Retry-After, and the next one succeeds", async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "life-"));
  const server = await startServer({ DATA_DIR: dataDir });
  const other = new SQLite(path.join(dataDir, "site.db"));
  try {
    const post = () =>
      fetch(`${server.url}/api/contact`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Forwarded-For": "192.0.2.10" },
        body: JSON.stringify({ name: "Locked Out", email: "locked@example.com", message: "Is anyone holding the lock?" }),
      });
    other.exec("BEGIN IMMEDIATE");
    const refused = await post();
    expect(refused.status).toBe(503);
    expect(refused.headers.get("retry-after")).toBe("5");
    expect((await refused.json()).error).toMatch(/briefly unavailable/);
    other.exec("COMMIT");
    expect((await post()).status).toBe(201);
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
  } finally {
    other.close();
    server.child.kill("SIGTERM");
    await server.exited;
  }
});
