import express from "express";
import { blogMessages, parsePageNumber } from "../../domain/blog";
import { findSlugRedirect } from "./post-workflow.server";
import { getPublishedPost, listPublishedPosts } from "./public-posts.server";
import type { AppServices } from "../context.server";
import { sendApiError } from "../http/api-errors.server";

export const pageQueryMessage = "Page must be a whole number from 1";

/**
 * GET /api/posts?page=N and GET /api/posts/:slug (DESIGN.md): published posts only, through the
 * public projection. Answers may be cached but are revalidated (Express adds an ETag), so a
 * change shows at once.
 */
export function publicPostsRouter({ db }: Pick<AppServices, "db">) {
  const router = express.Router();

  router.get("/posts", async (req, res) => {
    const raw = req.query.page;
    const page = raw === undefined ? 1 : parsePageNumber(typeof raw === "string" ? raw : null);
    if (page === undefined) return sendApiError(res, 400, pageQueryMessage, { page: pageQueryMessage });
    res.set("Cache-Control", "no-cache").json(await listPublishedPosts(db, page));
  });

  router.get("/posts/:slug", async (req, res) => {
    const post = await getPublishedPost(db, req.params.slug);
    if (!post) {
      // A renamed post's old slug: 301 to its current address in the API.
      const renamed = await findSlugRedirect(db, req.params.slug);
      if (renamed) return res.redirect(301, `${req.baseUrl}/posts/${encodeURIComponent(renamed)}`);
      return sendApiError(res, 404, blogMessages.postNotFound);
    }
    res.set("Cache-Control", "no-cache").json(post);
  });

  return router;
}
