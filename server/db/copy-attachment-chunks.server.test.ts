import crypto from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { copyDbDatabases, reportRow } from "../../tests/helpers/copy-db";
import { testDatabaseKinds } from "../../tests/helpers/test-database";
import { ATTACHMENT_CHUNK_BYTES, insertAttachment, readAttachmentBytes } from "../reports/attachment-store.server";
import { copyDatabase } from "./copy-database.server";
import { SITE_COPY_STEPS } from "../copy-steps.server";

describe.each(testDatabaseKinds)("copy-db of chunked attachments from SQLite to %s", (targetKind) => {
  const open = copyDbDatabases();
  const dir = mkdtempSync(path.join(tmpdir(), "dialogic-chunks-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  test("a file stored in several chunks arrives byte-identical", async () => {
    const source = await open("sqlite");
    const target = await open(targetKind);
    const now = new Date().toISOString();
    await source.insertInto("security_reports").values(reportRow("VR-2026-CHUNKS", now)).execute();
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
    await insertAttachment(source, facts, file);
    rmSync(file);

    const counts = await copyDatabase(source, target, SITE_COPY_STEPS);
    expect(counts).toMatchObject({ report_attachments: 1, report_attachment_chunks: 2 });
    expect(Buffer.compare(await readAttachmentBytes(target, "a1"), bytes)).toBe(0);
  });
});
