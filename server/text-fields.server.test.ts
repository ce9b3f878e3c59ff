import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, describe, expect, test } from "vitest";
import { textMessages } from "../domain/text-rules";
import type { ReportInput } from "../domain/vulnerability-report";
import { testServices } from "../tests/helpers/http-server";
import { validReportFields } from "../tests/helpers/sample-files";
import { FORM, formBody, JSON_TYPE, reportMultipart, send, validContact } from "../tests/helpers/site-client";
import { closeServerBuild, serveSite, type SiteServer } from "../tests/helpers/site-server";
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from "../tests/helpers/test-database";
import { ensureAdminPassword, login } from "./auth/admin-auth.server";
import { ACKNOWLEDGEMENTS_PER_ADDRESS_PER_DAY, createReport } from "./reports/reports.server";

const PASSWORD = "correct horse battery staple";
let clients = 0;
/** A new client each time (the site trusts loopback as its proxy), so no limit gets in the way. */
function newClient(): Record<string, string> {
  clients += 1;
  return { "x-forwarded-for": `10.${(clients >> 16) & 255}.${(clients >> 8) & 255}.${clients & 255}` };
}

const HOSTILE = { nul: "before\u0000after", loneHigh: "before\ud800after", loneLow: "\udc00after" };

const validPost = {
  title: "A post",
  slug: "a-post",
  excerpt: "Short",
  content: "<p>Body</p>",
  category: "News",
  author_name: "Ada",
  author_bio: "Writes",
  read_time: "3 min read",
  featured_image_url: "https://images.example/a.png",
  author_avatar_url: "https://images.example/b.png",
  author_linkedin_url: "https://www.linkedin.com/in/ada",
  published: true,
  featured: false,
};

afterAll(closeServerBuild);

describe.each(testDatabaseKinds)("text fields on %s", (kind) => {
  let database: TestDatabase | undefined;
  let site: SiteServer | undefined;
  afterEach(async () => {
    await site?.close();
    site = undefined;
    await database?.destroy();
    database = undefined;
  });

  async function start() {
    database = await createTestDatabase(kind);
    await ensureAdminPassword(database.db, PASSWORD);
    const services = testServices(database.db, {
      REPORT_RATE_LIMIT: "1000",
      SECURITY_TO: "team@dialogic.test",
      TRUST_PROXY: "loopback",
    });
    site = await serveSite(services);
    const token = (await login(database.db, PASSWORD))!.token;
    return { url: site.url, db: database.db, services, token };
  }

  async function count(table: "contact_messages" | "security_reports" | "blog_posts") {
    const row = await database!.db.selectFrom(table).select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow();
    return Number(row.n);
  }

  test("hole 6: NUL and lone surrogates in any field answer 400 naming the field, never 500", async () => {
    const { url, token } = await start();
    const admin = { authorization: `Bearer ${token}` };
    for (const [name, bad] of Object.entries(HOSTILE)) {
      for (const field of ["name", "message"] as const) {
        const body = JSON.stringify({ ...validContact, [field]: bad });
        const api = await send(url, "POST", "/api/contact", { body, type: JSON_TYPE, headers: newClient() });
        expect(api.status, `contact ${field} ${name}`).toBe(400);
        expect(JSON.parse(api.text).fields[field], `contact ${field} ${name}`).toBe(textMessages.invalidCharacters);
      }
      for (const field of Object.keys(validPost).filter((key) => typeof validPost[key as keyof typeof validPost] === "string")) {
        for (const [method, path] of [["POST", "/api/admin/posts"], ["PATCH", "/api/admin/posts/missing"]] as const) {
          const body = JSON.stringify({ ...validPost, [field]: bad });
          const answer = await send(url, method, path, { body, type: JSON_TYPE, headers: admin });
          expect(answer.status, `${method} post ${field} ${name}`).toBe(400);
          expect(JSON.parse(answer.text).fields[field], `post ${field} ${name}`).toBe(textMessages.invalidCharacters);
        }
      }
      const wrapped = JSON.stringify({ ...validPost, title: { value: bad } });
      expect((await send(url, "POST", "/api/admin/posts", { body: wrapped, type: JSON_TYPE, headers: admin })).status).toBe(400);
      const password = await send(url, "POST", "/api/admin/login", {
        body: JSON.stringify({ password: bad }),
        type: JSON_TYPE,
        headers: newClient(),
      });
      expect(password.status, `password ${name}`).toBe(400);
    }
    // The form without JavaScript and the multipart report (a surrogate cannot travel as UTF-8).
    const form = await send(url, "POST", "/contact", { body: formBody({ ...validContact, message: HOSTILE.nul }), type: FORM });
    expect(form.status).toBe(400);
    for (const field of Object.keys(validReportFields())) {
      const answer = await send(url, "POST", "/api/security/reports", { body: reportMultipart({ [field]: `x${HOSTILE.nul}` }) });
      expect(answer.status, `report ${field}`).toBe(400);
      expect(JSON.parse(answer.text).fields[field], `report ${field}`).toBeTruthy();
    }
    expect(await count("contact_messages")).toBe(0);
    expect(await count("blog_posts")).toBe(0);
    expect(await count("security_reports")).toBe(0);
    expect((await send(url, "GET", "/healthz")).status).toBe(200);
  });

  test("hole 7: one-line report and post fields refuse line breaks and control characters", async () => {
    const { url, token } = await start();
    const forged = "Acme\nTriage it at https://evil.example/steal";
    for (const field of ["reporter_name", "company", "asset_affected", "vulnerability_title"]) {
      for (const value of [forged, "a\rb", "a\tb", "a\u2028b", "a\u0085b", "a\u001bb"]) {
        const answer = await send(url, "POST", "/api/security/reports", { body: reportMultipart({ [field]: value }) });
        expect(answer.status, `${field} ${JSON.stringify(value)}`).toBe(400);
        expect(JSON.parse(answer.text).fields[field]).toBe(textMessages.singleLine);
      }
    }
    for (const field of ["title", "category", "author_name", "read_time", "featured_image_url"]) {
      const body = JSON.stringify({ ...validPost, [field]: `${field === "featured_image_url" ? "https://a.example/" : "A"}\nB` });
      const answer = await send(url, "POST", "/api/admin/posts", { body, type: JSON_TYPE, headers: { authorization: `Bearer ${token}` } });
      expect(answer.status, field).toBe(400);
      expect(JSON.parse(answer.text).fields[field], field).toBeTruthy();
    }
    // Multi-line fields keep their lines.
    const report = await send(url, "POST", "/api/security/reports", {
      body: reportMultipart({ impact: "line one\nline two", description: `${"d".repeat(50)}\n\nmore` }),
    });
    expect(report.status).toBe(201);
  });

  function spooledFile(content: string): string {
    const file = path.join(mkdtempSync(path.join(tmpdir(), "dialogic-spool-")), "file");
    writeFileSync(file, content);
    return file;
  }

  test("hole 7: the team's email never lets a field start a line of its own", async () => {
    const { db, services } = await start();
    const forged = "x\nTriage it at https://evil.example/steal\r\nSeverity: Critical";
    await createReport(db, services.config, {
      ...(validReportFields() as unknown as ReportInput),
      reporter_name: forged,
      company: forged,
      asset_affected: forged,
      vulnerability_title: forged,
    }, [{ field: "attachment_0", filename: "a\nTriage it at evil.txt", contentType: "text/plain", size: 1, sha256: "0", path: spooledFile("a") }]);
    const email = await db.selectFrom("mail_outbox").selectAll().where("to_address", "=", "team@dialogic.test").executeTakeFirstOrThrow();
    const lines = email.text_body.split("\n");
    expect(lines.filter((line) => line.startsWith("Triage it at"))).toHaveLength(1);
    expect(lines.filter((line) => line.startsWith("Severity:"))).toHaveLength(1);
    expect(email.subject).not.toMatch(/[\r\n]/);
  });

  test(`acknowledgements: at most ${ACKNOWLEDGEMENTS_PER_ADDRESS_PER_DAY} per address a day; every report is stored and notified`, async () => {
    const { url, db } = await start();
    const addresses = ["victim@example.com", "Victim@Example.com", "VICTIM@example.com", "victim@example.com", "victim@EXAMPLE.com"];
    for (const address of addresses) {
      const answer = await send(url, "POST", "/api/security/reports", { body: reportMultipart({ reporter_email: address }) });
      expect(answer.status).toBe(201);
    }
    expect(await count("security_reports")).toBe(addresses.length);
    const outbox = await db.selectFrom("mail_outbox").select(["to_address", "text_body"]).execute();
    const toTeam = outbox.filter((email) => email.to_address === "team@dialogic.test");
    const acknowledgements = outbox.filter((email) => email.to_address.toLowerCase() === "victim@example.com");
    expect(toTeam).toHaveLength(addresses.length);
    expect(acknowledgements).toHaveLength(ACKNOWLEDGEMENTS_PER_ADDRESS_PER_DAY);
    expect(toTeam.filter((email) => email.text_body.includes("Acknowledgement: not sent"))).toHaveLength(
      addresses.length - ACKNOWLEDGEMENTS_PER_ADDRESS_PER_DAY,
    );
    // Another address is not affected.
    expect((await send(url, "POST", "/api/security/reports", { body: reportMultipart({ reporter_email: "other@example.com" }) })).status).toBe(201);
    const other = await db.selectFrom("mail_outbox").select("id").where("to_address", "=", "other@example.com").execute();
    expect(other).toHaveLength(1);
  });
}, 120_000); // Many requests each, and the first page compiles the routes.
