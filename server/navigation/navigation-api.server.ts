import express, { type Request, type Response } from "express";
import { adminRoutes, recordAudit } from "../auth/admin-routes.server";
import type { AppServices } from "../context.server";
import { sendApiError } from "../http/api-errors.server";
import { actorOf } from "../people/people.server";
import { listNavigationRevisions, readMenus, restoreNavigationRevision, saveMenus, type NavigationResult } from "./navigation.server";

const FAILURE_STATUS = { invalid: 400, not_found: 404 } as const;

/**
 * The menus' admin doors (docs/decisions/218): read, save (which publishes at once), the saved
 * versions and restoring one. Every save is audited.
 */
export function navigationRouter(services: AppServices) {
  const { db } = services;
  const router = express.Router();
  const admin = adminRoutes(router, services);

  admin.door("navigation.edit").get("/admin/navigation", async (_req, res) => {
    res.json(await readMenus(db));
  });

  admin.door("navigation.edit").put("/admin/navigation", async (req, res) => {
    const result = await saveMenus(db, req.body, await actorOf(db, res.locals.adminSession!));
    if (result.ok) await recordAudit(res, { action: "navigation.saved", detail: summary(result.menus) });
    send(res, result);
  });

  admin.door("navigation.edit").get("/admin/navigation/revisions", async (_req, res) => {
    res.json(await listNavigationRevisions(db));
  });

  admin.door("navigation.edit").post("/admin/navigation/revisions/:id/restore", async (req: Request<{ id: string }>, res: Response) => {
    const result = await restoreNavigationRevision(db, req.params.id, await actorOf(db, res.locals.adminSession!));
    if (result.ok) await recordAudit(res, { action: "navigation.restored", target: req.params.id, detail: summary(result.menus) });
    send(res, result);
  });

  return router;
}

/** The audit trail's words for what was saved: the labels of each menu, in order. */
function summary({ header, footer }: { header: { label: string }[]; footer: { label: string }[] }): string {
  return `Header: ${header.map((item) => item.label).join(", ") || "none"}. Footer: ${footer.map((item) => item.label).join(", ") || "none"}.`;
}

function send(res: Response, result: NavigationResult): void {
  if (result.ok) {
    res.json(result.menus);
    return;
  }
  sendApiError(res, FAILURE_STATUS[result.code], result.error, "fields" in result ? result.fields : undefined);
}
