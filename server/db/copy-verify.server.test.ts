import { afterEach, describe, expect, test } from "vitest";
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from "../../tests/helpers/test-database";
import { copyDatabase, verifyCopy } from "./copy-database.server";

const now = new Date().toISOString();
const report = {
  id: "r1",
  reference: "VR-2026-ABCDEF",
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
  status: "new" as const,
  created_at: now,
  updated_at: now,
};

describe.each(testDatabaseKinds)("copy-db verification into %s", (targetKind) => {
  const opened: TestDatabase[] = [];
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((database) => database.destroy()));
  });

  test("a copy that differs in an attachment's bytes or a table's rows is reported, naming it", async () => {
    const sourceDatabase = await createTestDatabase("sqlite");
    opened.push(sourceDatabase);
    const source = sourceDatabase.db;
    const targetDatabase = await createTestDatabase(targetKind);
    opened.push(targetDatabase);
    const target = targetDatabase.db;
    const bytes = Buffer.from("%PDF-1.4 original bytes");
    await source.insertInto("security_reports").values(report).execute();
    await source
      .insertInto("report_attachments")
      .values({ id: "a1", report_id: "r1", position: 0, filename: "a.pdf", content_type: "application/pdf", size: bytes.length, sha256: "", data: bytes, created_at: now })
      .execute();
    expect(await copyDatabase(source, target)).toMatchObject({ security_reports: 1, report_attachments: 1 });

    await target.updateTable("report_attachments").set({ data: Buffer.from("%PDF-1.4 changed bytes!") }).execute();
    await expect(verifyCopy(source, target)).rejects.toThrow("Verification failed: attachment a1 differs from the source (SHA-256).");
    await target.deleteFrom("report_attachments").execute();
    await expect(verifyCopy(source, target)).rejects.toThrow(
      "Verification failed: report_attachments has 1 rows in the source but 0 in the copy.",
    );
  });
});
