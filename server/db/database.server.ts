import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, PostgresDialect, SqliteDialect, type Dialect } from "kysely";
import pg from "pg";
import type { Database } from "./schema";

export type DatabaseTarget =
  | { kind: "sqlite"; file: string }
  | { kind: "postgres"; url: string; schema?: string };

export type AppDatabase = Kysely<Database>;

/** Opens the database the configuration names: an embedded SQLite file or a PostgreSQL pool. */
export function createDatabase(target: DatabaseTarget): AppDatabase {
  return new Kysely<Database>({ dialect: createDialect(target) });
}

function createDialect(target: DatabaseTarget): Dialect {
  if (target.kind === "postgres") {
    const pool = new pg.Pool({
      connectionString: target.url,
      max: 10,
      // Tests isolate themselves in a schema of their own.
      options: target.schema ? `-c search_path=${target.schema}` : undefined,
    });
    return new PostgresDialect({ pool });
  }
  fs.mkdirSync(path.dirname(target.file), { recursive: true });
  const sqlite = new SQLite(target.file);
  // WAL lets readers proceed while one writer commits; busy_timeout makes several
  // processes sharing the file wait for the lock instead of failing.
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = NORMAL");
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma("foreign_keys = ON");
  return new SqliteDialect({ database: sqlite });
}

export function isPostgres<T>(db: Kysely<T>): boolean {
  return db.getExecutor().adapter.constructor.name === "PostgresAdapter";
}
