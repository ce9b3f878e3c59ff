import express, { type Request } from "express";
import { adminApiMessages } from "../../domain/admin-messages";
import { authMessages } from "../../domain/auth";
import { previewLinkInputSchema, workflowApiMessages } from "../../domain/post-workflow";
import { autosavePost, getRevision, listRevisions } from "./post-revisions.server";
import { createPreviewLink, listPreviewLinks, revokeAllPreviewLinks, revokePreviewLink } from "./preview-links.server";
import type { AppServices } from "../context.server";
import { ADMIN_POST_BODY_LIMIT, postChangeRefusal } from "./posts.server";
import { jsonBody, sendApiError } from "../http/api-errors.server";
import { adminRoutes, recordAudit } from "../auth/admin-routes.server";

type PostParams = { id: string };
type RevisionParams = PostParams & { revisionId: string };
type LinkParams = PostParams & { linkId: string };

/**
 * The editorial workflow's admin doors, each behind the admin guard:
 *
 * - `GET /api/admin/posts/:id/revisions`: the history, newest first, without bodies
 * - `GET /api/admin/posts/:id/revisions/:revisionId`: one revision with every field
 * - `POST /api/admin/posts/:id/autosave`: the editor's unsaved state as an autosave revision
 * - `GET|POST /api/admin/posts/:id/preview-links`, `DELETE …/preview-links/:linkId`
 * - `DELETE /api/admin/preview-links`: revokes every preview link of every post, `{ revoked }`
 *
 * Mounted before the API's shared JSON parser: an autosave carries a whole post body.
 */
export function postWorkflowRouter(services: AppServices) {
  const { db, logger } = services;
  const router = express.Router();
  const largeJson = jsonBody(`${ADMIN_POST_BODY_LIMIT}b`);
  const smallJson = jsonBody();
  // Reading needs a session; changing a post's workflow says so in the specification's words.
  const admin = adminRoutes(router, services, { post: authMessages.requiredToUpdate, delete: authMessages.requiredToUpdate });

  admin.door("posts.read").get("/admin/posts/:id/revisions", async (req: Request<PostParams>, res) => {
    const revisions = await listRevisions(db, req.params.id);
    if (!revisions) return sendApiError(res, 404, adminApiMessages.postNotFound);
    res.json(revisions);
  });

  admin.door("posts.read").get("/admin/posts/:id/revisions/:revisionId", async (req: Request<RevisionParams>, res) => {
    const revision = await getRevision(db, req.params.id, req.params.revisionId);
    if (!revision) return sendApiError(res, 404, workflowApiMessages.revisionNotFound);
    res.json(revision);
  });

  admin.door("posts.write").post("/admin/posts/:id/autosave", largeJson, async (req: Request<PostParams>, res) => {
    const { personId, role } = res.locals.adminSession!;
    const refusal = await postChangeRefusal(db, req.params.id, { personId, role });
    if (refusal) return sendApiError(res, 403, refusal);
    const result = await autosavePost(db, req.params.id, req.body, personId);
    if (result.ok) return res.json(result.revision);
    if (result.code === "not_found") return sendApiError(res, 404, adminApiMessages.postNotFound);
    sendApiError(res, 400, Object.values(result.fields)[0] ?? adminApiMessages.invalidPost, result.fields);
  });

  admin.door("posts.share").get("/admin/posts/:id/preview-links", async (req: Request<PostParams>, res) => {
    const links = await listPreviewLinks(db, req.params.id);
    if (!links) return sendApiError(res, 404, adminApiMessages.postNotFound);
    res.json(links);
  });

  admin.door("posts.share").post("/admin/posts/:id/preview-links", smallJson, async (req: Request<PostParams>, res) => {
    const input = previewLinkInputSchema.safeParse(req.body ?? {});
    if (!input.success) {
      return sendApiError(res, 400, workflowApiMessages.invalidPurpose, { purpose: workflowApiMessages.invalidPurpose });
    }
    const result = await createPreviewLink(db, req.params.id, input.data.purpose);
    if (result.ok) {
      await recordAudit(res, { action: "preview_link.created", target: req.params.id, detail: input.data.purpose });
      return res.status(201).json(result.link);
    }
    if (result.code === "not_found") return sendApiError(res, 404, adminApiMessages.postNotFound);
    sendApiError(res, 409, workflowApiMessages.tooManyPreviewLinks);
  });

  admin.door("posts.share").delete("/admin/posts/:id/preview-links/:linkId", async (req: Request<LinkParams>, res) => {
    if (!(await revokePreviewLink(db, req.params.id, req.params.linkId))) {
      return sendApiError(res, 404, workflowApiMessages.previewLinkNotFound);
    }
    await recordAudit(res, { action: "preview_link.revoked", target: req.params.id });
    res.status(204).end();
  });

  admin.door("posts.share").delete("/admin/preview-links", async (req, res) => {
    const revoked = await revokeAllPreviewLinks(db);
    await recordAudit(res, { action: "preview_links.revoked_all", target: String(revoked) });
    logger.info({ revoked }, "every preview link revoked by the admin");
    res.json({ revoked });
  });

  return router;
}
