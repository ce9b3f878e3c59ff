import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { attachmentMessages } from "../../domain/report-attachments";
import { serveApi, testServices } from "../../tests/helpers/http-server";
import { openRawConnection } from "../../tests/helpers/raw-http";
import { pngOfSize, tinyPng, validReportFields } from "../../tests/helpers/sample-files";
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from "../../tests/helpers/test-database";
import type { AppDatabase } from "../db/database.server";
import { securityReportsRouter } from "./security-reports-api.server";
import {
  ATTACHMENT_CHUNK_BYTES,
  purgeClosedReportAttachments,
  readAttachmentBytes,
} from "./attachment-store.server";
import type { UploadLimits } from "./report-upload.server";
import { clientQuotaExceeded, forgetUploadClients, quotaExceeded, uploadClientHash } from "./upload-quota.server";

const KB = 1024;
const MB = 1024 * KB;

function reportForm(files: Buffer[] = []): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(validReportFields())) form.append(name, value);
  files.forEach((bytes, index) => form.append(`attachment_${index}`, new Blob([new Uint8Array(bytes)]), `file-${index}.png`));
  return form;
}

/** A multipart request's bytes and content type, for clients that send bodies by hand. */
async function multipart(form: FormData): Promise<{ body: Buffer; contentType: string }> {
  const request = new Response(form);
  return { body: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get("content-type")! };
}

/**
 * Posts a report from a loopback address of the test's choosing (127.0.0.2, 127.0.0.3…): a
 * separate client as the server sees it, without any proxy header.
 */
async function submitFrom(localAddress: string, url: string, form: FormData) {
  const { body, contentType } = await multipart(form);
  const target = new URL(`${url}/security/reports`);
  return new Promise<{ status: number; retryAfter: string | undefined; json: unknown }>((resolve, reject) => {
    const request = http.request(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        method: "POST",
        localAddress,
        agent: false,
        headers: { "content-type": contentType, "content-length": String(body.length) },
      },
      (response) => {
        const pieces: Buffer[] = [];
        response.on("data", (piece: Buffer) => pieces.push(piece));
        response.on("end", () =>
          resolve({
            status: response.statusCode!,
            retryAfter: response.headers["retry-after"],
            json: JSON.parse(Buffer.concat(pieces).toString("utf8")) as unknown,
          }),
        );
      },
    );
    request.on("error", reject);
    request.end(body);
  });
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

  async function start(env: NodeJS.ProcessEnv = {}, limits?: Partial<UploadLimits>) {
    database = await createTestDatabase(kind);
    const services = testServices(database.db, { REPORT_RATE_LIMIT: "100", ...env });
    const server = await serveApi(services, [securityReportsRouter(services, { limits })]);
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

  test("one client past its own byte quota gets 429 with Retry-After while another client still uploads", async () => {
    const { db, url } = await start({ REPORT_CLIENT_UPLOAD_MB_PER_HOUR: "1", REPORT_CLIENT_UPLOAD_MB_PER_DAY: "2" });
    const [first, second] = ["127.0.0.2", "127.0.0.3"];
    expect((await submitFrom(first, url, reportForm([pngOfSize(600 * KB)]))).status).toBe(201);
    const before = await stored(db);

    const refused = await submitFrom(first, url, reportForm([pngOfSize(600 * KB)]));
    expect(refused.status).toBe(429);
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    expect(Number(refused.retryAfter)).toBeLessThanOrEqual(3600);
    expect(refused.json).toEqual({ error: attachmentMessages.clientQuotaReached });
    expect(await stored(db)).toEqual(before);
    // Refused before its body is read when the declared length alone is over.
    const early = await submitFrom(first, url, reportForm([pngOfSize(2 * MB)]));
    expect(early.status).toBe(429);
    expect(await stored(db)).toEqual(before);

    // Another client has a quota of its own, and the first can still report without files.
    expect((await submitFrom(second, url, reportForm([pngOfSize(600 * KB)]))).status).toBe(201);
    expect((await submitFrom(first, url, reportForm())).status).toBe(201);

    // Stored per attachment as a hash of the client key, never the address itself.
    const senders = await db.selectFrom("report_attachments").select("client_hash").execute();
    expect(new Set(senders.map((row) => row.client_hash))).toEqual(new Set([uploadClientHash(first), uploadClientHash(second)]));
    expect(JSON.stringify(senders)).not.toContain("127.0.0");
  });

  test("a client's daily byte quota counts the last 24 hours, and its hash is forgotten after them", async () => {
    const { db, url } = await start();
    expect((await submitFrom("127.0.0.2", url, reportForm([pngOfSize(300 * KB)]))).status).toBe(201);
    const client = uploadClientHash("127.0.0.2");
    const quota = { clientBytesPerHour: 500 * KB, clientBytesPerDay: 700 * KB };
    const inTwoHours = new Date(Date.now() + 2 * 60 * 60 * 1000);
    const inADay = new Date(Date.now() + 25 * 60 * 60 * 1000);
    expect(await clientQuotaExceeded(db, quota, client, 300 * KB)).toBeDefined();
    expect(await clientQuotaExceeded(db, quota, uploadClientHash("127.0.0.3"), 300 * KB)).toBeUndefined();
    expect(await clientQuotaExceeded(db, quota, client, 300 * KB, inTwoHours)).toBeUndefined();
    const overDaily = await clientQuotaExceeded(db, quota, client, 500 * KB, inTwoHours);
    expect(overDaily!.retryAfterSeconds).toBeGreaterThan(20 * 60 * 60);
    expect(await clientQuotaExceeded(db, quota, client, 500 * KB, inADay)).toBeUndefined();

    expect(await forgetUploadClients(db)).toBe(0);
    expect(await forgetUploadClients(db, inADay)).toBe(1);
    const row = await db.selectFrom("report_attachments").select(["client_hash", "size"]).executeTakeFirstOrThrow();
    expect(row.client_hash).toBeNull();
    // The site-wide count keeps the bytes.
    expect(await quotaExceeded(db, { bytesPerHour: 400 * KB, bytesPerDay: 4 * MB }, 200 * KB)).toBeDefined();
  });

  test("an upload that stalls is cut after the idle limit with 408, nothing stored, and its slot freed at once", async () => {
    const spool = mkdtempSync(path.join(spoolRoot, "run-"));
    const { db, url, submit } = await start({ REPORT_CONCURRENT_UPLOADS: "1" }, { idleTimeoutMs: 300, bodyTimeoutMs: 10_000 });
    const { body, contentType } = await multipart(reportForm([pngOfSize(64 * KB)]));
    const fileStarts = body.indexOf(Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    expect(fileStarts).toBeGreaterThan(0);
    process.env.TMPDIR = spool;
    const started = Date.now();
    const stalled = openRawConnection(
      url,
      Buffer.concat([
        Buffer.from(
          `POST /api/security/reports HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: ${contentType}\r\nContent-Length: ${body.length}\r\n\r\n`,
        ),
        // The text fields and the first bytes of the file, which start being spooled.
        body.subarray(0, fileStarts + 1000),
      ]),
    );
    const answer = await stalled.answer;
    const waited = Date.now() - started;
    expect(answer?.status).toBe(408);
    expect(JSON.parse(answer!.body)).toEqual({ error: attachmentMessages.uploadTimedOut });
    expect(answer!.headers.connection).toBe("close");
    expect(waited).toBeGreaterThanOrEqual(250);
    expect(waited).toBeLessThan(3000);
    expect(readdirSync(spool).filter((name) => name.startsWith("dialogic-report-"))).toEqual([]);

    // The only upload slot is free again: the next report goes through, and the stalled one
    // left nothing behind. The connection is closed after the answer.
    expect((await submit(reportForm([tinyPng()]))).status).toBe(201);
    expect(await stored(db)).toMatchObject({ reports: 1, attachments: 1 });
    await stalled.closed;
  });

  test("an upload that trickles past the total limit is cut with 408 however steadily it sends", async () => {
    const { db, url, submit } = await start({ REPORT_CONCURRENT_UPLOADS: "1" }, { idleTimeoutMs: 1_000, bodyTimeoutMs: 800 });
    const { body, contentType } = await multipart(reportForm([pngOfSize(64 * KB)]));
    const started = Date.now();
    const trickling = openRawConnection(
      url,
      `POST /api/security/reports HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: ${contentType}\r\nContent-Length: ${body.length}\r\n\r\n`,
    );
    let sent = 0;
    const drip = setInterval(() => {
      trickling.write(body.subarray(sent, sent + 50));
      sent += 50;
    }, 100);
    try {
      const answer = await trickling.answer;
      expect(answer?.status).toBe(408);
      expect(JSON.parse(answer!.body)).toEqual({ error: attachmentMessages.uploadTimedOut });
      const waited = Date.now() - started;
      expect(waited).toBeGreaterThanOrEqual(750);
      expect(waited).toBeLessThan(3000);
    } finally {
      clearInterval(drip);
      trickling.destroy();
    }
    expect((await submit(reportForm([tinyPng()]))).status).toBe(201);
    expect(await stored(db)).toMatchObject({ reports: 1, attachments: 1 });
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
