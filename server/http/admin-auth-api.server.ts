import express, { type RequestHandler } from "express";
import { authMessages } from "../../domain/auth";
import { login, revokeSession, verifyToken, type AdminSession } from "../auth/admin-auth.server";
import type { AppServices } from "../context.server";
import { sendApiError } from "./api-errors.server";
import { createRateLimit } from "./rate-limit.server";

declare module "express-serve-static-core" {
  interface Locals {
    /** Set by requireAdmin for the rest of the request. */
    adminSession?: AdminSession;
  }
}

/** Failed logins allowed per client in LOGIN_WINDOW_MS; the next one gets 429. */
export const FAILED_LOGINS_ALLOWED = 9;
const LOGIN_WINDOW_MS = 15 * 60 * 1000;

function bearerToken(header: string | undefined): string {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? "");
  return match?.[1] ?? "";
}

/**
 * The one guard of every admin door: 401 "Authentication required" (or the given variant, such
 * as "Authentication required to create posts") without a valid token.
 */
export function requireAdmin(
  { db }: Pick<AppServices, "db">,
  message: string = authMessages.required,
): RequestHandler {
  return async (req, res, next) => {
    const session = await verifyToken(db, bearerToken(req.headers.authorization));
    if (!session) return sendApiError(res, 401, message);
    res.locals.adminSession = session;
    next();
  };
}

/** POST /api/admin/login, /verify and /logout (DESIGN.md). */
export function adminAuthRouter(services: AppServices) {
  const { db } = services;
  const router = express.Router();
  const loginLimit = createRateLimit(db, {
    name: "admin-login",
    windowMs: LOGIN_WINDOW_MS,
    limit: FAILED_LOGINS_ALLOWED,
    skipSuccessfulRequests: true,
    message: authMessages.tooManyAttempts,
  });

  router.post("/admin/login", loginLimit, async (req, res) => {
    const password: unknown = req.body?.password;
    if (typeof password !== "string" || password === "") {
      return sendApiError(res, 400, authMessages.passwordRequired, { password: authMessages.passwordRequired });
    }
    const session = await login(db, password);
    if (!session) return sendApiError(res, 401, authMessages.invalidCredentials);
    res.set("Cache-Control", "no-store").json(session);
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
