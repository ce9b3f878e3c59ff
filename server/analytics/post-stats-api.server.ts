import express from "express";
import { analyticsPeriod, dayOf } from "../../domain/analytics";
import type { AppServices } from "../context.server";
import { sendApiError } from "../http/api-errors.server";
import { adminRoutes } from "../auth/admin-routes.server";
import { postStats } from "./post-stats.server";

/**
 * `GET /api/admin/posts/:id/stats?days=N` (30 by default): one post's views, visitors, leads and
 * demo clicks with the period before, its top sources and campaigns, and its page speed, for the
 * admin only. An unknown post is a 404; a bad `days` a 400 naming it.
 */
export function postStatsRouter(services: AppServices) {
  const router = express.Router();
  const admin = adminRoutes(router, services);
  admin.door("analytics.read").get("/admin/posts/:id/stats", async (req, res) => {
    const period = analyticsPeriod({ days: req.query.days }, dayOf(Date.now()));
    if (!period.ok) return sendApiError(res, 400, period.error, { [period.field]: period.error });
    const post = await services.db.selectFrom("blog_posts").select("slug").where("id", "=", String(req.params.id)).executeTakeFirst();
    if (!post) return sendApiError(res, 404, "Not found");
    res.json(await postStats(services.db, post.slug, period.period));
  });
  return router;
}
