import { describe, expect, test } from "vitest";
import { tinyPng, validReportFields } from "../../tests/helpers/sample-files";
import { apiTestServer } from "../../tests/helpers/api-test-server";
import { testDatabaseKinds } from "../../tests/helpers/test-database";
import { ensureAdminPassword, login } from "../auth/admin-auth.server";
import { securityReportsRouter } from "../reports/security-reports-api.server";
import { createUploadGate } from "../reports/upload-quota.server";
import { caseApiRouter } from "./case-api.server";
import { triageApiRouter } from "./triage-api.server";
import type { TriagedReport } from "./triage.server";

const PASSWORD = "correct horse battery staple";
/** A CVSS 4.0 vector scored 9.3 (Critical). */
const CRITICAL_VECTOR = "CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N";

function reportForm(fields: Record<string, string>, file?: { name: string; bytes: Buffer; type: string }): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file) form.append("attachment_0", new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  return form;
}

describe.each(testDatabaseKinds)("the team's report page API on %s", (kind) => {
  const server = apiTestServer(kind);

  async function start() {
    const { db, url } = await server.start({
      env: { REPORT_RATE_LIMIT: "100" },
      routers: (services) => [
        securityReportsRouter(services),
        caseApiRouter(services, { gate: createUploadGate(4) }),
        triageApiRouter(services),
      ],
    });
    await ensureAdminPassword(db, PASSWORD);
    const token = (await login(db, PASSWORD))!.token;
    const admin = (path: string, init: { method?: string; body?: unknown } = {}) =>
      fetch(`${url}/admin/security/reports${path}`, {
        method: init.method ?? "GET",
        headers: { authorization: `Bearer ${token}`, ...(init.body === undefined ? {} : { "content-type": "application/json" }) },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
      });
    const file = async (fields: Record<string, string> = {}, attachment?: { name: string; bytes: Buffer; type: string }) => {
      const response = await fetch(`${url}/security/reports`, { method: "POST", body: reportForm(validReportFields(fields), attachment) });
      expect(response.status).toBe(201);
      return (await response.json()) as { id: string; reference: string; caseUrl: string };
    };
    const read = async (response: Response) => ((await response.json()) as { report: TriagedReport }).report;
    return { url, admin, file, read };
  }

  test("a file the reporter adds to the conversation is listed with its message, not with the report's own files", async () => {
    const { url, admin, file, read } = await start();
    const original = tinyPng(8);
    const created = await file({}, { name: "original.png", bytes: original, type: "image/png" });
    const caseToken = new URL(created.caseUrl).pathname.split("/").at(-1)!;
    const reply = new FormData();
    reply.append("body", "Here is the screenshot I forgot: https://example.com/more.");
    reply.append("attachment_0", new Blob([new Uint8Array(tinyPng(9))], { type: "image/png" }), "forgot.png");
    expect((await fetch(`${url}/security/case/${caseToken}/messages`, { method: "POST", body: reply })).status).toBe(201);

    const report = await read(await admin(`/${created.id}`));
    expect(report.awaiting_team).toBe(true);
    expect(report.attachments.map((attachment) => attachment.filename)).toEqual(["original.png"]);
    const message = report.events.find((event) => event.kind === "message");
    expect(message).toMatchObject({ author: "reporter", body: "Here is the screenshot I forgot: https://example.com/more." });
    const [added] = message!.kind === "message" ? message!.files : [];
    expect(added).toMatchObject({ filename: "forgot.png", content_type: "image/png" });
    // The team's download door serves it like the report's own files: a PNG inline, as an image (docs/decisions/217).
    const download = await admin(`/${created.id}/attachments/${added!.id}`);
    expect(download.status).toBe(200);
    expect(download.headers.get("content-disposition")).toMatch(/^inline;/);
  });

  test("the assessment, a message and a duplicate, as the report page sends them", async () => {
    const { admin, file, read } = await start();
    const first = await file({ vulnerability_title: "Earlier report" });
    const second = await file({ vulnerability_title: "Same finding again" });

    const assessed = await admin(`/${second.id}`, { method: "PATCH", body: { assessed_severity: "Critical", cvss_vector: CRITICAL_VECTOR, publish_title: true } });
    expect(assessed.status).toBe(200);
    expect(await read(assessed)).toMatchObject({ assessed_severity: "Critical", cvss_vector: CRITICAL_VECTOR, cvss_score: 9.3, publish_title: true });

    const refused = await admin(`/${second.id}`, { method: "PATCH", body: { cvss_vector: "CVSS:4.0/AV:Q" } });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { fields: Record<string, string> }).fields).toHaveProperty("cvss_vector");

    const sent = await admin(`/${second.id}/messages`, { method: "POST", body: { body: "Which browser did you use?" } });
    expect(sent.status).toBe(201);
    const afterMessage = await read(sent);
    expect(afterMessage.events.at(-1)).toMatchObject({ kind: "message", author: "team", body: "Which browser did you use?" });
    expect(afterMessage.acknowledged_at).not.toBeNull();

    const noOriginal = await admin(`/${second.id}`, { method: "PATCH", body: { status: "duplicate" } });
    expect(noOriginal.status).toBe(400);
    expect(((await noOriginal.json()) as { fields: Record<string, string> }).fields).toHaveProperty("duplicate_of");

    const duplicate = await read(await admin(`/${second.id}`, { method: "PATCH", body: { status: "duplicate", duplicate_of: first.reference.toLowerCase() } }));
    expect(duplicate).toMatchObject({ status: "duplicate", duplicate_of: first.id, duplicate_of_reference: first.reference, duplicates: [] });
    expect(duplicate.events.at(-1)).toMatchObject({ kind: "status", status: "duplicate", label: "Duplicate" });
    const original = await read(await admin(`/${first.id}`));
    expect(original).toMatchObject({ duplicate_of: null, duplicate_of_reference: null, duplicates: [{ id: second.id, reference: second.reference }] });
  });
});
