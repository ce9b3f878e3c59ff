import fs from "node:fs";
import path from "node:path";
import { oneLine, StartupError } from "./startup-error.server";

/**
 * Makes sure `dir` exists and this process can write files in it, or throws a StartupError
 * naming DATA_DIR. Creates missing folders one level at a time: Node's recursive mkdir never
 * returns on some paths (under /proc it spins at full CPU).
 */
export function ensureWritableDirectory(dir: string, variable = "DATA_DIR"): void {
  const fail = (problem: string): never => {
    throw new StartupError(`${variable} ${dir} is not usable: ${problem}`);
  };
  const missing: string[] = [];
  let current = path.resolve(dir);
  while (!fs.existsSync(current)) {
    missing.unshift(current);
    const parent = path.dirname(current);
    if (parent === current) break;
    current = parent;
  }
  try {
    for (const folder of missing) fs.mkdirSync(folder);
  } catch (error) {
    fail(`cannot create it (${oneLine(error)})`);
  }
  if (!fs.statSync(dir).isDirectory()) fail("it is not a folder");
  const probe = path.join(dir, `.write-test-${process.pid}`);
  try {
    fs.writeFileSync(probe, "");
    fs.rmSync(probe);
  } catch (error) {
    fail(`cannot write in it (${oneLine(error)})`);
  }
}
