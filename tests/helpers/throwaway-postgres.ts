import { execFile, spawnSync } from "node:child_process";
import { promisify } from "node:util";
import { chownSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const BIN = "/usr/lib/postgresql/15/bin";
const run = promisify(execFile);

export type ThrowawayPostgres = {
  url: string;
  port: number;
  /** Fast shutdown: every connection is ended, as in a restart or failover. */
  stop: () => Promise<void>;
  start: () => Promise<void>;
  destroy: () => Promise<void>;
};

/** Why a throwaway PostgreSQL server cannot be started here, or undefined when it can. */
export function throwawayPostgresMissing(): string | undefined {
  if (!existsSync(path.join(BIN, "initdb"))) return `PostgreSQL 15's initdb is not at ${BIN}`;
  if (process.getuid?.() === 0 && spawnSync("id", ["-u", "postgres"]).status !== 0) {
    return "running as root without a postgres user to run initdb as";
  }
  return undefined;
}

/**
 * A PostgreSQL server of its own (initdb and pg_ctl in a temporary folder, on `port`, loopback
 * only, trust authentication) that a test may stop and start. initdb refuses to run as root, so
 * under root it runs as the postgres user, which then owns the folder.
 */
export async function startThrowawayPostgres(port: number): Promise<ThrowawayPostgres> {
  const dir = mkdtempSync(path.join(tmpdir(), "dialogic-pg-"));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const { uid, gid } = postgresIds();
    chownSync(dir, uid, gid);
  }
  const data = path.join(dir, "data");
  const command = (program: string, args: string[]) =>
    asRoot ? (["runuser", ["-u", "postgres", "--", program, ...args]] as const) : ([program, args] as const);
  const [initProgram, initArgs] = command(path.join(BIN, "initdb"), ["-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync"]);
  const init = spawnSync(initProgram, [...initArgs], { encoding: "utf8", cwd: dir });
  if (init.status !== 0) throw new Error(`initdb failed: ${init.stderr || init.stdout}`);
  const pgCtl = async (args: string[]) => {
    const [program, full] = command(path.join(BIN, "pg_ctl"), args);
    await run(program, [...full], { cwd: dir });
  };
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const start = () => pgCtl(["-D", data, "-o", options, "-l", path.join(dir, "log"), "-w", "start"]);
  const stop = () => pgCtl(["-D", data, "-m", "fast", "-w", "stop"]);
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    start,
    stop,
    async destroy() {
      await stop().catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function postgresIds(): { uid: number; gid: number } {
  const uid = Number(spawnSync("id", ["-u", "postgres"], { encoding: "utf8" }).stdout.trim());
  const gid = Number(spawnSync("id", ["-g", "postgres"], { encoding: "utf8" }).stdout.trim());
  return { uid, gid };
}
