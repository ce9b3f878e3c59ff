import express from "express";
import { countUnreadMessages } from "../contact/contact-messages.server";
import type { AppServices } from "../context.server";
import { countNewReports, countReportsAwaitingTeam } from "../reports/reports.server";
import { adminRoutes } from "../auth/admin-routes.server";
import { countWaitingReviews } from "../blog/review-requests.server";
import { may } from "../../domain/roles";

/** GET /api/admin/counts: the admin navigation's badges in one small answer. */
export function adminCountsRouter(services: AppServices) {
  const router = express.Router();
  const admin = adminRoutes(router, services);
  admin.door("site.counts").get("/admin/counts", async (_req, res) => {
    // Drafts waiting for review are counted for those who review them.
    const reviews = may(res.locals.adminSession!.role, "posts.review") ? countWaitingReviews(services.db) : undefined;
    const [unreadMessages, newReports, reportsAwaitingTeam, waiting] = await Promise.all([
      countUnreadMessages(services.db),
      countNewReports(services.db),
      countReportsAwaitingTeam(services.db),
      reviews,
    ]);
    res.json({ unreadMessages, newReports, reportsAwaitingTeam, ...(waiting === undefined ? {} : { reviews: waiting }) });
  });
  return router;
}
