import express from "express";
import type { AppServices } from "../context.server";
import { requireAdmin } from "../auth/require-admin.server";
import { listKnownAuthors } from "./known-authors.server";

/** `GET /api/admin/authors`: the editor's author suggestions, behind the admin guard. */
export function knownAuthorsRouter(services: AppServices) {
  const router = express.Router();
  router.get("/admin/authors", requireAdmin(services), async (_req, res) => {
    res.set("Cache-Control", "no-store");
    res.json(await listKnownAuthors(services.db));
  });
  return router;
}
