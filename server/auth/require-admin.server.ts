import type { RequestHandler } from "express";
import { authMessages } from "../../domain/auth";
import { forbiddenMessage, may, type AdminAction } from "../../domain/roles";
import { audit } from "../audit/audit.server";
import { verifyToken } from "./admin-auth.server";
import type { AppServices } from "../context.server";
import { sendApiError } from "../http/api-errors.server";

/** The token of an `Authorization: Bearer <token>` header, or "" without one. */
export function bearerToken(header: string | undefined): string {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? "");
  return match?.[1] ?? "";
}

/** The guard of one admin door, with the action it lets through (for the table of doors' tests). */
export type AdminGuard = RequestHandler & { action: AdminAction };

/**
 * The one guard of every admin door: 401 "Authentication required" (or the given variant, such
 * as "Authentication required to create posts") without a valid token, 403 naming what the
 * session's role may not do when the policy (domain/roles.ts) refuses it the door's action. The
 * session is kept in `res.locals.adminSession` for the rest of the request, beside `recordAudit`,
 * which names that session and the client's address in every event the door records.
 */
export function requireAdmin({ db }: Pick<AppServices, "db">, action: AdminAction, message: string = authMessages.required): AdminGuard {
  const guard: RequestHandler = async (req, res, next) => {
    const session = await verifyToken(db, bearerToken(req.headers.authorization));
    if (!session) return sendApiError(res, 401, message);
    if (!may(session.role, action)) return sendApiError(res, 403, forbiddenMessage(session.role, action));
    res.locals.adminSession = session;
    res.locals.recordAudit = (entry) => audit.record(db, { ...entry, ip: req.ip ?? null, session: session.id, personId: session.personId });
    next();
  };
  return Object.assign(guard, { action });
}
