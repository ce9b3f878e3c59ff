import express from "express";
import type { AppServices } from "../context.server";
import { adminRoutes } from "../auth/admin-routes.server";
import { listKnownAuthors } from "./known-authors.server";

/** `GET /api/admin/authors`: the editor's author suggestions, behind the admin guard. */
export function knownAuthorsRouter(services: AppServices) {
  const router = express.Router();
  const admin = adminRoutes(router, services);
  admin.door("posts.read").get("/admin/authors", async (_req, res) => {
    res.json(await listKnownAuthors(services.db));
  });
  return router;
}
