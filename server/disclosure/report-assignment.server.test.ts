import { describe, expect, test } from "vitest";
import { validReportFields } from "../../tests/helpers/sample-files";
import { apiTestServer } from "../../tests/helpers/api-test-server";
import { testDatabaseKinds } from "../../tests/helpers/test-database";
import { auditRouter } from "../audit/audit-api.server";
import { ensureAdminPassword } from "../auth/admin-auth.server";
import { loginRouter } from "../auth/login-api.server";
import { peopleRouter } from "../people/people-api.server";
import { securityReportsRouter } from "../reports/security-reports-api.server";
import { createUploadGate } from "../reports/upload-quota.server";
import { caseApiRouter } from "./case-api.server";
import { triageApiRouter } from "./triage-api.server";
import type { TriagedReport } from "./triage.server";
import type { InboxReport } from "../reports/reports.server";

const PASSWORD = "correct horse battery staple";

describe.each(testDatabaseKinds)("assigning reports on %s", (kind) => {
  const server = apiTestServer(kind);

  async function start() {
    const { db, url, send } = await server.start({
      env: { MFA_SECRET_KEY: "a test key that is long enough to be one", REPORT_RATE_LIMIT: "100" },
      prepare: (db) => ensureAdminPassword(db, PASSWORD),
      routers: (services) => [
        loginRouter(services),
        peopleRouter(services),
        auditRouter(services),
        securityReportsRouter(services),
        caseApiRouter(services, { gate: createUploadGate(4) }),
        triageApiRouter(services),
      ],
    });
    const call = (method: string, path: string, token?: string, body?: unknown) => send(path, { method, token, body });
    const owner = ((await (await call("POST", "/admin/login", undefined, { password: PASSWORD })).json()) as { token: string }).token;
    /** Invites a person with a role, takes the invitation in their name and answers their id and token. */
    const join = async (email: string, name: string, role: string) => {
      const invited = (await (await call("POST", "/admin/people", owner, { email, name, role })).json()) as { id: string };
      const mail = await db.selectFrom("mail_outbox").select("text_body").where("to_address", "=", email).executeTakeFirstOrThrow();
      const invitation = /\/admin\/invite\/([\w-]{43})/.exec(mail.text_body)![1]!;
      const joined = await call("POST", `/admin/invitations/${invitation}`, undefined, { name, password: `${name}'s own long password` });
      expect(joined.status).toBe(200);
      return { id: invited.id, token: ((await joined.json()) as { token: string }).token };
    };
    const file = async () => {
      const form = new FormData();
      for (const [name, value] of Object.entries(validReportFields())) form.append(name, value);
      const response = await fetch(`${url}/security/reports`, { method: "POST", body: form });
      expect(response.status).toBe(201);
      return (await response.json()) as { id: string; reference: string; caseUrl: string };
    };
    return { db, url, call, owner, join, file };
  }

  test("the owner assigns a report to a security person: emailed to them, on the timeline, in their Assigned to me, audited", async () => {
    const { db, url, call, owner, join, file } = await start();
    const priya = await join("priya@example.com", "Priya", "security");
    const report = await file();
    const other = await file();

    const assignees = (await (await call("GET", "/admin/security/assignees", owner)).json()) as unknown[];
    expect(assignees).toEqual([
      { id: "owner", name: "Owner", role: "owner" },
      { id: priya.id, name: "Priya", role: "security" },
    ]);

    const assigned = await call("PATCH", `/admin/security/reports/${report.id}`, owner, { assignee_id: priya.id });
    expect(assigned.status).toBe(200);
    const view = ((await assigned.json()) as { report: TriagedReport }).report;
    expect(view.assignee).toEqual({ id: priya.id, name: "Priya", role: "security" });
    expect(view.events.at(-1)).toMatchObject({ kind: "assignment", assignee: "Priya", actor: { id: "owner", name: "Owner", role: "owner" } });

    const email = await db
      .selectFrom("mail_outbox")
      .select(["subject", "text_body"])
      .where("to_address", "=", "priya@example.com")
      .where("subject", "like", `%${report.reference}%`)
      .executeTakeFirstOrThrow();
    expect(email.subject).toContain("Assigned to you");
    expect(email.text_body).toContain(`/admin/reports/${report.id}`);

    // Her own inbox: only what is assigned to her; the owner's "me" has nothing.
    const mine = (await (await call("GET", "/admin/security/reports?assigned=me", priya.token)).json()) as { reports: InboxReport[] };
    expect(mine.reports.map((each) => each.reference)).toEqual([report.reference]);
    expect(mine.reports[0]!.assignee).toEqual({ id: priya.id, name: "Priya", role: "security" });
    const ownersOwn = (await (await call("GET", "/admin/security/reports?assigned=me", owner)).json()) as { reports: InboxReport[] };
    expect(ownersOwn.reports).toEqual([]);
    const all = (await (await call("GET", "/admin/security/reports", priya.token)).json()) as { reports: InboxReport[] };
    expect(all.reports.map((each) => each.reference).sort()).toEqual([report.reference, other.reference].sort());
    expect((await call("GET", "/admin/security/reports?assigned=someone", priya.token)).status).toBe(400);

    // Her steps are named on the timeline; the reporter's case page never names anyone or shows the assignment.
    await call("PATCH", `/admin/security/reports/${report.id}`, priya.token, { status: "triaged", assessed_severity: "High" });
    await call("POST", `/admin/security/reports/${report.id}/messages`, priya.token, { body: "Thanks, we are on it." });
    const page = ((await (await call("GET", `/admin/security/reports/${report.id}`, priya.token)).json()) as { report: TriagedReport }).report;
    const byPriya = { id: priya.id, name: "Priya", role: "security" };
    const steps = page.events.filter((event) => event.author === "team").map((event) => [event.kind, event.actor]);
    expect(steps[0]).toEqual(["assignment", { id: "owner", name: "Owner", role: "owner" }]);
    // The status and the assessment were one change, at one instant: in either order.
    expect(steps.slice(1, 3).sort()).toEqual([["assessment", byPriya], ["status", byPriya]]);
    expect(steps[3]).toEqual(["message", byPriya]);
    expect(page.events.find((event) => event.kind === "assessment")).toMatchObject({ detail: "Severity: High" });
    const caseToken = new URL(report.caseUrl).pathname.split("/").at(-1)!;
    const caseView = await (await fetch(`${url}/security/case/${caseToken}`)).text();
    expect(caseView).not.toContain("Priya");
    expect(caseView).not.toContain("assignment");

    // Unassigned: on the timeline too; no email.
    const before = await db.selectFrom("mail_outbox").select("id").where("to_address", "=", "priya@example.com").execute();
    const unassigned = ((await (await call("PATCH", `/admin/security/reports/${report.id}`, owner, { assignee_id: null })).json()) as { report: TriagedReport }).report;
    expect(unassigned.assignee).toBeNull();
    expect(unassigned.events.at(-1)).toMatchObject({ kind: "assignment", assignee: null });
    expect(await db.selectFrom("mail_outbox").select("id").where("to_address", "=", "priya@example.com").execute()).toHaveLength(before.length);

    const audit = (await (await call("GET", "/admin/audit?action=report.assigned", owner)).json()) as { items: { detail: string; actor: unknown }[] };
    expect(audit.items.map((item) => item.detail)).toEqual(["Unassigned", "Assigned to Priya"]);
    expect(audit.items[0]!.actor).toEqual({ id: "owner", name: "Owner", role: "owner" });
  });

  test("only people who may triage can be assigned; an editor may not read or change reports; the audit trail filters by person", async () => {
    const { call, owner, join, file } = await start();
    const editor = await join("eddie@example.com", "Eddie", "editor");
    const sam = await join("sam@example.com", "Sam", "security");
    const report = await file();

    for (const assignee_id of [editor.id, "nobody", 42]) {
      const refused = await call("PATCH", `/admin/security/reports/${report.id}`, owner, { assignee_id });
      expect(refused.status).toBe(400);
      expect(await refused.json()).toEqual({
        error: "Choose someone of the team who may triage reports",
        fields: { assignee_id: "Choose someone of the team who may triage reports" },
      });
    }
    // Someone removed cannot be assigned either.
    expect((await call("DELETE", `/admin/people/${sam.id}`, owner)).status).toBe(204);
    expect((await call("PATCH", `/admin/security/reports/${report.id}`, owner, { assignee_id: sam.id })).status).toBe(400);

    expect(await (await call("GET", "/admin/security/reports", editor.token)).json()).toEqual({ error: "The Editor role may not read vulnerability reports." });
    expect((await call("GET", `/admin/security/reports/${report.id}`, editor.token)).status).toBe(403);
    expect((await call("GET", "/admin/security/assignees", editor.token)).status).toBe(403);
    expect((await call("PATCH", `/admin/security/reports/${report.id}`, editor.token, { assignee_id: editor.id })).status).toBe(403);

    // The owner assigns to themselves: no email (the owner has no address), the trail names the owner.
    expect((await call("PATCH", `/admin/security/reports/${report.id}`, owner, { assignee_id: "owner" })).status).toBe(200);
    const ownersSteps = (await (await call("GET", "/admin/audit?actor=owner&kind=reports", owner)).json()) as { items: { action: string }[] };
    expect(ownersSteps.items.map((item) => item.action)).toEqual(["report.assigned"]);
    const eddies = (await (await call("GET", `/admin/audit?actor=${editor.id}`, owner)).json()) as { items: { action: string; actor: unknown }[] };
    expect(eddies.items.map((item) => item.action)).toEqual(["login.success", "person.joined"]);
    for (const item of eddies.items) expect(item.actor).toEqual({ id: editor.id, name: "Eddie", role: "editor" });
  });
});
