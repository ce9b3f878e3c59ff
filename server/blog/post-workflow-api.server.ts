import express, { type Request } from "express";
import { adminApiMessages } from "../../domain/admin-messages";
import { authMessages } from "../../domain/auth";
import { previewLinkInputSchema, workflowApiMessages } from "../../domain/post-workflow";
import { autosavePost, getRevision, listRevisions } from "./post-revisions.server";
import { createPreviewLink, listPreviewLinks, revokeAllPreviewLinks, revokePreviewLink } from "./preview-links.server";
import { audit } from "../audit/audit.server";
import type { AppServices } from "../context.server";
import { ADMIN_POST_BODY_LIMIT } from "./posts.server";
import { jsonBody, sendApiError } from "../http/api-errors.server";
import { requireAdmin } from "../auth/require-admin.server";

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
  const guard = requireAdmin(services);
  const writeGuard = requireAdmin(services, authMessages.requiredToUpdate);

  router.use(["/admin/posts/:id", "/admin/preview-links"], (_req, res, next) => {
    res.set("Cache-Control", "no-store");
    next();
  });

  router.get("/admin/posts/:id/revisions", guard, async (req: Request<PostParams>, res) => {
    const revisions = await listRevisions(db, req.params.id);
    if (!revisions) return sendApiError(res, 404, adminApiMessages.postNotFound);
    res.json(revisions);
  });

  router.get("/admin/posts/:id/revisions/:revisionId", guard, async (req: Request<RevisionParams>, res) => {
    const revision = await getRevision(db, req.params.id, req.params.revisionId);
    if (!revision) return sendApiError(res, 404, workflowApiMessages.revisionNotFound);
    res.json(revision);
  });

  router.post("/admin/posts/:id/autosave", writeGuard, largeJson, async (req: Request<PostParams>, res) => {
    const result = await autosavePost(db, req.params.id, req.body);
    if (result.ok) return res.json(result.revision);
    if (result.code === "not_found") return sendApiError(res, 404, adminApiMessages.postNotFound);
    sendApiError(res, 400, Object.values(result.fields)[0] ?? adminApiMessages.invalidPost, result.fields);
  });

  router.get("/admin/posts/:id/preview-links", guard, async (req: Request<PostParams>, res) => {
    const links = await listPreviewLinks(db, req.params.id);
    if (!links) return sendApiError(res, 404, adminApiMessages.postNotFound);
    res.json(links);
  });

  router.post("/admin/posts/:id/preview-links", writeGuard, smallJson, async (req: Request<PostParams>, res) => {
    const input = previewLinkInputSchema.safeParse(req.body ?? {});
    if (!input.success) {
      return sendApiError(res, 400, workflowApiMessages.invalidPurpose, { purpose: workflowApiMessages.invalidPurpose });
    }
    const result = await createPreviewLink(db, req.params.id, input.data.purpose);
    if (result.ok) {
      await audit.record(db, { action: "preview_link.created", target: req.params.id, detail: input.data.purpose, ip: req.ip, session: res.locals.adminSession?.id });
      return res.status(201).json(result.link);
    }
    if (result.code === "not_found") return sendApiError(res, 404, adminApiMessages.postNotFound);
    sendApiError(res, 409, workflowApiMessages.tooManyPreviewLinks);
  });

  router.delete("/admin/posts/:id/preview-links/:linkId", writeGuard, async (req: Request<LinkParams>, res) => {
    if (!(await revokePreviewLink(db, req.params.id, req.params.linkId))) {
      return sendApiError(res, 404, workflowApiMessages.previewLinkNotFound);
    }
    await audit.record(db, { action: "preview_link.revoked", target: req.params.id, ip: req.ip, session: res.locals.adminSession?.id });
    res.status(204).end();
  });

  router.delete("/admin/preview-links", writeGuard, async (req, res) => {
    const revoked = await revokeAllPreviewLinks(db);
    await audit.record(db, { action: "preview_links.revoked_all", target: String(revoked), ip: req.ip, session: res.locals.adminSession?.id });
    logger.info({ revoked }, "every preview link revoked by the admin");
    res.json({ revoked });
  });

  return router;
}
