import express from "express";
import { analyticsPeriod, dayOf } from "../../domain/analytics";
import type { AppServices } from "../context.server";
import { sendApiError } from "../http/api-errors.server";
import { adminRoutes } from "../auth/admin-routes.server";
import { pathStats } from "./post-stats.server";

/**
 * `GET /api/admin/posts/:id/stats?days=N` (30 by default): one post's views, visitors, leads and
 * demo clicks with the period before, its top sources and campaigns, and its page speed, for the
 * admin only; `GET /api/admin/pages/:id/stats` the same of an edited page's live address
 * (decision 226). An unknown post or page is a 404; a bad `days` a 400 naming it.
 */
export function postStatsRouter(services: AppServices) {
  const router = express.Router();
  const admin = adminRoutes(router, services);
  const statsOf = (pathOf: (id: string) => Promise<string | undefined>) => async (req: express.Request, res: express.Response) => {
    const period = analyticsPeriod({ days: req.query.days }, dayOf(Date.now()));
    if (!period.ok) return sendApiError(res, 400, period.error, { [period.field]: period.error });
    const path = await pathOf(String(req.params.id));
    if (path === undefined) return sendApiError(res, 404, "Not found");
    res.json(await pathStats(services.db, path, period.period));
  };
  admin.door("analytics.read").get(
    "/admin/posts/:id/stats",
    statsOf(async (id) => {
      const post = await services.db.selectFrom("blog_posts").select("slug").where("id", "=", id).executeTakeFirst();
      return post && `/blog/${post.slug}`;
    }),
  );
  admin.door("analytics.read").get(
    "/admin/pages/:id/stats",
    statsOf(async (id) => (await services.db.selectFrom("site_pages").select("path").where("id", "=", id).executeTakeFirst())?.path),
  );
  return router;
}
