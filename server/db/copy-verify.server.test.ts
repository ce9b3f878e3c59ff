import crypto from "node:crypto";
import { describe, expect, test } from "vitest";
import { copyDbDatabases, reportRow } from "../../tests/helpers/copy-db";
import { testDatabaseKinds } from "../../tests/helpers/test-database";
import { copyDatabase, verifyCopy } from "./copy-database.server";
import { SITE_COPY_STEPS } from "../copy-steps.server";

const now = new Date().toISOString();
const report = reportRow("VR-2026-ABCDEF", now);

describe.each(testDatabaseKinds)("copy-db verification into %s", (targetKind) => {
  const open = copyDbDatabases();

  test("a copy that differs in an attachment's bytes or a table's rows is reported, naming it", async () => {
    const source = await open("sqlite");
    const target = await open(targetKind);
    const bytes = Buffer.from("%PDF-1.4 original bytes");
    await source.insertInto("security_reports").values(report).execute();
    await source
      .insertInto("report_attachments")
      .values({ id: "a1", report_id: "r1", position: 0, filename: "a.pdf", content_type: "application/pdf", size: bytes.length, sha256: crypto.createHash("sha256").update(bytes).digest("hex"), data: bytes, created_at: now })
      .execute();
    expect(await copyDatabase(source, target, SITE_COPY_STEPS)).toMatchObject({ security_reports: 1, report_attachments: 1 });

    await target.updateTable("report_attachments").set({ data: Buffer.from("%PDF-1.4 changed bytes!") }).execute();
    await expect(verifyCopy(source, target, SITE_COPY_STEPS)).rejects.toThrow("Verification failed: attachment a1 differs from the source (SHA-256).");
    await target.deleteFrom("report_attachments").execute();
    await expect(verifyCopy(source, target, SITE_COPY_STEPS)).rejects.toThrow(
      "Verification failed: report_attachments has 1 rows in the source but 0 in the copy.",
    );
  });

  test("a later chunk of a file counts as much as its first", async () => {
    const source = await open("sqlite");
    const target = await open(targetKind);
    const [first, second] = [Buffer.from("%PDF-1.4 first chunk "), Buffer.from("second chunk")];
    const sha256 = crypto.createHash("sha256").update(first).update(second).digest("hex");
    await source.insertInto("security_reports").values(report).execute();
    await source
      .insertInto("report_attachments")
      .values({ id: "a2", report_id: "r1", position: 0, filename: "b.pdf", content_type: "application/pdf", size: first.length + second.length, sha256, data: first, created_at: now })
      .execute();
    await source.insertInto("report_attachment_chunks").values({ id: "a2:1", attachment_id: "a2", position: 1, data: second }).execute();
    await copyDatabase(source, target, SITE_COPY_STEPS);

    await target.updateTable("report_attachment_chunks").set({ data: Buffer.from("second chunX") }).execute();
    await expect(verifyCopy(source, target, SITE_COPY_STEPS)).rejects.toThrow("Verification failed: attachment a2 differs from the source (SHA-256).");
  });
});
