import express from "express";
import { analyticsFilters, analyticsPeriod, CSV_TABLES, csvFileName, dayOf, type CsvTable } from "../../domain/analytics";
import type { AppServices } from "../context.server";
import { sendApiError } from "../http/api-errors.server";
import { adminRoutes } from "../auth/admin-routes.server";
import { analyticsReport } from "./analytics-report.server";
import { reportCsv } from "./analytics-csv.server";

/**
 * The dashboard's data, for the admin only (docs/decisions/141):
 * - `GET /api/admin/analytics?days=N` (or `from` and `to`, ISO dates): the report, narrowed by
 *   any of `path`, `source` and `campaign` together (decisions 185, 225); a filter it cannot apply
 *   is a 400 naming it
 * - `GET /api/admin/analytics.csv?days=N&table=pages|referrers|campaigns|vitals`: one of its
 *   tables, under the same filters
 * A bad period or table is a 400 naming the parameter.
 */
export function analyticsRouter(services: AppServices) {
  const router = express.Router();
  const admin = adminRoutes(router, services);

  const periodOf = (req: express.Request, res: express.Response) => {
    const result = analyticsPeriod(req.query, dayOf(Date.now()));
    if (result.ok) return result.period;
    sendApiError(res, 400, result.error, { [result.field]: result.error });
    return undefined;
  };

  const filtersOf = (req: express.Request, res: express.Response) => {
    const result = analyticsFilters(req.query);
    if (result.ok) return result.filters;
    sendApiError(res, 400, result.error, { [result.field]: result.error });
    return undefined;
  };

  admin.door("analytics.read").get("/admin/analytics", async (req, res) => {
    const period = periodOf(req, res);
    const filters = period && filtersOf(req, res);
    if (!period || !filters) return;
    res.json(await analyticsReport(services.db, period, filters));
  });

  admin.door("analytics.read").get("/admin/analytics.csv", async (req, res) => {
    const table = req.query.table;
    if (!CSV_TABLES.includes(table as CsvTable)) {
      const error = `table must be one of ${CSV_TABLES.join(", ")}.`;
      return sendApiError(res, 400, error, { table: error });
    }
    const period = periodOf(req, res);
    const filters = period && filtersOf(req, res);
    if (!period || !filters) return;
    const csv = reportCsv(await analyticsReport(services.db, period, filters), table as CsvTable);
    res
      .type("text/csv; charset=utf-8")
      .attachment(csvFileName(table as CsvTable, period))
      .send(csv);
  });
  return router;
}
