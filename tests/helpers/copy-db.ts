import { afterEach } from "vitest";
import type { Insertable } from "kysely";
import type { SecurityReportsTable } from "../../server/db/schema";
import { createTestDatabase, type TestDatabase, type TestDatabaseKind } from "./test-database";

/**
 * The opening of a copy-db test: called in a `describe` block, it returns `open(kind)`, which gives
 * a fresh migrated database of that kind, destroyed after the test.
 */
export function copyDbDatabases() {
  const opened: TestDatabase[] = [];
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((database) => database.destroy()));
  });
  return async function open(kind: TestDatabaseKind) {
    const database = await createTestDatabase(kind);
    opened.push(database);
    return database.db;
  };
}

/** A stored security report (id "r1") for a copy to carry over. */
export function reportRow(reference: string, now: string): Insertable<SecurityReportsTable> {
  return {
    id: "r1",
    reference,
    reporter_name: "Ada",
    reporter_email: "ada@example.com",
    company: "",
    asset_affected: "app",
    vulnerability_title: "Title",
    vrt_category: "Other",
    vrt_subcategory: "other",
    weakness_type: "Design",
    severity: "Low",
    description: "d".repeat(60),
    reproduction_steps: "steps",
    impact: "impact",
    status: "new",
    created_at: now,
    updated_at: now,
  };
}
