import express, { type Request, type Response } from "express";
import { adminApiMessages } from "../../domain/admin-messages";
import { assertNever } from "../../domain/exhaustive";
import { authMessages } from "../../domain/auth";
import { postMessages, type BlogPost } from "../../domain/blog-post";
import { postStatus } from "../../domain/post-publishing";
import {
  ADMIN_POST_BODY_LIMIT,
  createPost,
  deletePostAs,
  getPostById,
  listPostSummaries,
  updatePost,
  type PostWriteResult,
} from "./posts.server";
import type { AuditAction } from "../../domain/audit";
import type { AppServices } from "../context.server";
import { jsonBody, sendApiError } from "../http/api-errors.server";
import { adminRoutes, recordAudit } from "../auth/admin-routes.server";
import { settleReviewOnPublish } from "./review-requests.server";

/** The signed-in person, whose rules on posts the service applies (domain/post-access.ts). */
function writer(res: Response) {
  const { personId, role } = res.locals.adminSession!;
  return { by: { personId, role } };
}

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
  const admin = adminRoutes(router, services, {
    post: authMessages.requiredToCreate,
    patch: authMessages.requiredToUpdate,
    delete: authMessages.requiredToDelete,
  });

  admin.door("posts.read").get("/admin/posts", async (_req, res) => {
    res.json(await listPostSummaries(db));
  });

  admin.door("posts.read").get("/admin/posts/:id", async (req: Request<PostParams>, res) => {
    const post = await getPostById(db, req.params.id);
    if (!post) return sendApiError(res, 404, adminApiMessages.postNotFound);
    res.json(post);
  });

  admin.door("posts.write").post("/admin/posts", largeJson, async (req, res) => {
    const result = await createPost(db, req.body, writer(res));
    if (result.ok) {
      const what = { target: result.post.id, label: result.post.title };
      await recordAudit(res, { action: "post.created", ...what });
      if (postStatus(result.post) === "scheduled") await recordAudit(res, { action: "post.scheduled", ...what, detail: result.post.publish_at });
    }
    sendWriteResult(res, result, 201);
  });

  admin.door("posts.write").patch("/admin/posts/:id",
    largeJson,
    async (req: Request<PostParams>, res: Response) => {
      const before = await getPostById(db, req.params.id);
      const result = await updatePost(db, req.params.id, req.body, writer(res));
      if (result.ok) {
        const action = patchAction(req.body, before, result.post);
        const detail = action === "post.scheduled" ? result.post.publish_at : undefined;
        await recordAudit(res, { action, target: result.post.id, label: result.post.title, detail });
        // Published or scheduled: a request waiting for review is settled by whoever did it.
        if (result.post.published) await settleReviewOnPublish(db, result.post.id, res.locals.adminSession!.personId);
      }
      sendWriteResult(res, result, 200);
    },
  );

  admin.door("posts.delete").delete("/admin/posts/:id", async (req: Request<PostParams>, res) => {
    const title = (await getPostById(db, req.params.id))?.title;
    const deleted = await deletePostAs(db, req.params.id, writer(res));
    if (!deleted.ok) return deleted.code === "forbidden" ? sendApiError(res, 403, deleted.error) : sendApiError(res, 404, adminApiMessages.postNotFound);
    await recordAudit(res, { action: "post.deleted", target: req.params.id, label: title });
    res.status(204).end();
  });

  return router;
}

/**
 * What a post update did, for the audit trail, from the post before and after (decision 191): a
 * post that becomes scheduled (or moves its time) is scheduled, one that stops being scheduled
 * without going live unscheduled; a change of `published` a publish or unpublish, of `featured`
 * a feature; `restored_from` (a revision put back in the editor) a restore; else an update.
 */
function patchAction(body: unknown, before: BlogPost | undefined, after: BlogPost): AuditAction {
  const fields = body !== null && typeof body === "object" ? (body as Record<string, unknown>) : {};
  if (typeof fields.restored_from === "string") return "post.restored";
  const was = before ? postStatus(before) : undefined;
  const is = postStatus(after);
  if (is === "scheduled" && (was !== "scheduled" || before?.publish_at !== after.publish_at)) return "post.scheduled";
  if (was === "scheduled" && is === "draft") return "post.unscheduled";
  if (was === "scheduled" && is === "published") return "post.published";
  if (before && before.published !== after.published) return after.published ? "post.published" : "post.unpublished";
  if (before && before.featured !== after.featured) return after.featured ? "post.featured" : "post.unfeatured";
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
    case "forbidden":
      return sendApiError(res, 403, result.error);
    default:
      return assertNever(result, "post write failure");
  }
}

/** The first field's message names the problem; `fields` carries them all. */
function firstMessage(fields: Record<string, string>): string {
  return Object.values(fields)[0] ?? adminApiMessages.invalidPost;
}
