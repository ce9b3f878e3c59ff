import crypto from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { createDatabase, type AppDatabase, type DatabaseTarget } from "../../server/db/database.server";
import { migrateToLatest } from "../../server/db/migrate.server";

export type TestDatabaseKind = "sqlite" | "postgres";

/** SQLite always; PostgreSQL too when TEST_DATABASE_URL names a server. */
export const testDatabaseKinds: TestDatabaseKind[] = process.env.TEST_DATABASE_URL
  ? ["sqlite", "postgres"]
  : ["sqlite"];

export type TestDatabase = {
  db: AppDatabase;
  /** Where it is, for a separate process (the CLI) to open it too. */
  target: DatabaseTarget;
  /** Opens another connection (pool) to the same database, as a second app process would. */
  connectAgain: () => AppDatabase;
  destroy: () => Promise<void>;
};

/**
 * A fresh, migrated database of the given kind: a new SQLite file, or a new schema on the
 * PostgreSQL server, dropped again by `destroy`.
 */
export async function createTestDatabase(kind: TestDatabaseKind): Promise<TestDatabase> {
  if (kind === "sqlite") {
    const dir = mkdtempSync(path.join(tmpdir(), "dialogic-test-"));
    const target = { kind: "sqlite", file: path.join(dir, "site.db") } as const;
    const db = createDatabase(target);
    await migrateToLatest(db);
    const others: AppDatabase[] = [];
    return {
      db,
      target,
      connectAgain: () => track(others, createDatabase(target)),
      destroy: async () => {
        await Promise.all(others.map((other) => other.destroy()));
        await db.destroy();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error("TEST_DATABASE_URL is not set");
  const schema = `test_${crypto.randomBytes(6).toString("hex")}`;
  await withClient(url, (client) => client.query(`create schema ${schema}`));
  const target = { kind: "postgres", url, schema } as const;
  const db = createDatabase(target);
  const others: AppDatabase[] = [];
  const destroy = async () => {
    await Promise.all(others.map((other) => other.destroy()));
    await db.destroy();
    await withClient(url, (client) => client.query(`drop schema ${schema} cascade`));
  };
  try {
    await migrateToLatest(db);
  } catch (error) {
    // No schema is left behind by a failed set-up.
    await destroy();
    throw error;
  }
  return { db, target, connectAgain: () => track(others, createDatabase(target)), destroy };
}

/**
 * A new, empty schema on the PostgreSQL server at `url`, for a server process of its own: the
 * DATABASE_URL to give it (its search_path set to the schema), and the schema's removal.
 */
export async function throwawaySchema(url: string): Promise<{ databaseUrl: string; drop: () => Promise<void> }> {
  const schema = `test_${crypto.randomBytes(6).toString("hex")}`;
  await withClient(url, (client) => client.query(`create schema ${schema}`));
  const databaseUrl = new URL(url);
  databaseUrl.searchParams.set("options", `-c search_path=${schema}`);
  return {
    databaseUrl: databaseUrl.toString(),
    drop: async () => {
      await withClient(url, (client) => client.query(`drop schema ${schema} cascade`));
    },
  };
}

async function withClient<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

function track(list: AppDatabase[], db: AppDatabase): AppDatabase {
  list.push(db);
  return db;
}
