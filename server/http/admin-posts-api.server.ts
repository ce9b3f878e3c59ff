import express, { type Request, type Response } from "express";
import { adminApiMessages } from "../../domain/admin-messages";
import { authMessages } from "../../domain/auth";
import { POST_LIMITS, postMessages } from "../../domain/blog-post";
import {
  createPost,
  deletePost,
  getPostById,
  listPostSummaries,
  updatePost,
  type PostWriteResult,
} from "../blog/posts.server";
import type { AppServices } from "../context.server";
import { jsonBody, sendApiError } from "./api-errors.server";
import { requireAdmin } from "./require-admin.server";

type PostParams = { id: string };

/**
 * Pasted images arrive inside the body as data URLs, so a post may be far bigger than the API's
 * usual JSON cap: room for the largest content any UTF-8 text can take (3 bytes per UTF-16 unit)
 * plus the other fields. Parsed only after the token is checked.
 */
export const ADMIN_POST_BODY_LIMIT = POST_LIMITS.content * 3 + 64 * 1024;

/**
 * The admin doors of the posts service (DESIGN.md): list, read, create, update, delete, each
 * behind the admin guard with the specification's message. Mount it before the API's shared JSON
 * parser: it parses its own, larger bodies after authentication.
 */
export function adminPostsRouter(services: AppServices) {
  const { db } = services;
  const router = express.Router();
  const largeJson = jsonBody(`${ADMIN_POST_BODY_LIMIT}b`);

  router.use("/admin/posts", (_req, res, next) => {
    res.set("Cache-Control", "no-store");
    next();
  });

  router.get("/admin/posts", requireAdmin(services), async (_req, res) => {
    res.json(await listPostSummaries(db));
  });

  router.get("/admin/posts/:id", requireAdmin(services), async (req: Request<PostParams>, res) => {
    const post = await getPostById(db, req.params.id);
    if (!post) return sendApiError(res, 404, adminApiMessages.postNotFound);
    res.json(post);
  });

  router.post("/admin/posts", requireAdmin(services, authMessages.requiredToCreate), largeJson, async (req, res) => {
    sendWriteResult(res, await createPost(db, req.body), 201);
  });

  router.patch(
    "/admin/posts/:id",
    requireAdmin(services, authMessages.requiredToUpdate),
    largeJson,
    async (req: Request<PostParams>, res: Response) => {
      sendWriteResult(res, await updatePost(db, req.params.id, req.body), 200);
    },
  );

  router.delete("/admin/posts/:id", requireAdmin(services, authMessages.requiredToDelete), async (req: Request<PostParams>, res) => {
    if (!(await deletePost(db, req.params.id))) return sendApiError(res, 404, adminApiMessages.postNotFound);
    res.status(204).end();
  });

  return router;
}

function sendWriteResult(res: Response, result: PostWriteResult, successStatus: number): void {
  if (result.ok) {
    res.status(successStatus).json(result.post);
    return;
  }
  switch (result.code) {
    case "not_found":
      return sendApiError(res, 404, adminApiMessages.postNotFound);
    case "slug_taken":
      return sendApiError(res, 409, result.fields.slug ?? postMessages.slugTaken, result.fields);
    case "invalid":
      return sendApiError(res, 400, firstMessage(result.fields), result.fields);
  }
}

/** The first field's message names the problem; `fields` carries them all. */
function firstMessage(fields: Record<string, string>): string {
  return Object.values(fields)[0] ?? adminApiMessages.invalidPost;
}
