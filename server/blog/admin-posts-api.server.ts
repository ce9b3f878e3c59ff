import express, { type Request, type Response } from "express";
import { adminApiMessages } from "../../domain/admin-messages";
import { authMessages } from "../../domain/auth";
import { postMessages } from "../../domain/blog-post";
import {
  ADMIN_POST_BODY_LIMIT,
  createPost,
  deletePost,
  getPostById,
  listPostSummaries,
  updatePost,
  type PostWriteResult,
} from "./posts.server";
import type { AuditAction } from "../../domain/audit";
import { audit } from "../audit/audit.server";
import type { AppServices } from "../context.server";
import { jsonBody, sendApiError } from "../http/api-errors.server";
import { requireAdmin } from "../http/require-admin.server";

type PostParams = { id: string };


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
    const result = await createPost(db, req.body);
    if (result.ok) await audit.record(db, { action: "post.created", target: result.post.id, ip: req.ip, session: res.locals.adminSession?.id });
    sendWriteResult(res, result, 201);
  });

  router.patch(
    "/admin/posts/:id",
    requireAdmin(services, authMessages.requiredToUpdate),
    largeJson,
    async (req: Request<PostParams>, res: Response) => {
      const result = await updatePost(db, req.params.id, req.body);
      if (result.ok) await audit.record(db, { action: patchAction(req.body), target: result.post.id, ip: req.ip, session: res.locals.adminSession?.id });
      sendWriteResult(res, result, 200);
    },
  );

  router.delete("/admin/posts/:id", requireAdmin(services, authMessages.requiredToDelete), async (req: Request<PostParams>, res) => {
    if (!(await deletePost(db, req.params.id))) return sendApiError(res, 404, adminApiMessages.postNotFound);
    await audit.record(db, { action: "post.deleted", target: req.params.id, ip: req.ip, session: res.locals.adminSession?.id });
    res.status(204).end();
  });

  return router;
}

/**
 * What a post update did, for the audit trail: a publish date set is a schedule, a change of
 * `published` or `featured` alone a publish, unpublish or feature; `restored_from` (a revision
 * put back in the editor) a restore; anything else an update.
 */
function patchAction(body: unknown): AuditAction {
  const fields = body !== null && typeof body === "object" ? (body as Record<string, unknown>) : {};
  if (typeof fields.restored_from === "string") return "post.restored";
  if (typeof fields.publish_at === "string" && fields.published === true) return "post.scheduled";
  if (fields.published === true) return "post.published";
  if (fields.published === false) return "post.unpublished";
  if (fields.featured === true) return "post.featured";
  if (fields.featured === false) return "post.unfeatured";
  return "post.updated";
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
