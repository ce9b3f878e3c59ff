import express from "express";
import { countUnreadMessages } from "../contact/contact-messages.server";
import type { AppServices } from "../context.server";
import { countNewReports, countReportsAwaitingTeam } from "../reports/reports.server";
import { requireAdmin } from "../auth/require-admin.server";

/** GET /api/admin/counts: the admin navigation's badges in one small answer. */
export function adminCountsRouter(services: AppServices) {
  const router = express.Router();
  router.get("/admin/counts", requireAdmin(services), async (_req, res) => {
    const [unreadMessages, newReports, reportsAwaitingTeam] = await Promise.all([
      countUnreadMessages(services.db),
      countNewReports(services.db),
      countReportsAwaitingTeam(services.db),
    ]);
    res.set("Cache-Control", "no-store").json({ unreadMessages, newReports, reportsAwaitingTeam });
  });
  return router;
}
