import crypto from "node:crypto";
import { describe, expect, test } from "vitest";
import { REPORT_REFERENCE_PATTERN } from "../../domain/vulnerability-report";
import {
  elfExecutable,
  pngOfSize,
  tinyPdf,
  tinyPng,
  validReportFields,
  windowsExecutable,
} from "../../tests/helpers/sample-files";
import { apiTestServer } from "../../tests/helpers/api-test-server";
import { testDatabaseKinds } from "../../tests/helpers/test-database";
import { ensureAdminPassword, login } from "../auth/admin-auth.server";
import type { AppDatabase } from "../db/database.server";
import { DEFAULT_UPLOAD_LIMITS, type UploadLimits } from "./report-upload.server";
import { triageApiRouter } from "../disclosure/triage-api.server";
import { contentDisposition } from "./attachment-responses.server";
import { securityReportsRouter } from "./security-reports-api.server";

const MB = 1024 * 1024;
const PASSWORD = "correct horse battery staple";

type UploadFile = { name: string; bytes: Buffer; type?: string };

function sha256(bytes: Buffer | Uint8Array): string {
  return crypto.createHash("sha256").update(bytes).digest("hex");
}

function reportForm(fields: Record<string, string>, files: UploadFile[] = []): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  files.forEach((file, index) => {
    form.append(`attachment_${index}`, new Blob([new Uint8Array(file.bytes)], { type: file.type ?? "application/octet-stream" }), file.name);
  });
  return form;
}

async function counts(db: AppDatabase) {
  const count = async (table: "security_reports" | "report_attachments" | "mail_outbox") => {
    const row = await db.selectFrom(table).select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow();
    return Number(row.n);
  };
  return {
    reports: await count("security_reports"),
    attachments: await count("report_attachments"),
    outbox: await count("mail_outbox"),
  };
}

const NOTHING = { reports: 0, attachments: 0, outbox: 0 };

describe.each(testDatabaseKinds)("security reports API on %s", (kind) => {
  const server = apiTestServer(kind);

  async function start(env: NodeJS.ProcessEnv = {}, limits?: UploadLimits) {
    const { db, url } = await server.start({
      env: { REPORT_RATE_LIMIT: "100", ...env },
      routers: (services) => [securityReportsRouter(services, { limits }), triageApiRouter(services)],
    });
    const submit = (body: FormData | string, headers: Record<string, string> = {}) =>
      fetch(`${url}/security/reports`, { method: "POST", body, headers });
    async function adminToken() {
      await ensureAdminPassword(db, PASSWORD);
      const session = await login(db, PASSWORD);
      return session!.token;
    }
    const adminGet = (path: string, token: string) =>
      fetch(`${url}/admin/security/reports${path}`, { headers: { authorization: `Bearer ${token}` } });
    return { db, url, submit, adminToken, adminGet };
  }

  test("a valid report with a PNG and a TXT is stored with both outbox emails in one go", async () => {
    const { db, submit } = await start();
    const png = tinyPng();
    const text = Buffer.from("curl -i 'https://app.example/login?next=%3Cscript%3E'\nréponse: 200 OK ✓\n");
    const response = await submit(
      reportForm(validReportFields(), [
        { name: "screenshot.png", bytes: png, type: "image/png" },
        { name: "request log.txt", bytes: text, type: "text/plain" },
      ]),
    );
    expect(response.status).toBe(201);
    const { id, reference } = (await response.json()) as { id: string; reference: string };
    expect(reference).toMatch(REPORT_REFERENCE_PATTERN);
    expect(reference.slice(3, 7)).toBe(String(new Date().getUTCFullYear()));

    const report = await db.selectFrom("security_reports").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect(report).toMatchObject({ ...validReportFields(), reference, status: "new" });
    const attachments = await db
      .selectFrom("report_attachments")
      .selectAll()
      .where("report_id", "=", id)
      .orderBy("position")
      .execute();
    expect(attachments.map((row) => [row.filename, row.content_type, Number(row.size), row.sha256])).toEqual([
      ["screenshot.png", "image/png", png.length, sha256(png)],
      ["request log.txt", "text/plain; charset=utf-8", text.length, sha256(text)],
    ]);
    expect(Buffer.compare(Buffer.from(attachments[0]!.data), png)).toBe(0);

    const emails = await db.selectFrom("mail_outbox").selectAll().orderBy("to_address").execute();
    expect(emails).toHaveLength(2);
    const [acknowledgement, toTeam] = emails;
    expect(toTeam).toMatchObject({ to_address: "security@dialogic.localhost", reply_to: "ada@example.com", status: "pending" });
    expect(toTeam!.subject).toContain(reference);
    expect(toTeam!.text_body).toContain(validReportFields().description);
    expect(toTeam!.text_body).toContain(`/admin/reports/${id}`);
    expect(toTeam!.text_body).toContain("screenshot.png");
    // A choice reads as the form offered it, not as its stored value.
    expect(toTeam!.text_body).toContain("VRT subcategory: Other\n");
    expect(acknowledgement).toMatchObject({ to_address: "ada@example.com", reply_to: "security@dialogic.localhost" });
    expect(acknowledgement!.subject).toContain(reference);
    expect(acknowledgement!.text_body).toContain(reference);
    // Nothing typed into the form is echoed to the address given in it.
    expect(acknowledgement!.text_body).not.toContain(validReportFields().vulnerability_title);
    expect(acknowledgement!.text_body).not.toContain(validReportFields().reporter_name);
  });

  test("a report without attachments and without a company is accepted", async () => {
    const { db, submit } = await start();
    const response = await submit(reportForm(validReportFields({ company: "" })));
    expect(response.status).toBe(201);
    expect(await counts(db)).toEqual({ reports: 1, attachments: 0, outbox: 2 });
  });

  test("an 11 MB file gets 413 and nothing is stored", async () => {
    const { db, submit } = await start();
    const response = await submit(
      reportForm(validReportFields(), [
        { name: "small.png", bytes: tinyPng() },
        { name: "huge.png", bytes: pngOfSize(11 * MB) },
      ]),
    );
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({
      error: '"huge.png" is larger than 10 MB.',
      fields: { attachment_1: '"huge.png" is larger than 10 MB.' },
    });
    expect(await counts(db)).toEqual(NOTHING);
  });

  test("a file of exactly 10 MB is accepted and downloads byte-identical", async () => {
    const { db, submit, adminToken, adminGet } = await start();
    const bytes = pngOfSize(10 * MB);
    crypto.randomFillSync(bytes, 8);
    const response = await submit(reportForm(validReportFields(), [{ name: "big.png", bytes }]));
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };
    const [attachment] = await db.selectFrom("report_attachments").select(["id", "size"]).execute();
    expect(Number(attachment!.size)).toBe(10 * MB);
    const download = await adminGet(`/${id}/attachments/${attachment!.id}`, await adminToken());
    expect(download.status).toBe(200);
    expect(sha256(new Uint8Array(await download.arrayBuffer()))).toBe(sha256(bytes));
  });

  test("executables renamed .png get 415, whatever type they declare, and nothing is stored", async () => {
    const { db, submit } = await start();
    for (const bytes of [elfExecutable(), windowsExecutable()]) {
      const response = await submit(
        reportForm(validReportFields(), [
          { name: "ok.png", bytes: tinyPng() },
          { name: "screenshot.png", bytes, type: "image/png" },
        ]),
      );
      expect(response.status).toBe(415);
      expect(await response.json()).toEqual({
        error: '"screenshot.png" is not a PNG, JPG, PDF or TXT file.',
        fields: { attachment_1: '"screenshot.png" is not a PNG, JPG, PDF or TXT file.' },
      });
    }
    expect(await counts(db)).toEqual(NOTHING);
  });

  test("text that is not valid UTF-8 gets 415; a PDF and a JPEG are recognised by content", async () => {
    const { db, submit } = await start();
    const latin1 = Buffer.concat([Buffer.from("A".repeat(100_000)), Buffer.from([0xe9, 0x20, 0x61])]);
    const refused = await submit(reportForm(validReportFields(), [{ name: "notes.txt", bytes: latin1 }]));
    expect(refused.status).toBe(415);
    expect(await counts(db)).toEqual(NOTHING);

    const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 1)]);
    const accepted = await submit(
      reportForm(validReportFields(), [
        { name: "paper", bytes: tinyPdf(), type: "text/plain" },
        { name: "photo.jpeg.exe", bytes: jpeg, type: "application/x-msdownload" },
      ]),
    );
    expect(accepted.status).toBe(201);
    const rows = await db.selectFrom("report_attachments").select(["filename", "content_type"]).orderBy("position").execute();
    expect(rows).toEqual([
      { filename: "paper.pdf", content_type: "application/pdf" },
      { filename: "photo.jpeg.jpg", content_type: "image/jpeg" },
    ]);
  });

  test("11 files get 413 and nothing is stored", async () => {
    const { db, submit } = await start();
    const files = Array.from({ length: 11 }, (_, index) => ({ name: `shot-${index}.png`, bytes: tinyPng() }));
    const response = await submit(reportForm(validReportFields(), files));
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ error: "You can attach at most 10 files." });
    expect(await counts(db)).toEqual(NOTHING);

    const ten = await submit(reportForm(validReportFields(), files.slice(0, 10)));
    expect(ten.status).toBe(201);
    expect(await counts(db)).toEqual({ reports: 1, attachments: 10, outbox: 2 });
  });

  test("a missing field gets 400 naming it; every rule has its message", async () => {
    const { db, submit } = await start();
    const withoutImpact: Record<string, string> = validReportFields();
    delete withoutImpact.impact;
    const missing = await submit(reportForm(withoutImpact, [{ name: "a.png", bytes: tinyPng() }]));
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({
      error: "The report has errors. Please correct the highlighted fields.",
      fields: { impact: "Impact description is required" },
    });

    const empty = await submit(reportForm({ company: "" }));
    expect(empty.status).toBe(400);
    expect(((await empty.json()) as { fields: Record<string, string> }).fields).toEqual({
      reporter_name: "Name is required",
      reporter_email: "Valid email is required",
      asset_affected: "Asset affected is required",
      vulnerability_title: "Vulnerability title is required",
      vrt_category: "VRT Category is required",
      vrt_subcategory: "VRT Subcategory is required",
      weakness_type: "Weakness type is required",
      severity: "Severity is required",
      description: "Description must be at least 50 characters",
      reproduction_steps: "Reproduction steps are required",
      impact: "Impact description is required",
    });

    const wrong = await submit(
      reportForm(validReportFields({ reporter_email: "not-an-email", severity: "Apocalyptic", description: "too short" })),
    );
    expect(((await wrong.json()) as { fields: Record<string, string> }).fields).toEqual({
      reporter_email: "Valid email is required",
      severity: "Choose one of the listed options",
      description: "Description must be at least 50 characters",
    });
    expect(await counts(db)).toEqual(NOTHING);
  });

  test("text fields have caps, also past what the parser keeps", async () => {
    const { db, submit } = await start();
    const long = await submit(reportForm(validReportFields({ vulnerability_title: "x".repeat(301) })));
    expect(long.status).toBe(400);
    expect(await long.json()).toMatchObject({ fields: { vulnerability_title: "Must be at most 300 characters" } });
    const huge = await submit(reportForm(validReportFields({ description: "y".repeat(300_000) })));
    expect(huge.status).toBe(400);
    expect(await huge.json()).toMatchObject({ fields: { description: "Must be at most 50,000 characters" } });
    expect(await counts(db)).toEqual(NOTHING);
  });

  test("a file named ../../etc/passwd is stored under a clean name", async () => {
    const { db, submit } = await start();
    const passwd = Buffer.from("root:x:0:0:root:/root:/bin/bash\n");
    const response = await submit(
      reportForm(validReportFields(), [
        { name: "../../etc/passwd", bytes: passwd },
        { name: "..\\..\\windows\\evil\u202egnp.exe", bytes: tinyPng() },
        { name: " ... ", bytes: tinyPng() },
      ]),
    );
    expect(response.status).toBe(201);
    const rows = await db.selectFrom("report_attachments").select(["filename", "content_type"]).orderBy("position").execute();
    expect(rows).toEqual([
      { filename: "passwd.txt", content_type: "text/plain; charset=utf-8" },
      { filename: "evilgnp.png", content_type: "image/png" },
      { filename: "attachment.png", content_type: "image/png" },
    ]);
  });

  test("a body over the total cap gets 413, declared or streamed, and nothing is stored", async () => {
    const limits = { ...DEFAULT_UPLOAD_LIMITS, maxBodyBytes: 200_000, maxTotalBytes: 150_000 };
    const { db, submit, url } = await start({}, limits);
    const declared = await submit(reportForm(validReportFields(), [{ name: "a.png", bytes: pngOfSize(300_000) }]));
    expect(declared.status).toBe(413);
    expect(await declared.json()).toEqual({ error: "Attachments can be at most 50 MB together." });

    const twoFiles = await submit(
      reportForm(validReportFields(), [
        { name: "a.png", bytes: pngOfSize(90_000) },
        { name: "b.png", bytes: pngOfSize(90_000) },
      ]),
    );
    expect(twoFiles.status).toBe(413);

    // Without a Content-Length (chunked), the cap is counted as the bytes arrive.
    const boundary = "----report-boundary";
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="attachment_0"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
    );
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent === 0) controller.enqueue(Buffer.concat([head, pngOfSize(8)]));
        else if (sent < 2_000_000) controller.enqueue(Buffer.alloc(64 * 1024, 1));
        else controller.close();
        sent += 1;
      },
    });
    const streamed = await fetch(`${url}/security/reports`, {
      method: "POST",
      body: stream,
      headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
      duplex: "half",
    } as RequestInit);
    expect(streamed.status).toBe(413);
    expect(await counts(db)).toEqual(NOTHING);
  });

  test("a body that is not multipart gets 415; a broken one 400", async () => {
    const { db, submit } = await start();
    const json = await submit(JSON.stringify(validReportFields()), { "content-type": "application/json" });
    expect(json.status).toBe(415);
    const broken = await submit("--x\r\nnonsense", { "content-type": "multipart/form-data; boundary=x" });
    expect(broken.status).toBe(400);
    const noBoundary = await submit("hello", { "content-type": "multipart/form-data" });
    expect(noBoundary.status).toBe(400);
    expect(await counts(db)).toEqual(NOTHING);
  });

  test("the report limit per client answers 429 and stores nothing", async () => {
    const { db, submit } = await start({ REPORT_RATE_LIMIT: "2" });
    expect((await submit(reportForm(validReportFields()))).status).toBe(201);
    expect((await submit(reportForm({}))).status).toBe(400);
    const limited = await submit(reportForm(validReportFields(), [{ name: "a.png", bytes: tinyPng() }]));
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual({
      error: "Too many reports were sent from your network. Please try again in an hour.",
    });
    expect(limited.headers.get("retry-after")).toBeTruthy();
    expect(await counts(db)).toEqual({ reports: 1, attachments: 0, outbox: 2 });
  });

  test("acknowledgements are capped per mailbox: the 4th to a victim+N or dotted Gmail spelling is not sent", async () => {
    const { db, submit } = await start({ SECURITY_TO: "team@dialogic.test" });
    const sendAs = async (address: string) => {
      const response = await submit(reportForm(validReportFields({ reporter_email: address })));
      expect(response.status, address).toBe(201);
    };
    const acknowledgementsTo = async (address: string) =>
      (await db.selectFrom("mail_outbox").select("id").where("to_address", "=", address).execute()).length;

    for (const address of ["victim+1@example.com", "victim+2@example.com", "Victim+3@Example.com", "victim+4@example.com", "victim@example.com"]) {
      await sendAs(address);
    }
    // Each email goes to the address as typed, and the report keeps it as typed.
    expect(await acknowledgementsTo("victim+1@example.com")).toBe(1);
    expect(await acknowledgementsTo("victim+2@example.com")).toBe(1);
    expect(await acknowledgementsTo("Victim+3@Example.com")).toBe(1);
    expect(await acknowledgementsTo("victim+4@example.com")).toBe(0);
    expect(await acknowledgementsTo("victim@example.com")).toBe(0);
    const stored = await db.selectFrom("security_reports").select("reporter_email").execute();
    expect(stored.map((row) => row.reporter_email).sort()).toEqual(
      ["Victim+3@Example.com", "victim+1@example.com", "victim+2@example.com", "victim+4@example.com", "victim@example.com"].sort(),
    );
    const toTeam = await db.selectFrom("mail_outbox").select("text_body").where("to_address", "=", "team@dialogic.test").execute();
    expect(toTeam).toHaveLength(5);
    expect(toTeam.filter((email) => email.text_body.includes("Acknowledgement: not sent"))).toHaveLength(2);

    // Gmail ignores dots and googlemail.com is the same mailbox.
    for (const address of ["v.i.c.t.i.m@gmail.com", "victim@googlemail.com", "VIC.TIM+x@gmail.com", "victim@gmail.com"]) {
      await sendAs(address);
    }
    expect(await acknowledgementsTo("v.i.c.t.i.m@gmail.com")).toBe(1);
    expect(await acknowledgementsTo("victim@googlemail.com")).toBe(1);
    expect(await acknowledgementsTo("VIC.TIM+x@gmail.com")).toBe(1);
    expect(await acknowledgementsTo("victim@gmail.com")).toBe(0);

    // Dots elsewhere name different mailboxes: each has a cap of its own.
    await sendAs("first.last@example.com");
    await sendAs("firstlast@example.com");
    expect(await acknowledgementsTo("first.last@example.com")).toBe(1);
    expect(await acknowledgementsTo("firstlast@example.com")).toBe(1);
  });

  test("the triage inbox: list, detail, status and downloads, for the administrator only", async () => {
    const { submit, adminToken, adminGet, url } = await start();
    const png = tinyPng(16);
    const created = (await (
      await submit(reportForm(validReportFields({ vulnerability_title: "<img src=x onerror=alert(1)>" }), [
        { name: "résumé «final».png", bytes: png },
      ]))
    ).json()) as { id: string; reference: string };

    expect((await adminGet("", "not-a-token")).status).toBe(401);
    expect(await (await fetch(`${url}/admin/security/reports`)).json()).toEqual({ error: "Authentication required" });
    const token = await adminToken();

    const list = await adminGet("", token);
    expect(list.status).toBe(200);
    expect(list.headers.get("cache-control")).toBe("no-store");
    const { reports } = (await list.json()) as { reports: Array<Record<string, string>> };
    expect(reports).toEqual([
      {
        id: created.id,
        reference: created.reference,
        vulnerability_title: "<img src=x onerror=alert(1)>",
        severity: "High",
        status: "new",
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        assessed_severity: null,
        cvss_score: null,
        awaiting_team: false,
        replied_after_close: false,
        overdue: [],
        next_due: { step: "acknowledge", by: expect.stringMatching(/^\d{4}-\d\d-\d\d$/) },
        assignee: null,
      },
    ]);

    const detail = (await (await adminGet(`/${created.id}`, token)).json()) as {
      report: Record<string, unknown> & { attachments: Array<Record<string, unknown>> };
    };
    expect(detail.report).toMatchObject({ ...validReportFields({ vulnerability_title: "<img src=x onerror=alert(1)>" }) });
    const [attachment] = detail.report.attachments;
    expect(attachment).toMatchObject({ filename: "résumé «final».png", content_type: "image/png", size: png.length, sha256: sha256(png) });

    const download = await adminGet(`/${created.id}/attachments/${attachment!.id as string}`, token);
    expect(download.status).toBe(200);
    expect(download.headers.get("content-type")).toBe("image/png");
    expect(download.headers.get("x-content-type-options")).toBe("nosniff");
    expect(download.headers.get("cache-control")).toBe("no-store");
    // A PNG checked by its content is shown inline, as an image (docs/decisions/217).
    expect(download.headers.get("content-disposition")).toBe(
      "inline; filename=\"r_sum_ _final_.png\"; filename*=UTF-8''r%C3%A9sum%C3%A9%20%C2%ABfinal%C2%BB.png",
    );
    expect(sha256(new Uint8Array(await download.arrayBuffer()))).toBe(sha256(png));
    expect((await fetch(`${url}/admin/security/reports/${created.id}/attachments/${attachment!.id as string}`)).status).toBe(401);
    expect((await adminGet(`/${crypto.randomUUID()}/attachments/${attachment!.id as string}`, token)).status).toBe(404);

    const patch = (body: unknown, auth = token) =>
      fetch(`${url}/admin/security/reports/${created.id}`, {
        method: "PATCH",
        headers: { authorization: `Bearer ${auth}`, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    const triaged = await patch({ status: "triaged" });
    expect(triaged.status).toBe(200);
    expect(((await triaged.json()) as { report: { status: string } }).report.status).toBe("triaged");
    expect((await patch({ status: "deleted" })).status).toBe(400);
    expect((await patch({ status: "resolved" }, "nope")).status).toBe(401);
    expect((await adminGet(`/${crypto.randomUUID()}`, token)).status).toBe(404);
  });
});

test("Content-Disposition cannot be broken out of by a file name", () => {
  expect(contentDisposition('a";\r\nSet-Cookie: x=1.txt')).toBe(
    "attachment; filename=\"a____Set-Cookie: x=1.txt\"; filename*=UTF-8''a%22%3B%0D%0ASet-Cookie%3A%20x%3D1.txt",
  );
});
