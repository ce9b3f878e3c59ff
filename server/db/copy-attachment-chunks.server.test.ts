import crypto from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, describe, expect, test } from "vitest";
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from "../../tests/helpers/test-database";
import { ATTACHMENT_CHUNK_BYTES, insertAttachment, readAttachmentBytes } from "../reports/attachment-store.server";
import { copyDatabase } from "./copy-database.server";

describe.each(testDatabaseKinds)("copy-db of chunked attachments from SQLite to %s", (targetKind) => {
  const opened: TestDatabase[] = [];
  const dir = mkdtempSync(path.join(tmpdir(), "dialogic-chunks-"));
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((database) => database.destroy()));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  test("a file stored in several chunks arrives byte-identical", async () => {
    const source = await createTestDatabase("sqlite");
    const target = await createTestDatabase(targetKind);
    opened.push(source, target);
    const now = new Date().toISOString();
    await source.db
      .insertInto("security_reports")
      .values({
        id: "r1",
        reference: "VR-2026-CHUNKS",
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
      })
      .execute();
    const bytes = crypto.randomBytes(ATTACHMENT_CHUNK_BYTES * 2 + 17);
    const file = path.join(dir, `${targetKind}.bin`);
    writeFileSync(file, bytes);
    const facts = {
      id: "a1",
      reportId: "r1",
      position: 0,
      filename: "capture.png",
      contentType: "image/png",
      size: bytes.length,
      sha256: crypto.createHash("sha256").update(bytes).digest("hex"),
      createdAt: now,
    };
    await insertAttachment(source.db, facts, file);
    rmSync(file);

    const counts = await copyDatabase(source.db, target.db);
    expect(counts).toMatchObject({ report_attachments: 1, report_attachment_chunks: 2 });
    expect(Buffer.compare(await readAttachmentBytes(target.db, "a1"), bytes)).toBe(0);
  });
});
