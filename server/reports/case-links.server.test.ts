import { afterEach, describe, expect, test, vi } from "vitest";
import type { CaseView } from "../../domain/disclosure-case";
import { apiTestServer } from "../../tests/helpers/api-test-server";
import { validReportFields } from "../../tests/helpers/sample-files";
import { testDatabaseKinds } from "../../tests/helpers/test-database";
import { ensureAdminPassword, login } from "../auth/admin-auth.server";
import type { AppDatabase } from "../db/database.server";
import { CROSS_SITE_REFUSED, refuseCrossSite } from "../http/cross-site.server";
import { securityReportsRouter } from "./security-reports-api.server";
import { createUploadGate } from "./upload-quota.server";
import { caseApiRouter } from "../disclosure/case-api.server";
import { triageApiRouter } from "../disclosure/triage-api.server";
import { openCase } from "../disclosure/case.server";

const PASSWORD = "correct horse battery staple";
const REPORTER = "ada@example.com";
const CASE_LINK = /\/security\/case\/([A-Za-z0-9_-]{43})/;

afterEach(() => {
  vi.useRealTimers();
});

describe.each(testDatabaseKinds)("a case's links on %s", (kind) => {
  const server = apiTestServer(kind);

  async function start() {
    const started = await server.start({
      env: { REPORT_RATE_LIMIT: "100" },
      beforeApi: [refuseCrossSite("http://localhost:3000")],
      routers: (services) => {
        const gate = createUploadGate(4);
        return [securityReportsRouter(services, { gate }), caseApiRouter(services, { gate }), triageApiRouter(services)];
      },
    });
    await ensureAdminPassword(started.db, PASSWORD);
    const form = new FormData();
    for (const [name, value] of Object.entries(validReportFields({ reporter_email: REPORTER }))) form.append(name, value);
    const filed = await fetch(`${started.url}/security/reports`, { method: "POST", body: form });
    expect(filed.status).toBe(201);
    const report = (await filed.json()) as { id: string; reference: string; caseUrl: string };
    const open = async (token: string) => fetch(`${started.url}/security/case/${token}`);
    const askForLink = (email = REPORTER) => started.send("/security/case-link", { body: { reference: report.reference, email } });
    const teamWrites = async (body: string) => {
      const { token } = (await login(started.db, PASSWORD))!;
      expect((await started.send(`/admin/security/reports/${report.id}/messages`, { body: { body }, token })).status).toBe(201);
    };
    return { ...started, report, first: CASE_LINK.exec(report.caseUrl)![1]!, open, askForLink, teamWrites };
  }

  async function linksEmailed(db: AppDatabase, subject: string): Promise<string[]> {
    const emails = await db
      .selectFrom("mail_outbox")
      .select("text_body")
      .where("to_address", "=", REPORTER)
      .where("subject", "like", `%${subject}%`)
      .orderBy("created_at")
      .execute();
    return emails.map((email) => CASE_LINK.exec(email.text_body)![1]!);
  }

  test("a lost-link request leaves the working link alone until the new link is used; then the links before it end", async () => {
    const { db, open, askForLink, teamWrites, first } = await start();
    // Whoever knows the reference and the address asks; no mail server is configured.
    expect((await askForLink()).status).toBe(202);
    const [requested] = await linksEmailed(db, "Your new case link");
    expect(requested).toBeDefined();
    for (let visit = 0; visit < 3; visit += 1) expect((await open(first)).status).toBe(200);

    // A link the team sends after the request is newer than it, and survives its first use.
    await teamWrites("Could you send the request you used?");
    const [fromTeam] = await linksEmailed(db, "New message about");

    expect((await open(requested!)).status).toBe(200);
    expect((await open(first)).status).toBe(404);
    expect((await open(fromTeam!)).status).toBe(200);
    expect((await open(requested!)).status).toBe(200);
  });

  test("new links per report are capped at three a day, and asking again never cuts the working link", async () => {
    const { db, open, askForLink, first } = await start();
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-11-26T09:00:00Z"));
    const answers = [];
    for (let request = 0; request < 5; request += 1) answers.push((await askForLink("ADA@example.com")).status);
    expect(answers).toEqual([202, 202, 202, 202, 202]);
    expect(await linksEmailed(db, "Your new case link")).toHaveLength(3);
    expect((await open(first)).status).toBe(200);

    vi.setSystemTime(new Date("2026-11-27T09:01:00Z"));
    expect((await askForLink()).status).toBe(202);
    expect(await linksEmailed(db, "Your new case link")).toHaveLength(4);
    expect((await open(first)).status).toBe(200);
  });

  test("the case lists its links, the one in use marked, and \"end older links\" ends only those issued before it", async () => {
    const { db, url, open, askForLink, teamWrites, first } = await start();
    await teamWrites("Thanks, we are looking at it.");
    expect((await askForLink()).status).toBe(202);
    const [fromTeam] = await linksEmailed(db, "New message about");
    const [requested] = await linksEmailed(db, "Your new case link");

    const view = ((await (await open(first)).json()) as { case: CaseView }).case;
    expect(view.links.map((link) => [link.issuedFor, link.current])).toEqual([
      ["request", false],
      ["message", false],
      ["report", true],
    ]);
    expect(view.links[2]!.lastUsedAt).toEqual(expect.any(String));
    expect(view.links[0]!.lastUsedAt).toBeNull();
    // Nothing in the list opens a case: no token, no hash.
    expect(JSON.stringify(view.links)).not.toMatch(/[A-Za-z0-9_-]{40,}/);

    const crossSite = await fetch(`${url}/security/case/${first}/end-other-links`, { method: "POST", headers: { origin: "https://evil.example" } });
    expect(crossSite.status).toBe(403);
    expect(((await crossSite.json()) as { error: string }).error).toBe(CROSS_SITE_REFUSED);
    expect((await fetch(`${url}/security/case/${"A".repeat(43)}/end-other-links`, { method: "POST" })).status).toBe(404);

    // A leaked old link cannot end the newer ones: the reporter's new link keeps working.
    const fromOld = await fetch(`${url}/security/case/${first}/end-other-links`, { method: "POST" });
    expect(await fromOld.json()).toEqual({ ended: 0 });
    expect((await open(fromTeam!)).status).toBe(200);

    const ended = await fetch(`${url}/security/case/${fromTeam}/end-other-links`, { method: "POST" });
    expect(ended.status).toBe(200);
    expect(await ended.json()).toEqual({ ended: 1 });
    expect((await open(first)).status).toBe(404);
    expect((await open(requested!)).status).toBe(200);
  });

  test("a leaked link opened before the new one cannot lock the reporter out", async () => {
    const { db, url, open, askForLink, first } = await start();
    expect((await askForLink()).status).toBe(202);
    const [requested] = await linksEmailed(db, "Your new case link");
    // The holder of the old link strikes first, every time.
    expect(await (await fetch(`${url}/security/case/${first}/end-other-links`, { method: "POST" })).json()).toEqual({ ended: 0 });
    expect((await open(requested!)).status).toBe(200);
    expect((await open(first)).status).toBe(404);
  });

  test("the team ends every link of the case; the reporter can ask for a new one", async () => {
    const { db, open, askForLink, teamWrites, first, report, send } = await start();
    await teamWrites("Thanks, we are looking at it.");
    const [fromTeam] = await linksEmailed(db, "New message about");
    const { token } = (await login(db, PASSWORD))!;
    expect((await send(`/admin/security/reports/${report.id}/case-links`, { method: "DELETE" })).status).toBe(401);
    expect((await send(`/admin/security/reports/nope/case-links`, { method: "DELETE", token })).status).toBe(404);
    expect((await send(`/admin/security/reports/${report.id}/case-links`, { method: "DELETE", token })).status).toBe(204);
    expect((await open(first)).status).toBe(404);
    expect((await open(fromTeam!)).status).toBe(404);
    const audited = await db.selectFrom("audit_events").select(["action", "target_label"]).where("action", "=", "report.case_links_ended").execute();
    expect(audited).toEqual([{ action: "report.case_links_ended", target_label: report.reference }]);

    expect((await askForLink()).status).toBe(202);
    const [requested] = await linksEmailed(db, "Your new case link");
    expect((await open(requested!)).status).toBe(200);
  });

  test("each link has its own request budget: one holder cannot spend the reporter's", async () => {
    const { db, teamWrites, first } = await start();
    await teamWrites("Thanks, we are looking at it.");
    const [fromTeam] = await linksEmailed(db, "New message about");
    // Each request from another client, so that only the link's own budget can run out.
    const openAs = async (token: string, client: number) => {
      const opened = await openCase(db, token, `client-${client}`);
      return opened.ok ? 200 : "code" in opened ? 429 : opened.status;
    };
    let status = 200;
    for (let request = 0; request < 200 && status !== 429; request += 1) status = await openAs(first, request);
    expect(status).toBe(429);
    expect(await openAs(fromTeam!, 1000)).toBe(200);
  });
});
