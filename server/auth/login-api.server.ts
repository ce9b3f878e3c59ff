import express, { type Request, type Response } from "express";
import { accountMessages, LOGOUT_SCOPES, type LogoutScope } from "../../domain/account";
import type { AppServices } from "../context.server";
import { sendApiError, sendRateLimited } from "../http/api-errors.server";
import { adminRoutes, recordAudit } from "./admin-routes.server";
import { bearerToken } from "./require-admin.server";
import { signOut, verifyToken } from "./admin-auth.server";
import { attemptLogin, verifyLogin, type SignedIn } from "./admin-login.server";
import { loginClientOf, sendSignedIn } from "./signed-in.server";
import { findMe } from "../people/people.server";
import { factorKey } from "./secret-box.server";

/**
 * POST /api/admin/login, /login/verify, /verify and /logout (README, "Admin account"). The
 * account's own doors are in account-api.server.ts, the audit trail's in server/audit/.
 */
export function loginRouter(services: AppServices) {
  const { db, config } = services;
  const key = () => factorKey(config);
  const router = express.Router();
  const admin = adminRoutes(router, services);

  // Where the "someone is guessing codes" email goes (docs/decisions/170).
  const alert = { to: config.mail.securityTo, siteName: config.public.siteName, siteUrl: config.public.siteUrl };

  const signedIn = (req: Request, res: Response, result: SignedIn) => sendSignedIn(res, services, result, req.get("user-agent"));

  // The limit lives in the service: this door only passes the client's key.
  router.post("/admin/login", async (req, res) => {
    const result = await attemptLogin(services, req.body, loginClientOf(req));
    if (result.ok) {
      if ("mfaRequired" in result) {
        res.json({ mfaRequired: true, challenge: result.challenge });
        return;
      }
      return signedIn(req, res, result);
    }
    if (result.code === "rate_limited") return sendRateLimited(res, result);
    if (result.code === "invalid") return sendApiError(res, 400, result.error, result.fields);
    sendApiError(res, 401, result.error);
  });

  router.post("/admin/login/verify", async (req, res) => {
    const result = await verifyLogin({ db, key: key(), alert }, req.body, loginClientOf(req));
    if (result.ok) return signedIn(req, res, result);
    if (result.code === "rate_limited") return sendRateLimited(res, result);
    if (result.code === "invalid") return sendApiError(res, 400, result.error, result.fields);
    sendApiError(res, 401, result.error, result.code === "wrong_code" ? { code: result.error } : undefined);
  });

  // Whether a token still works, and whose it is: the admin screens draw what the person's role may use.
  router.post("/admin/verify", async (req, res) => {
    const session = await verifyToken(db, bearerToken(req.headers.authorization));
    const me = session && (await findMe(db, session.personId));
    res.json(me ? { valid: true, me } : { valid: false });
  });

  admin.door("account.own").post("/admin/logout", async (req, res) => {
    const scope: unknown = req.body?.scope ?? "local";
    if (!(LOGOUT_SCOPES as readonly unknown[]).includes(scope)) {
      return sendApiError(res, 400, accountMessages.scopeInvalid, { scope: accountMessages.scopeInvalid });
    }
    await signOut(db, res.locals.adminSession!, scope as LogoutScope);
    await recordAudit(res, { action: "logout", target: String(scope) });
    res.status(204).end();
  });

  return router;
}
