import { execFile, spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";

const run = promisify(execFile);
const NGINX = "/usr/sbin/nginx";
const BUILT_SERVER = path.resolve("build/server.js");
const DEPLOY = path.resolve("deploy/nginx");

/** Why the cluster tests cannot run here, or undefined when they can. */
export function clusterMissing(): string | undefined {
  if (!process.env.TEST_DATABASE_URL) return "TEST_DATABASE_URL is not set (no PostgreSQL)";
  if (!existsSync(NGINX)) return `nginx is not installed at ${NGINX} (apt-get install nginx-light)`;
  if (!existsSync(BUILT_SERVER)) return "build/server.js is missing: run `npm run build` first";
  return undefined;
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

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A new, empty database on the TEST_DATABASE_URL server; `drop` removes it again. */
export async function createEmptyDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const server = new URL(process.env.TEST_DATABASE_URL ?? "");
  const name = `cluster_${crypto.randomBytes(5).toString("hex")}`;
  await withClient(server.toString(), (client) => client.query(`create database ${name}`));
  const url = new URL(server);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => withClient(server.toString(), (client) => client.query(`drop database if exists ${name} with (force)`)).then(() => undefined),
  };
}

export async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export type AppProcess = {
  name: string;
  port: number;
  url: string;
  /** Exits that nobody asked for (SIGKILL by the test is expected and not listed). */
  unexpectedExits: string[];
  output: () => string;
  start: () => Promise<void>;
  kill: () => void;
  stop: () => Promise<void>;
};

/** One process of the built server (`node build/server.js`, as `npm start`), restartable. */
export async function appProcess(name: string, env: Record<string, string>): Promise<AppProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let child: ChildProcess | undefined;
  let output = "";
  let expectingExit = false;
  const unexpectedExits: string[] = [];
  const inherited = { ...process.env };
  delete inherited.DATABASE_URL;
  const self: AppProcess = {
    name,
    port,
    url,
    unexpectedExits,
    output: () => output,
    async start() {
      expectingExit = false;
      const current = spawn(process.execPath, [BUILT_SERVER], {
        env: { ...inherited, NODE_ENV: "production", PORT: String(port), HOST: "127.0.0.1", LOG_LEVEL: "error", ...env },
        stdio: ["ignore", "pipe", "pipe"],
      });
      child = current;
      const collect = (chunk: Buffer) => {
        output = (output + chunk.toString()).slice(-20_000);
      };
      current.stdout?.on("data", collect);
      current.stderr?.on("data", collect);
      current.once("exit", (code, signal) => {
        if (!expectingExit) unexpectedExits.push(`${name} exited (${code ?? signal})`);
      });
      await waitFor(`${url}/readyz`, 30_000, () => current.exitCode !== null);
    },
    kill() {
      expectingExit = true;
      child?.kill("SIGKILL");
    },
    async stop() {
      if (!child || child.exitCode !== null || child.signalCode !== null) return;
      expectingExit = true;
      const exited = new Promise((resolve) => child?.once("exit", resolve));
      child.kill("SIGTERM");
      const force = setTimeout(() => child?.kill("SIGKILL"), 20_000);
      await exited;
      clearTimeout(force);
    },
  };
  return self;
}

/** Polls `url` until it answers 200; throws after `timeoutMs` or when `gaveUp()` says so. */
export async function waitFor(url: string, timeoutMs: number, gaveUp: () => boolean = () => false): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (gaveUp()) throw new Error(`gave up waiting for ${url}`);
    const response = await fetch(url, { signal: AbortSignal.timeout(2_000) }).catch(() => undefined);
    if (response?.ok) return Date.now() - started;
    await sleep(100);
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs} ms`);
}

export type Nginx = { url: string; stop: () => Promise<void> };

/**
 * nginx on loopback in front of `apps`, configured by the repository's own files: the upstream
 * (deploy/nginx/dialogic-upstream.conf, its two example addresses replaced by the apps' ports)
 * and the locations (deploy/nginx/dialogic-locations.conf, included as it is).
 */
export async function startNginx(apps: AppProcess[], port: number): Promise<Nginx> {
  const dir = mkdtempSync(path.join(tmpdir(), "dialogic-nginx-"));
  for (const sub of ["body", "proxy", "fastcgi", "uwsgi", "scgi"]) mkdirSync(path.join(dir, sub));
  const upstreamTemplate = readFileSync(path.join(DEPLOY, "dialogic-upstream.conf"), "utf8");
  const addresses = [...upstreamTemplate.matchAll(/server (127\.0\.0\.1:\d+)/g)].map((match) => match[1]);
  if (addresses.length !== apps.length) throw new Error("the upstream file names a different number of processes");
  let upstream = upstreamTemplate;
  addresses.forEach((address, index) => {
    upstream = upstream.replace(`server ${address}`, `server 127.0.0.1:${apps[index]!.port}`);
  });
  writeFileSync(path.join(dir, "upstream.conf"), upstream);
  const config = [
    process.getuid?.() === 0 ? "user root;" : "",
    "daemon on;",
    "worker_processes 1;",
    `pid ${dir}/nginx.pid;`,
    `error_log ${dir}/error.log warn;`,
    "events { worker_connections 512; }",
    "http {",
    "  access_log off;",
    `  client_body_temp_path ${dir}/body; proxy_temp_path ${dir}/proxy;`,
    `  fastcgi_temp_path ${dir}/fastcgi; uwsgi_temp_path ${dir}/uwsgi; scgi_temp_path ${dir}/scgi;`,
    `  include ${dir}/upstream.conf;`,
    "  server {",
    `    listen 127.0.0.1:${port};`,
    `    include ${DEPLOY}/dialogic-locations.conf;`,
    "  }",
    "}",
  ].join("\n");
  const configFile = path.join(dir, "nginx.conf");
  writeFileSync(configFile, config);
  await run(NGINX, ["-p", dir, "-e", `${dir}/error.log`, "-c", configFile]);
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/healthz`, 10_000);
  return {
    url,
    async stop() {
      const pid = Number(readFileSync(path.join(dir, "nginx.pid"), "utf8").trim());
      process.kill(pid, "SIGTERM");
      for (let i = 0; i < 50 && existsSync(path.join(dir, "nginx.pid")); i += 1) await sleep(100);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** JSON over fetch with an optional bearer token and client address. */
export async function api(
  base: string,
  method: string,
  pathname: string,
  { body, token, client }: { body?: unknown; token?: string; client?: string } = {},
): Promise<{ status: number; json: Record<string, unknown> }> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  if (client) headers["X-Forwarded-For"] = client;
  const response = await fetch(`${base}${pathname}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(15_000),
  });
  const text = await response.text();
  return { status: response.status, json: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

/**
 * Polls `pathname` on `base` until its HTML contains `text`; resolves with the milliseconds that
 * took, or undefined when `limitMs` passed first.
 */
export async function msUntilShown(base: string, pathname: string, text: string, limitMs: number): Promise<number | undefined> {
  const started = Date.now();
  while (Date.now() - started <= limitMs) {
    const response = await fetch(`${base}${pathname}`, { signal: AbortSignal.timeout(5_000) }).catch(() => undefined);
    if (response?.ok && (await response.text()).includes(text)) return Date.now() - started;
    await sleep(50);
  }
  return undefined;
}
