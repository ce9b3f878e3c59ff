import express, { type Request, type Response } from "express";
import { z } from "zod";
import { previewLinkInputSchema, workflowApiMessages } from "../../domain/post-workflow";
import { PAGE_BLOCK_LIBRARY, PAGE_BLOCK_TYPES, pageBlockSchemas } from "../../domain/page-blocks";
import { pageMessages } from "../../domain/site-pages";
import type { AuditAction } from "../../domain/audit";
import type { AppServices } from "../context.server";
import { jsonBody, sendApiError } from "../http/api-errors.server";
import { adminRoutes, recordAudit } from "../auth/admin-routes.server";
import { createPagePreviewLink, listPagePreviewLinks, revokePagePreviewLink } from "./page-preview.server";
import { restorePageRevision } from "./page-revision-restore.server";
import { getPageRevision, listPageRevisions, type RevisionOptions } from "./page-revisions.server";
import {
  createPage,
  deletePage,
  getPage,
  listPages,
  publishPage,
  unpublishPage,
  updatePage,
  type PageFailure,
  type PageWriteResult,
} from "./site-pages.server";

type PageParams = { id: string };
type RevisionParams = PageParams & { revisionId: string };

/** Blocks carry rich text (up to 100 KB a field): a page's body may be far larger than other requests. */
const ADMIN_PAGE_BODY_LIMIT = "2mb";

const FAILURE_STATUS: Record<PageFailure["code"], number> = {
  invalid: 400,
  not_found: 404,
  path_taken: 409,
  system_page: 409,
  live_page: 409,
};

/**
 * The admin doors of the pages service (docs/decisions/197, 200), each behind the admin guard, never
 * stored by a cache. Every save, autosave, publish and restore keeps a revision naming the admin
 * session that made it. Mount it before the API's shared JSON parser: it parses its own, larger
 * bodies after authentication.
 */
export function adminPagesRouter(services: AppServices) {
  const { db } = services;
  const router = express.Router();
  const admin = adminRoutes(router, services);
  const largeJson = jsonBody(ADMIN_PAGE_BODY_LIMIT);
  const library = blockLibrary();

  admin.door("pages.read").get("/admin/page-blocks", (_req, res) => {
    res.json(library);
  });

  admin.door("pages.read").get("/admin/pages", async (_req, res) => {
    res.json(await listPages(db));
  });

  admin.door("pages.write").post("/admin/pages", largeJson, async (req, res) => {
    const result = await createPage(db, req.body, new Date(), authorOf(res));
    if (result.ok) await record(res, "page.created", result);
    sendResult(res, result, 201);
  });

  admin.door("pages.read").get("/admin/pages/:id", async (req: Request<PageParams>, res) => {
    const page = await getPage(db, req.params.id);
    if (!page) return sendApiError(res, 404, pageMessages.notFound);
    res.json(page);
  });

  admin.door("pages.write").patch("/admin/pages/:id", largeJson, async (req: Request<PageParams>, res: Response) => {
    const result = await updatePage(db, req.params.id, req.body, new Date(), authorOf(res));
    if (result.ok) await record(res, "page.updated", result);
    sendResult(res, result, 200);
  });

  // The editor's autosave: a save of the draft, as PATCH, kept as an autosave revision (those
  // close together are one) and, like the posts' autosaves, not written to the audit trail.
  admin.door("pages.write").post("/admin/pages/:id/autosave", largeJson, async (req: Request<PageParams>, res: Response) => {
    const result = await updatePage(db, req.params.id, req.body, new Date(), { kind: "autosave", ...authorOf(res) });
    sendResult(res, result, 200);
  });

  admin.door("pages.read").get("/admin/pages/:id/revisions", async (req: Request<PageParams>, res) => {
    const revisions = await listPageRevisions(db, req.params.id);
    if (!revisions) return sendApiError(res, 404, pageMessages.notFound);
    res.json(revisions);
  });

  admin.door("pages.read").get("/admin/pages/:id/revisions/:revisionId", async (req: Request<RevisionParams>, res) => {
    const revision = await getPageRevision(db, req.params.id, req.params.revisionId);
    if (!revision) return sendApiError(res, 404, workflowApiMessages.revisionNotFound);
    res.json(revision);
  });

  admin.door("pages.write").post("/admin/pages/:id/revisions/:revisionId/restore", async (req: Request<RevisionParams>, res: Response) => {
    const result = await restorePageRevision(db, req.params.id, req.params.revisionId, authorOf(res));
    if (!result.ok && result.code === "revision_not_found") return sendApiError(res, 404, result.error);
    if (result.ok) await record(res, "page.restored", result, req.params.revisionId);
    sendResult(res, result, 200);
  });

  admin.door("pages.publish").post("/admin/pages/:id/publish", largeJson, async (req: Request<PageParams>, res: Response) => {
    const result = await publishPage(db, req.params.id, req.body ?? {}, new Date(), authorOf(res));
    if (result.ok) await record(res, "page.published", result, result.page.publish_at ?? undefined);
    sendResult(res, result, 200);
  });

  admin.door("pages.publish").post("/admin/pages/:id/unpublish", async (req: Request<PageParams>, res: Response) => {
    const result = await unpublishPage(db, req.params.id);
    if (result.ok) await record(res, "page.unpublished", result);
    sendResult(res, result, 200);
  });

  admin.door("pages.delete").delete("/admin/pages/:id", largeJson, async (req: Request<PageParams>, res: Response) => {
    const result = await deletePage(db, req.params.id, req.body ?? {});
    if (!result.ok) return sendResult(res, result, 204);
    await record(res, "page.deleted", result);
    res.status(204).end();
  });

  admin.door("pages.write").post("/admin/pages/:id/preview-links", largeJson, async (req: Request<PageParams>, res: Response) => {
    const input = previewLinkInputSchema.safeParse(req.body ?? {});
    if (!input.success) return sendApiError(res, 400, workflowApiMessages.invalidPurpose, { purpose: workflowApiMessages.invalidPurpose });
    const result = await createPagePreviewLink(db, req.params.id, input.data.purpose);
    if (result.ok) {
      await recordLink(db, req.params.id, res, "page_preview_link.created", input.data.purpose);
      return res.status(201).json(result.link);
    }
    if (result.code === "not_found") return sendApiError(res, 404, pageMessages.notFound);
    sendApiError(res, 409, pageMessages.tooManyPreviewLinks);
  });

  admin.door("pages.read").get("/admin/pages/:id/preview-links", async (req: Request<PageParams>, res: Response) => {
    const links = await listPagePreviewLinks(db, req.params.id);
    if (!links) return sendApiError(res, 404, pageMessages.notFound);
    res.json(links);
  });

  admin.door("pages.write").delete("/admin/pages/:id/preview-links/:linkId", async (req: Request<PageParams & { linkId: string }>, res: Response) => {
    if (!(await revokePagePreviewLink(db, req.params.id, req.params.linkId))) {
      return sendApiError(res, 404, workflowApiMessages.previewLinkNotFound);
    }
    await recordLink(db, req.params.id, res, "page_preview_link.revoked");
    res.status(204).end();
  });

  /** One event of the audit trail, naming the page by its address. */
  function record(res: Response, action: AuditAction, { page }: { page: { id: string; path: string } }, detail?: string) {
    return recordAudit(res, { action, target: page.id, label: page.path, detail });
  }

  return router;
}

/** A preview link's event, naming its page by its address as it is now. */
async function recordLink(db: AppServices["db"], pageId: string, res: Response, action: AuditAction, detail?: string) {
  const page = await db.selectFrom("site_pages").select(["id", "path"]).where("id", "=", pageId).executeTakeFirst();
  await recordAudit(res, { action, target: pageId, label: page?.path ?? null, detail });
}

/** Who saved a revision: the admin session a request came with, and its person. */
function authorOf(res: Response): RevisionOptions {
  return { savedBy: res.locals.adminSession?.id ?? null, savedByPerson: res.locals.adminSession?.personId ?? null };
}

function sendResult(res: Response, result: PageWriteResult, successStatus: number): void {
  if (result.ok) {
    res.status(successStatus).json(result.page);
    return;
  }
  sendApiError(res, FAILURE_STATUS[result.code], result.error, result.fields);
}

/** The block library as the editor reads it: each type's label, description and fields (JSON Schema of what it accepts). */
function blockLibrary() {
  return PAGE_BLOCK_TYPES.map((type) => ({
    type,
    ...PAGE_BLOCK_LIBRARY[type],
    fields: z.toJSONSchema(pageBlockSchemas[type], { io: "input", unrepresentable: "any" }),
  }));
}
