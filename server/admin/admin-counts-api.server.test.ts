import { describe, expect, test } from "vitest";
import { apiTestServer } from "../../tests/helpers/api-test-server";
import { testDatabaseKinds } from "../../tests/helpers/test-database";
import { ensureAdminPassword, login } from "../auth/admin-auth.server";
import { adminCountsRouter } from "./admin-counts-api.server";
import { securityReportsRouter } from "../reports/security-reports-api.server";

const SEVERITY = ["Critical", "High", "Medium", "Low", "Informational"];
const STATUS = ["new", "triaged", "resolved", "not_applicable"] as const;

type List = { reports: { reference: string; severity: string; status: string }[]; total: number; newCount: number };

describe.each(testDatabaseKinds)("the triage list's filters and the admin counts on %s", (kind) => {
  const server = apiTestServer(kind);

  /** 20 reports an hour apart: severity cycles over 5, status over 4; every 4th title says "SQL_injection". */
  async function start() {
    const current = await server.start({ env: {}, routers: (services) => [securityReportsRouter(services), adminCountsRouter(services)] });
    const { db, send } = current;
    const base = Date.parse("2026-11-01T09:00:00Z");
    await db
      .insertInto("security_reports")
      .values(
        Array.from({ length: 20 }, (_, index) => ({
          id: `r-${String(index).padStart(2, "0")}`,
          reference: `VR-2026-TEST${String(index).padStart(2, "0")}`,
          reporter_name: "Ada",
          reporter_email: "ada@example.com",
          company: "",
          asset_affected: "www",
          vulnerability_title: index % 4 === 0 ? `SQL_injection in form ${index}` : `Other issue ${index}`,
          vrt_category: "Other",
          vrt_subcategory: "Other",
          weakness_type: "Other",
          severity: SEVERITY[index % 5]!,
          description: "x".repeat(60),
          reproduction_steps: "steps",
          impact: "impact",
          status: STATUS[index % 4]!,
          created_at: new Date(base + index * 3_600_000).toISOString(),
          updated_at: new Date(base + index * 3_600_000).toISOString(),
        })),
      )
      .execute();
    await ensureAdminPassword(db, "correct horse battery staple");
    const token = (await login(db, "correct horse battery staple"))!.token;
    const get = async (path: string) => {
      const response = await send(path, { method: "GET", token });
      return { status: response.status, body: (await response.json()) as List & Record<string, unknown> };
    };
    return { get, send };
  }

  test("status, severity, text and order filter the list; total and newCount stay honest", async () => {
    const { get } = await start();
    const all = await get("/admin/security/reports?page=1");
    expect(all.body).toMatchObject({ total: 20, newCount: 5, page: 1, pageCount: 1 });
    expect(all.body.reports[0]!.reference).toBe("VR-2026-TEST19");

    const critical = await get("/admin/security/reports?severity=Critical");
    expect(critical.body.total).toBe(4);
    expect(critical.body.reports.every((report) => report.severity === "Critical")).toBe(true);

    const triaged = await get("/admin/security/reports?status=triaged&sort=oldest");
    expect(triaged.body.reports.map((report) => report.reference)).toEqual(
      ["VR-2026-TEST01", "VR-2026-TEST05", "VR-2026-TEST09", "VR-2026-TEST13", "VR-2026-TEST17"],
    );
    expect(triaged.body.newCount).toBe(5);

    const sql = await get("/admin/security/reports?q=sql_INJECTION");
    expect(sql.body.total).toBe(5);
    expect((await get("/admin/security/reports?q=test07")).body.reports.map((report) => report.reference)).toEqual(["VR-2026-TEST07"]);
    expect((await get("/admin/security/reports?q=%25")).body.total).toBe(0);
    expect((await get("/admin/security/reports?q=sql&status=new")).body.total).toBe(5);
  });

  test("unknown filter values are refused with 400 naming the parameter", async () => {
    const { get } = await start();
    for (const [query, field] of [["status=open", "status"], ["severity=Huge", "severity"], ["sort=up", "sort"], ["q=a&q=b", "q"]]) {
      const answer = await get(`/admin/security/reports?${query}`);
      expect(answer.status, query).toBe(400);
      expect(Object.keys(answer.body.fields as object)).toEqual([field]);
    }
  });

  test("GET /admin/counts gives the navigation's badges and needs a session", async () => {
    const { get, send } = await start();
    expect((await send("/admin/counts", { method: "GET" })).status).toBe(401);
    // The owner reviews drafts too: their count of those waiting comes along (docs/decisions/210).
    expect((await get("/admin/counts")).body).toEqual({ unreadMessages: 0, newReports: 5, reportsAwaitingTeam: 5, reviews: 0 });
  });
});
