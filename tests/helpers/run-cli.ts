import { spawn } from "node:child_process";
import path from "node:path";
import type { DatabaseTarget } from "../../server/db/database.server";

/** The environment that points the CLI (another process) at a test database. */
export function cliEnv(target: DatabaseTarget, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: "silent", ...extra };
  delete env.DATABASE_URL;
  if (target.kind === "sqlite") return { ...env, DATA_DIR: path.dirname(target.file) };
  const url = new URL(target.url);
  url.searchParams.set("options", `-c search_path=${target.schema}`);
  return { ...env, DATABASE_URL: url.toString() };
}

/** `npm run admin -- <args>` as an operator runs it: its exit code and everything it printed. */
export function runCli(args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", "server/cli.ts", ...args], { env });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.once("exit", (code) => resolve({ code, output }));
  });
}
