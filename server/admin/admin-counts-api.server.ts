import express from "express";
import { countUnreadMessages } from "../contact/contact-messages.server";
import type { AppServices } from "../context.server";
import { countNewReports, countReportsAwaitingTeam } from "../reports/reports.server";
import { adminRoutes } from "../auth/admin-routes.server";
import { countWaitingReviews } from "../blog/review-requests.server";
import { may } from "../../domain/roles";

/** GET /api/admin/counts: the admin navigation's badges in one small answer, of what the person's role may read. */
export function adminCountsRouter(services: AppServices) {
  const router = express.Router();
  const admin = adminRoutes(router, services);
  admin.door("site.counts").get("/admin/counts", async (_req, res) => {
    // A count of what the role may not read is no count of theirs: 0, never a hint; drafts waiting
    // for review are counted for those who review them.
    const { role } = res.locals.adminSession!;
    const leads = may(role, "leads.read");
    const reports = may(role, "reports.read");
    const reviews = may(role, "posts.review") ? countWaitingReviews(services.db) : undefined;
    const [unreadMessages, newReports, reportsAwaitingTeam, waiting] = await Promise.all([
      leads ? countUnreadMessages(services.db) : 0,
      reports ? countNewReports(services.db) : 0,
      reports ? countReportsAwaitingTeam(services.db) : 0,
      reviews,
    ]);
    res.json({ unreadMessages, newReports, reportsAwaitingTeam, ...(waiting === undefined ? {} : { reviews: waiting }) });
  });
  return router;
}
