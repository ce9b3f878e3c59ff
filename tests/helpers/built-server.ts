import { spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import { closeSync, existsSync, mkdtempSync, openSync, rmSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

export type BuiltServer = {
  /** The base URL, e.g. http://127.0.0.1:41234 */
  url: string;
  /** Where its SQLite file lives: `${dataDir}/site.db`. */
  dataDir: string;
  /** Its admin password (random per server). */
  adminPassword: string;
  /** The server process's id (the benchmark reads its CPU time). */
  pid: number;
  /** What it wrote to standard output so far (kept only with `keepOutput`). */
  output: () => string;
  stop: () => Promise<void>;
};

const BUILT_SERVER = path.resolve("build/server.js");

/**
 * Starts the built site (`node build/server.js`, as `npm start` does) on a free loopback port
 * with its own SQLite DATA_DIR, and waits until /healthz answers. For tests that need a server
 * of their own (an empty blog, a broken database) and for the benchmark.
 */
export async function startBuiltServer({
  dataDir,
  port: chosenPort,
  env = {},
  keepOutput = false,
  logTo,
}: {
  dataDir?: string;
  /** The port to listen on (from `freePort()`, so another process's SITE_URL can name it); a free one by default. */
  port?: number;
  /** Variables set on top of (or instead of) the defaults below, e.g. an https SITE_URL. */
  env?: Record<string, string>;
  /** Keep its standard output (the logs) for `output()`. */
  keepOutput?: boolean;
  /**
   * Append its standard output to this file, at the server's default log level (as `npm start`
   * logs); without it (or `keepOutput`) the server is quiet.
   */
  logTo?: string;
} = {}): Promise<BuiltServer> {
  if (!existsSync(BUILT_SERVER)) throw new Error("build/server.js is missing: run `npm run build` first.");
  const ownDir = dataDir === undefined;
  const dir = dataDir ?? mkdtempSync(path.join(tmpdir(), "dialogic-server-"));
  const port = chosenPort ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const adminPassword = crypto.randomBytes(18).toString("base64url");
  const inherited = { ...process.env };
  delete inherited.DATABASE_URL;
  const logFile = logTo ? openSync(logTo, "a") : undefined;
  const child = spawn(process.execPath, [BUILT_SERVER], {
    env: {
      ...inherited,
      NODE_ENV: "production",
      PORT: String(port),
      DATA_DIR: dir,
      SITE_URL: url,
      ADMIN_PASSWORD: adminPassword,
      ...(logTo ? {} : { LOG_LEVEL: "fatal" }),
      ...env,
    },
    stdio: ["ignore", logFile ?? (keepOutput ? "pipe" : "ignore"), "pipe"],
  });
  if (logFile !== undefined) closeSync(logFile);
  let stdout = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const stop = async () => {
    await stopProcess(child);
    if (ownDir) rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(url, child, () => stderr);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, dataDir: dir, adminPassword, pid: child.pid!, output: () => stdout, stop };
}

/** An admin token from a started server's login API: its own password unless told another. */
export async function adminToken(server: BuiltServer, password = server.adminPassword): Promise<string> {
  const response = await fetch(`${server.url}/api/admin/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ password }),
  });
  if (response.status !== 200) throw new Error(`The admin login answered ${response.status}`);
  return ((await response.json()) as { token: string }).token;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, stderr: () => string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited with ${child.exitCode}: ${stderr()}`);
    try {
      const response = await fetch(`${url}/healthz`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`The server at ${url} did not become healthy within 30 s: ${stderr()}`);
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
  await exited;
  clearTimeout(timer);
}
