import { afterEach } from "vitest";
import type { AppDatabase } from "../../server/db/database.server";
import { createTestDatabase, type TestDatabase, type TestDatabaseKind } from "./test-database";

/**
 * For a `describe.each(testDatabaseKinds)` block: a function that opens a fresh, migrated database
 * of `kind`, each one destroyed after the test that opened it.
 */
export function databasesPerTest(kind: TestDatabaseKind): () => Promise<AppDatabase> {
  const opened: TestDatabase[] = [];
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((database) => database.destroy()));
  });
  return async () => {
    const database = await createTestDatabase(kind);
    opened.push(database);
    return database.db;
  };
}
