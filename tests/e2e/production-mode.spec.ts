import { spawn } from "node:child_process";
import net from "node:net";
import { mkdtempSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "./fixtures";

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** Starts `node build/server.js` with the given environment; answers its URL, output and stop. */
async function start(env: Record<string, string>) {
  const port = String(await freePort());
  const dataDir = mkdtempSync(path.join(tmpdir(), "prod-mode-"));
  const child = spawn("node", ["build/server.js"], {
    env: { ...process.env, PORT: port, DATA_DIR: dataDir, LOG_LEVEL: "info", DATABASE_URL: "", ...env },
  });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  const url = `http://127.0.0.1:${port}`;
  await expect
    .poll(async () => (await fetch(`${url}/healthz`).catch(() => undefined))?.status, { timeout: 20_000 })
    .toBe(200);
  const stop = async () => {
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    await exited;
  };
  return { url, dataDir, output: () => output, stop };
}

test("the built server runs in production mode even with NODE_ENV=development: no development server, no project files", async () => {
  const server = await start({ NODE_ENV: "development", ADMIN_PASSWORD: "a-long-test-password" });
  try {
    for (const devPath of ["/@vite/client", "/server/app.ts", "/package.json", "/app/root.tsx"]) {
      const response = await fetch(`${server.url}${devPath}`);
      expect(response.status, devPath).toBe(404);
    }
    const home = await (await fetch(`${server.url}/`)).text();
    expect(home).not.toContain("/@vite/client");
    expect(home).toContain("/assets/");
  } finally {
    await server.stop();
  }
});

test("a generated first password is written to an owner-only file and never printed", async () => {
  const server = await start({ NODE_ENV: "production", ADMIN_PASSWORD: "" });
  try {
    const file = path.join(server.dataDir, "admin-password.txt");
    await expect.poll(() => server.output()).toContain(file);
    const password = readFileSync(file, "utf8").trim();
    expect(password).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(server.output()).not.toContain(password);
    const login = await fetch(`${server.url}/api/admin/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ password }),
    });
    expect(login.status).toBe(200);
  } finally {
    await server.stop();
  }
});
