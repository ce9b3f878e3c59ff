import { describe, expect, test } from "vitest";
import { validReportFields } from "../../tests/helpers/sample-files";
import { apiTestServer } from "../../tests/helpers/api-test-server";
import { testDatabaseKinds } from "../../tests/helpers/test-database";
import type { AuditEvent } from "../../domain/audit";
import { ensureAdminPassword, login } from "../auth/admin-auth.server";
import { adminPostsRouter } from "../blog/admin-posts-api.server";
import { postWorkflowRouter } from "../blog/post-workflow-api.server";
import { triageApiRouter } from "../disclosure/triage-api.server";
import { securityReportsRouter } from "../reports/security-reports-api.server";
import { auditRouter } from "./audit-api.server";
import { record } from "./audit.server";

// Issue 34 (decision 191): the trail names its targets as people do, and the new events are in it.

const PASSWORD = "correct horse battery staple";
const CRITICAL_VECTOR = "CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N";

describe.each(testDatabaseKinds)("the audit trail for people on %s", (kind) => {
  const server = apiTestServer(kind);

  async function start() {
    const { db, url } = await server.start({
      env: { REPORT_RATE_LIMIT: "100" },
      ownBodies: (services) => [adminPostsRouter(services), postWorkflowRouter(services)],
      routers: (services) => [securityReportsRouter(services), triageApiRouter(services), auditRouter(services)],
    });
    await ensureAdminPassword(db, PASSWORD);
    const token = (await login(db, PASSWORD))!.token;
    const call = (method: string, path: string, body?: unknown) =>
      fetch(`${url}${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    const trail = async (query = "") => {
      const response = await call("GET", `/admin/audit${query}`);
      expect(response.status).toBe(200);
      return ((await response.json()) as { items: AuditEvent[] }).items;
    };
    const fileReport = async () => {
      const form = new FormData();
      for (const [name, value] of Object.entries(validReportFields({}))) form.append(name, value);
      const response = await fetch(`${url}/security/reports`, { method: "POST", body: form });
      expect(response.status).toBe(201);
      return (await response.json()) as { id: string; reference: string };
    };
    return { db, call, trail, fileReport };
  }

  test("a post scheduled, unscheduled, previewed and deleted: each event names it by its title, linked while it exists", async () => {
    const { call, trail } = await start();
    const created = await call("POST", "/admin/posts", { title: "Spring launch", slug: "spring-launch", content: "<p>Soon</p>" });
    const post = (await created.json()) as { id: string };
    const later = new Date(Date.now() + 7 * 24 * 60 * 60 * 1000).toISOString();
    expect((await call("PATCH", `/admin/posts/${post.id}`, { published: true, publish_at: later })).status).toBe(200);
    expect((await call("PATCH", `/admin/posts/${post.id}`, { published: false, publish_at: null })).status).toBe(200);
    const link = (await (await call("POST", `/admin/posts/${post.id}/preview-links`, { purpose: "share" })).json()) as { id: string };
    expect((await call("DELETE", `/admin/posts/${post.id}/preview-links/${link.id}`)).status).toBe(204);

    const events = await trail("?kind=posts");
    expect(events.map((event) => [event.action, event.target_label, event.target_kind, event.target_id])).toEqual([
      ["preview_link.revoked", "Spring launch", "post", post.id],
      ["preview_link.created", "Spring launch", "post", post.id],
      ["post.unscheduled", "Spring launch", "post", post.id],
      ["post.scheduled", "Spring launch", "post", post.id],
      ["post.created", "Spring launch", "post", post.id],
    ]);
    expect(events[3]!.detail).toBe(later);

    // Deleted, the post keeps the title it had; nothing links to it any more.
    expect((await call("DELETE", `/admin/posts/${post.id}`)).status).toBe(204);
    const after = await trail("?kind=posts");
    expect(after[0]).toMatchObject({ action: "post.deleted", target_label: "Spring launch", target_kind: null, target_id: null });
    expect(after.filter((event) => event.action.startsWith("post.")).every((event) => event.target_label === "Spring launch")).toBe(true);
  });

  test("a report's status change, assessment and message to the reporter name it by its reference", async () => {
    const { call, trail, fileReport } = await start();
    const report = await fileReport();
    expect((await call("PATCH", `/admin/security/reports/${report.id}`, { status: "needs_more_info" })).status).toBe(200);
    expect((await call("PATCH", `/admin/security/reports/${report.id}`, { assessed_severity: "High", cvss_vector: CRITICAL_VECTOR })).status).toBe(200);
    expect((await call("POST", `/admin/security/reports/${report.id}/messages`, { body: "Could you send the request you made?" })).status).toBe(201);

    const events = await trail("?kind=reports");
    expect(events.map((event) => [event.action, event.target_label, event.target_kind, event.detail])).toEqual([
      ["report.message_sent", report.reference, "report", null],
      ["report.assessed", report.reference, "report", `Severity: High; CVSS: ${CRITICAL_VECTOR}`],
      ["report.status_changed", report.reference, "report", "Needs more information"],
    ]);
  });

  test("an event stored the old way reads the new way; kinds and dates filter; bad filters are 400s", async () => {
    const { db, trail, call, fileReport } = await start();
    const report = await fileReport();
    await record(db, { action: "report.status_changed", target: `${report.id}: needs_more_info` }, new Date("2026-01-10T12:00:00Z"));
    await record(db, { action: "code.wrong", target: "factor.add", ip: "::ffff:203.0.113.5" }, new Date("2026-01-11T12:00:00Z"));
    await record(db, { action: "logout", target: "others" }, new Date("2026-01-12T12:00:00Z"));

    const [legacy] = await trail("?to=2026-01-10");
    expect(legacy).toMatchObject({ action: "report.status_changed", target_label: report.reference, target_kind: "report", target_id: report.id, detail: "Needs more information" });
    expect(await trail("?from=2026-01-11&to=2026-01-11")).toMatchObject([{ action: "code.wrong", target_label: "Adding an authenticator", ip: "203.0.113.5" }]);
    expect(await trail("?from=2026-01-12T00:00:00%2B01:00&to=2026-01-12")).toMatchObject([{ action: "logout", target_label: "The other sessions" }]);
    expect((await trail("?kind=second-factor")).map((event) => event.action)).toEqual(["code.wrong"]);

    for (const [query, field] of [["kind=everything", "kind"], ["from=yesterday", "from"], ["to=2026-13-45", "to"], ["from=2026-01-01T00:00", "from"]]) {
      const refused = await call("GET", `/admin/audit?${query}`);
      expect(refused.status).toBe(400);
      expect(Object.keys(((await refused.json()) as { fields: object }).fields)).toEqual([field]);
    }
  });
});
