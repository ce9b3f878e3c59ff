import express from "express";
import { revokeSession, verifyToken } from "../auth/admin-auth.server";
import { attemptLogin } from "../auth/admin-login.server";
import type { AppServices } from "../context.server";
import { sendApiError, sendRateLimited } from "./api-errors.server";
import { clientKey } from "./client-key.server";
import { bearerToken, requireAdmin } from "./require-admin.server";

/** POST /api/admin/login, /verify and /logout (DESIGN.md). */
export function adminAuthRouter(services: AppServices) {
  const { db } = services;
  const router = express.Router();

  // The limit lives in the service: this door only passes the client's key.
  router.post("/admin/login", async (req, res) => {
    const result = await attemptLogin(services, req.body, { clientKey: clientKey(req) });
    if (result.ok) {
      res.set("Cache-Control", "no-store").json({ token: result.token, expiresAt: result.expiresAt });
      return;
    }
    if (result.code === "rate_limited") return sendRateLimited(res, result);
    if (result.code === "invalid") return sendApiError(res, 400, result.error, result.fields);
    sendApiError(res, 401, result.error);
  });

  router.post("/admin/verify", async (req, res) => {
    const session = await verifyToken(db, bearerToken(req.headers.authorization));
    res.set("Cache-Control", "no-store").json({ valid: Boolean(session) });
  });

  router.post("/admin/logout", requireAdmin(services), async (_req, res) => {
    await revokeSession(db, res.locals.adminSession!);
    res.status(204).end();
  });

  return router;
}
