import { sql } from "kysely";
import type { AppDatabase, DatabaseTarget } from "../db/database.server";
import { isPostgres } from "../db/database.server";
import { isDatabaseUnavailable } from "../db/database-errors.server";
import { oneLine, StartupError } from "./startup-error.server";

export type ConnectOptions = {
  /** Tries before giving up (DATABASE_CONNECT_ATTEMPTS); the database may be starting too. */
  attempts: number;
  delayMs: number;
  /** Told once per failed attempt that will be retried. */
  report: (line: string) => void;
};

/**
 * Waits until the database answers, retrying a bounded number of times while it is unreachable
 * (it may be starting with us). A refusal that waiting cannot fix (wrong password, no such
 * database) ends at once. Either way the StartupError is one line naming the database, never its
 * credentials.
 */
export async function connectAtStart(db: AppDatabase, target: DatabaseTarget, options: ConnectOptions): Promise<void> {
  const where = describeTarget(target);
  for (let attempt = 1; ; attempt += 1) {
    try {
      await sql`select 1`.execute(db);
      return;
    } catch (error) {
      if (!isDatabaseUnavailable(error)) {
        throw new StartupError(`The database ${where} refused the connection: ${oneLine(error)}`);
      }
      if (attempt >= options.attempts) {
        throw new StartupError(
          `The database ${where} is not reachable (${oneLine(error)}); gave up after ${attempt} attempt${attempt === 1 ? "" : "s"}`,
        );
      }
      options.report(
        `The database ${where} is not reachable (${oneLine(error)}); attempt ${attempt} of ${options.attempts}, retrying in ${Math.round(options.delayMs / 1000)} s`,
      );
      await new Promise((resolve) => setTimeout(resolve, options.delayMs));
    }
  }
}

/** Where the database is, for messages: host, port and name only, or the SQLite file. */
export function describeTarget(target: DatabaseTarget): string {
  if (target.kind === "sqlite") return `file ${target.file}`;
  try {
    const url = new URL(target.url);
    return `at ${url.hostname}:${url.port || 5432}${url.pathname}`;
  } catch {
    return "at DATABASE_URL";
  }
}

/** Any number below 2^31 that names the site's start-up lock on PostgreSQL. */
const STARTUP_LOCK_KEY = 7_240_512;

/**
 * Runs the start-up work (migrations, the admin password) while holding a PostgreSQL advisory
 * lock, so processes starting at once do it one after the other: the first migrates, the others
 * find nothing left to do. SQLite serialises writers itself.
 */
export async function withStartupLock<T>(db: AppDatabase, work: (db: AppDatabase) => Promise<T>): Promise<T> {
  if (!isPostgres(db)) return work(db);
  return db.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(${STARTUP_LOCK_KEY})`.execute(connection);
    try {
      return await work(connection);
    } finally {
      await sql`select pg_advisory_unlock(${STARTUP_LOCK_KEY})`.execute(connection);
    }
  });
}
