import express, { type Request, type Response } from "express";
import { authMessages } from "../../domain/auth";
import { returnReviewSchema } from "../../domain/post-review";
import { fieldErrors } from "../../domain/validation";
import type { AppServices } from "../context.server";
import { sendApiError } from "../http/api-errors.server";
import { adminRoutes, recordAudit } from "../auth/admin-routes.server";
import { latestReview, listWaitingReviews, returnReview, submitForReview, type ReviewResult } from "./review-requests.server";

type PostParams = { id: string };

const FAILURE_STATUS = { not_found: 404, forbidden: 403, conflict: 409 } as const;

/**
 * Review requests of drafts (docs/decisions/210):
 *
 * - `POST /api/admin/posts/:id/review-requests`: the writer submits their draft (201 the request)
 * - `GET /api/admin/posts/:id/review-requests`: the post's latest request, or null (the editor)
 * - `GET /api/admin/review-requests`: the requests waiting, for those who review
 * - `POST /api/admin/review-requests/:id/return`: `{ note }`, sent back to the writer
 *
 * Publishing the post settles its request (server/blog/admin-posts-api.server.ts).
 */
export function reviewRequestsRouter(services: AppServices) {
  const { db } = services;
  const router = express.Router();
  const admin = adminRoutes(router, services, { post: authMessages.requiredToUpdate });

  admin.door("posts.write").post("/admin/posts/:id/review-requests", async (req: Request<PostParams>, res: Response) => {
    const { personId, role } = res.locals.adminSession!;
    const result = await submitForReview(services, req.params.id, { personId, role });
    if (!result.ok) return sendFailure(res, result);
    await recordAudit(res, { action: "post.submitted_for_review", target: req.params.id, label: result.postTitle });
    res.status(201).json(result.request);
  });

  admin.door("posts.read").get("/admin/posts/:id/review-requests", async (req: Request<PostParams>, res) => {
    res.json(await latestReview(db, req.params.id));
  });

  admin.door("posts.review").get("/admin/review-requests", async (_req, res) => {
    res.json(await listWaitingReviews(db));
  });

  admin.door("posts.review").post("/admin/review-requests/:id/return", async (req: Request<PostParams>, res: Response) => {
    const input = returnReviewSchema.safeParse(req.body ?? {});
    if (!input.success) {
      const fields = fieldErrors(input.error);
      return sendApiError(res, 400, Object.values(fields)[0] ?? "", fields);
    }
    const result = await returnReview(services, req.params.id, res.locals.adminSession!.personId, input.data.note);
    if (!result.ok) return sendFailure(res, result);
    await recordAudit(res, { action: "post.returned", target: result.request.post_id, label: result.postTitle, detail: input.data.note });
    res.json(result.request);
  });

  return router;
}

function sendFailure(res: Response, result: Extract<ReviewResult, { ok: false }>): void {
  sendApiError(res, FAILURE_STATUS[result.code], result.error);
}
