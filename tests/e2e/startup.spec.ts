import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "./fixtures";

function startWith(env: Record<string, string>) {
  const result = spawnSync("node", ["build/server.js"], {
    env: { ...process.env, NODE_ENV: "production", DATA_DIR: mkdtempSync(path.join(tmpdir(), "cfg-")), ...env },
    encoding: "utf8",
    timeout: 15_000,
  });
  return { status: result.status, stderr: result.stderr.trim() };
}

test("a bad PORT stops the start with one line naming it", () => {
  const { status, stderr } = startWith({ PORT: "abc" });
  expect(status).toBe(1);
  expect(stderr).toBe('Invalid configuration: PORT must be a whole number between 1 and 65535 (got "abc")');
});

test("a malformed DATABASE_URL stops the start with one line naming it", () => {
  const { status, stderr } = startWith({ PORT: "4399", DATABASE_URL: "postgres//missing-colon" });
  expect(status).toBe(1);
  expect(stderr.split("\n")).toHaveLength(1);
  expect(stderr).toMatch(/^Invalid configuration: DATABASE_URL must be a postgres:\/\/ or postgresql:\/\/ URL/);
});

test("SIGTERM drains the server and exits cleanly", async () => {
  const port = String(Number(process.env.E2E_PORT ?? 4311) + 50);
  const child = spawn("node", ["build/server.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: port,
      DATA_DIR: mkdtempSync(path.join(tmpdir(), "stop-")),
      ADMIN_PASSWORD: "a-long-test-password",
      LOG_LEVEL: "warn",
    },
  });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  await expect
    .poll(async () => (await fetch(`http://127.0.0.1:${port}/healthz`).catch(() => undefined))?.status, {
      timeout: 15_000,
    })
    .toBe(200);
  // A keep-alive connection stays open; the server must still stop promptly.
  const page = await fetch(`http://127.0.0.1:${port}/`);
  expect(page.status).toBe(200);
  child.kill("SIGTERM");
  expect(await exited).toBe(0);
  expect(output).toContain("SIGTERM received");
});
