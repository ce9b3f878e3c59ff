import express from "express";
import { countUnreadMessages } from "../contact/contact-messages.server";
import type { AppServices } from "../context.server";
import { countNewReports, countReportsAwaitingTeam } from "../reports/reports.server";
import { adminRoutes } from "../auth/admin-routes.server";

/** GET /api/admin/counts: the admin navigation's badges in one small answer. */
export function adminCountsRouter(services: AppServices) {
  const router = express.Router();
  const admin = adminRoutes(router, services);
  admin.door("site.counts").get("/admin/counts", async (_req, res) => {
    const [unreadMessages, newReports, reportsAwaitingTeam] = await Promise.all([
      countUnreadMessages(services.db),
      countNewReports(services.db),
      countReportsAwaitingTeam(services.db),
    ]);
    res.json({ unreadMessages, newReports, reportsAwaitingTeam });
  });
  return router;
}
