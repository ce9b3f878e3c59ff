import path from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, SqliteDialect, sql, type Dialect, type SqliteDatabase } from "kysely";
import pg from "pg";
import { ensureWritableDirectory } from "../lifecycle/data-dir.server";
import { OwnSchemaPostgresDialect } from "./own-schema-dialect.server";
import type { Database } from "./schema";

export type DatabaseTarget =
  | { kind: "sqlite"; file: string }
  | { kind: "postgres"; url: string; schema?: string };

export type AppDatabase = Kysely<Database>;

export type DatabaseOptions = {
  /**
   * Told about errors of idle pooled connections (the server restarted or failed over). Without
   * a listener pg would throw them as an unhandled 'error' event and end the process.
   */
  onConnectionError?: (error: Error) => void;
};

/** Opens the database the configuration names: an embedded SQLite file or a PostgreSQL pool. */
export function createDatabase(target: DatabaseTarget, options: DatabaseOptions = {}): AppDatabase {
  return new Kysely<Database>({ dialect: createDialect(target, options) });
}

function createDialect(target: DatabaseTarget, { onConnectionError }: DatabaseOptions): Dialect {
  if (target.kind === "postgres") {
    const pool = new pg.Pool({
      connectionString: target.url,
      max: 10,
      // A database that does not answer fails the request (503) instead of queueing it forever.
      connectionTimeoutMillis: 5_000,
      // Tests isolate themselves in a schema of their own.
      options: target.schema ? `-c search_path=${target.schema}` : undefined,
    });
    // The broken connection leaves the pool by itself; the next query opens a new one. Idle
    // connections report through the pool, connections in use (a transaction between two
    // queries) through their own client: both need a listener.
    const report = (error: Error) => onConnectionError?.(error);
    pool.on("error", report);
    pool.on("connect", (client) => client.on("error", report));
    return new OwnSchemaPostgresDialect({ pool });
  }
  ensureWritableDirectory(path.dirname(target.file));
  const sqlite = new SQLite(target.file);
  // WAL lets readers proceed while one writer commits; busy_timeout makes several
  // processes sharing the file wait for the lock instead of failing.
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = NORMAL");
  sqlite.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  sqlite.pragma("foreign_keys = ON");
  // Deleted rows are overwritten, not left in free pages: what is deleted to be forgotten (a
  // day's analytics salt, decision 175; ended sessions) is gone from the file.
  sqlite.pragma("secure_delete = ON");
  for (const pragma of PLANNER_STATISTICS_PRAGMAS) sqlite.pragma(pragma);
  return new SqliteDialect({ database: withStatementCache(sqlite) });
}

const BUSY_TIMEOUT_MS = 5000;

/**
 * Empties SQLite's write-ahead log into the database file and truncates it: the log still holds
 * pages as they were before a delete until it is written over. Tried once, without waiting for
 * readers (better-sqlite3 would block the process meanwhile); a busy log is left for next time.
 * Nothing to do on PostgreSQL.
 */
export async function truncateWriteAheadLog(db: AppDatabase): Promise<void> {
  if (isPostgres(db)) return;
  // One connection held throughout: no other query runs while the timeout is 0.
  await db.connection().execute(async (connection) => {
    await sql`pragma busy_timeout = 0`.execute(connection);
    try {
      await sql`pragma wal_checkpoint(truncate)`.execute(connection);
    } finally {
      await sql.raw(`pragma busy_timeout = ${BUSY_TIMEOUT_MS}`).execute(connection);
    }
  });
}

/**
 * Gives SQLite's query planner statistics of the tables that have grown (`ANALYZE`, bounded rows
 * per index), as SQLite advises for long-lived connections: at open, then now and then (the
 * hourly maintenance). Without them it cannot tell that, say, the distinct categories of 10,000
 * posts are a skip through one index rather than a read of every post. PostgreSQL's autovacuum
 * keeps its own.
 */
const PLANNER_STATISTICS_PRAGMAS = ["analysis_limit = 10000", "optimize = 0x10002"];

export async function refreshPlannerStatistics(db: AppDatabase): Promise<void> {
  if (isPostgres(db)) return;
  for (const pragma of PLANNER_STATISTICS_PRAGMAS) await sql.raw(`pragma ${pragma}`).execute(db);
}

/** Distinct statements kept prepared; the queries here are a few dozen shapes. */
const MAX_PREPARED_STATEMENTS = 500;

/**
 * Kysely prepares every query anew; compiling the same SQL at every request was a few per cent of
 * a page's render (decision 076). A statement still busy (being iterated) is never handed out twice.
 */
function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  const prepared = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      const cached = prepared.get(sql);
      if (cached && !cached.busy) return cached;
      const statement = sqlite.prepare(sql);
      if (!cached) {
        if (prepared.size >= MAX_PREPARED_STATEMENTS) prepared.delete(prepared.keys().next().value!);
        prepared.set(sql, statement);
      }
      return statement;
    },
  };
}

export function isPostgres<T>(db: Kysely<T>): boolean {
  return db.getExecutor().adapter.constructor.name === "PostgresAdapter";
}
