import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { attachmentMessages } from "../../domain/report-attachments";
import { serveApi, testServices } from "../../tests/helpers/http-server";
import { pngOfSize, tinyPng, validReportFields } from "../../tests/helpers/sample-files";
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from "../../tests/helpers/test-database";
import type { AppDatabase } from "../db/database.server";
import { securityReportsRouter } from "./security-reports-api.server";
import {
  ATTACHMENT_CHUNK_BYTES,
  purgeClosedReportAttachments,
  readAttachmentBytes,
} from "./attachment-store.server";
import { quotaExceeded } from "./upload-quota.server";

const KB = 1024;
const MB = 1024 * KB;

function reportForm(files: Buffer[] = []): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(validReportFields())) form.append(name, value);
  files.forEach((bytes, index) => form.append(`attachment_${index}`, new Blob([new Uint8Array(bytes)]), `file-${index}.png`));
  return form;
}

async function stored(db: AppDatabase) {
  const count = async (table: "security_reports" | "report_attachments" | "report_attachment_chunks" | "mail_outbox") =>
    Number((await db.selectFrom(table).select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n);
  return {
    reports: await count("security_reports"),
    attachments: await count("report_attachments"),
    chunks: await count("report_attachment_chunks"),
    outbox: await count("mail_outbox"),
  };
}

describe.each(testDatabaseKinds)("report upload quotas and storage on %s", (kind) => {
  let database: TestDatabase | undefined;
  let closeServer: (() => Promise<void>) | undefined;
  const spoolRoot = mkdtempSync(path.join(tmpdir(), "dialogic-spool-test-"));
  const originalTmp = process.env.TMPDIR;
  afterEach(async () => {
    await closeServer?.();
    await database?.destroy();
    database = undefined;
    closeServer = undefined;
    if (originalTmp === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = originalTmp;
  });

  async function start(env: NodeJS.ProcessEnv = {}) {
    database = await createTestDatabase(kind);
    const services = testServices(database.db, { REPORT_RATE_LIMIT: "100", ...env });
    const server = await serveApi(services, [securityReportsRouter(services)]);
    closeServer = server.close;
    const submit = (body: FormData) => fetch(`${server.url}/security/reports`, { method: "POST", body });
    return { db: database.db, url: server.url, submit };
  }

  test("past the hourly byte cap a report gets 503 with Retry-After and a clear error, and nothing is stored", async () => {
    const { db, submit } = await start({ REPORT_UPLOAD_MB_PER_HOUR: "1" });
    expect((await submit(reportForm([pngOfSize(600 * KB)]))).status).toBe(201);
    const before = await stored(db);

    const refused = await submit(reportForm([pngOfSize(600 * KB)]));
    expect(refused.status).toBe(503);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await refused.json()).toEqual({ error: attachmentMessages.quotaReached });
    expect(await stored(db)).toEqual(before);

    // A report without attachments stores no bytes and still goes through.
    expect((await submit(reportForm())).status).toBe(201);
  });

  test("at the cap to the byte, reports without attachments still go through and any file is refused", async () => {
    const { db, submit } = await start({ REPORT_UPLOAD_MB_PER_HOUR: "1" });
    expect((await submit(reportForm([pngOfSize(MB - 100)]))).status).toBe(201);
    expect((await submit(reportForm())).status).toBe(201);
    const before = await stored(db);
    const refused = await submit(reportForm([tinyPng(200)]));
    expect(refused.status).toBe(503);
    expect(await stored(db)).toEqual(before);
  });

  test("the daily cap counts the last 24 hours, the hourly one only the last hour", async () => {
    const { db, submit } = await start();
    expect((await submit(reportForm([pngOfSize(300 * KB)]))).status).toBe(201);
    const quota = { bytesPerHour: 500 * KB, bytesPerDay: 700 * KB };
    const inTwoHours = new Date(Date.now() + 2 * 60 * 60 * 1000);
    expect(await quotaExceeded(db, quota, 300 * KB)).toBeDefined();
    expect(await quotaExceeded(db, quota, 300 * KB, inTwoHours)).toBeUndefined();
    const overDaily = await quotaExceeded(db, quota, 500 * KB, inTwoHours);
    expect(overDaily!.retryAfterSeconds).toBeGreaterThan(20 * 60 * 60);
    expect(await quotaExceeded(db, quota, 500 * KB, new Date(Date.now() + 25 * 60 * 60 * 1000))).toBeUndefined();
  });

  test("past the cap on concurrent uploads a report gets 503 with Retry-After while the first completes", async () => {
    const { db, url, submit } = await start({ REPORT_CONCURRENT_UPLOADS: "1" });
    // The first upload sends its head and then waits, holding its place.
    const form = new Response(reportForm([tinyPng()]));
    const body = Buffer.from(await form.arrayBuffer());
    const target = new URL(`${url}/security/reports`);
    let answerFirst!: (status: number) => void;
    const firstAnswered = new Promise<number>((resolve) => (answerFirst = resolve));
    const first = http.request(
      { host: target.hostname, port: target.port, path: target.pathname, method: "POST", headers: {
        "content-type": form.headers.get("content-type")!, "content-length": String(body.length) } },
      (res) => {
        res.resume();
        answerFirst(res.statusCode!);
      },
    );
    first.write(body.subarray(0, 200));
    await new Promise((resolve) => setTimeout(resolve, 200));

    const busy = await submit(reportForm([tinyPng()]));
    expect(busy.status).toBe(503);
    expect(busy.headers.get("retry-after")).toBe("30");
    expect(await busy.json()).toEqual({ error: attachmentMessages.busy });

    first.end(body.subarray(200));
    expect(await firstAnswered).toBe(201);
    expect((await stored(db)).reports).toBe(1);
    expect((await submit(reportForm([tinyPng()]))).status).toBe(201);
  });

  test("a large file is stored in chunks from a private spool file that is removed afterwards", async () => {
    const spool = mkdtempSync(path.join(spoolRoot, "run-"));
    const { db, submit } = await start();
    process.env.TMPDIR = spool;
    const bytes = pngOfSize(ATTACHMENT_CHUNK_BYTES * 3 + 1234);
    const response = await submit(reportForm([bytes]));
    expect(response.status).toBe(201);
    const counts = await stored(db);
    expect(counts).toMatchObject({ attachments: 1, chunks: 3 });
    const attachment = await db.selectFrom("report_attachments").select("id").executeTakeFirstOrThrow();
    expect(Buffer.compare(await readAttachmentBytes(db, attachment.id), bytes)).toBe(0);
    expect(readdirSync(spool).filter((name) => name.startsWith("dialogic-report-"))).toEqual([]);
  });

  test("purging removes the attachments of reports closed longer ago than the retention, and only those", async () => {
    const { db, submit } = await start();
    for (let index = 0; index < 3; index += 1) {
      expect((await submit(reportForm([pngOfSize(ATTACHMENT_CHUNK_BYTES + 10)]))).status).toBe(201);
    }
    const reports = await db.selectFrom("security_reports").select("id").orderBy("id").execute();
    const longAgo = new Date(Date.now() - 40 * 24 * 60 * 60 * 1000).toISOString();
    const recently = new Date(Date.now() - 5 * 24 * 60 * 60 * 1000).toISOString();
    await db.updateTable("security_reports").set({ status: "resolved", updated_at: longAgo }).where("id", "=", reports[0]!.id).execute();
    await db.updateTable("security_reports").set({ status: "new", updated_at: longAgo }).where("id", "=", reports[1]!.id).execute();
    await db.updateTable("security_reports").set({ status: "not_applicable", updated_at: recently }).where("id", "=", reports[2]!.id).execute();

    const purged = await purgeClosedReportAttachments(db, 30);
    expect(purged).toEqual({ attachments: 1, bytes: ATTACHMENT_CHUNK_BYTES + 10 });
    const left = await db.selectFrom("report_attachments").select("report_id").orderBy("report_id").execute();
    expect(left.map((row) => row.report_id)).toEqual([reports[1]!.id, reports[2]!.id]);
    expect(await stored(db)).toMatchObject({ reports: 3, attachments: 2, chunks: 2 });
  });
});

test("`npm run admin -- purge-attachments --older-than N` purges and says how much", () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "dialogic-purge-cli-"));
  try {
    const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" };
    const run = (args: string[]) =>
      spawnSync(process.execPath, ["--import", "tsx", "server/cli.ts", ...args], { env, encoding: "utf8" });
    const ok = run(["purge-attachments", "--older-than", "30"]);
    expect(ok.stderr).toBe("");
    expect(ok.stdout.trim()).toBe("Purged 0 attachments (0 B) of reports closed more than 30 days ago.");
    const bad = run(["purge-attachments", "--older-than", "soon"]);
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain("--older-than <days>");
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});
