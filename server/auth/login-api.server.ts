import express, { type Request, type Response } from "express";
import { accountMessages, enrolFactorSchema, codeBodySchema, LOGOUT_SCOPES, removeFactorSchema, type LogoutScope } from "../../domain/account";
import { fieldErrors } from "../../domain/validation";
import { audit, isAuditAction, listAuditEvents } from "../audit/audit.server";
import { listSessions, revokeSessionById, signOut, verifyToken } from "../auth/admin-auth.server";
import { attemptLogin, verifyLogin, type LoginClient, type SignedIn } from "../auth/admin-login.server";
import { DEVICE_COOKIE, DEVICE_TTL_MS, deviceFromCookies } from "../auth/devices.server";
import { listFactors } from "../auth/factors.server";
import { changePassword } from "../auth/password-change.server";
import { factorKey } from "../auth/secret-box.server";
import { addFactor, confirmFactor, removeFactor, renewRecoveryCodes, type StepUpActor } from "../auth/step-up.server";
import type { AppServices } from "../context.server";
import type { RateLimited } from "../limits/rate-limits.server";
import { sendApiError, sendRateLimited } from "./api-errors.server";
import { clientKey } from "./client-key.server";
import { bearerToken, requireAdmin } from "./require-admin.server";

/**
 * POST /api/admin/login, /login/verify, /verify and /logout, and the account's doors: factors,
 * recovery codes, sessions, the password and the audit trail (README, "Admin account").
 */
export function adminAuthRouter(services: AppServices) {
  const { db, config } = services;
  const key = () => factorKey(config);
  const secureCookie = config.public.siteUrl.startsWith("https:");
  const router = express.Router();
  const admin = requireAdmin(services);

  const loginClient = (req: Request): LoginClient => ({
    clientKey: clientKey(req),
    device: deviceFromCookies(req.headers.cookie),
    origin: { ip: req.ip, userAgent: req.get("user-agent") },
  });
  const context = (req: Request, res: Response) => ({ ip: req.ip ?? null, session: res.locals.adminSession?.id ?? null });
  const actor = (req: Request, res: Response): StepUpActor => ({ ...context(req, res), clientKey: clientKey(req) });
  // Where the "someone is guessing codes" email goes (docs/decisions/170).
  const alert = { to: config.mail.securityTo, siteName: config.public.siteName, siteUrl: config.public.siteUrl };

  /** The token as today, and the device cookie (HttpOnly, only ever sent to the login doors). */
  function sendSignedIn(res: Response, signedIn: SignedIn) {
    res.cookie(DEVICE_COOKIE, signedIn.deviceToken, {
      httpOnly: true,
      sameSite: "strict",
      secure: secureCookie,
      path: "/api/admin/login",
      maxAge: DEVICE_TTL_MS,
    });
    res.set("Cache-Control", "no-store").json({ token: signedIn.token, expiresAt: signedIn.expiresAt });
  }

  // The limit lives in the service: this door only passes the client's key.
  router.post("/admin/login", async (req, res) => {
    const result = await attemptLogin(services, req.body, loginClient(req));
    if (result.ok) {
      if ("mfaRequired" in result) {
        res.set("Cache-Control", "no-store").json({ mfaRequired: true, challenge: result.challenge });
        return;
      }
      return sendSignedIn(res, result);
    }
    if (result.code === "rate_limited") return sendRateLimited(res, result);
    if (result.code === "invalid") return sendApiError(res, 400, result.error, result.fields);
    sendApiError(res, 401, result.error);
  });

  router.post("/admin/login/verify", async (req, res) => {
    const result = await verifyLogin({ db, key: key(), alert }, req.body, loginClient(req));
    if (result.ok) return sendSignedIn(res, result);
    if (result.code === "rate_limited") return sendRateLimited(res, result);
    if (result.code === "invalid") return sendApiError(res, 400, result.error, result.fields);
    sendApiError(res, 401, result.error, result.code === "wrong_code" ? { code: result.error } : undefined);
  });

  router.post("/admin/verify", async (req, res) => {
    const session = await verifyToken(db, bearerToken(req.headers.authorization));
    res.set("Cache-Control", "no-store").json({ valid: Boolean(session) });
  });

  router.post("/admin/logout", admin, async (req, res) => {
    const scope: unknown = req.body?.scope ?? "local";
    if (!(LOGOUT_SCOPES as readonly unknown[]).includes(scope)) {
      return sendApiError(res, 400, accountMessages.scopeInvalid, { scope: accountMessages.scopeInvalid });
    }
    await signOut(db, res.locals.adminSession!, scope as LogoutScope);
    await audit.record(db, { action: "logout", target: String(scope), ...context(req, res) });
    res.status(204).end();
  });

  router.get("/admin/factors", admin, async (_req, res) => {
    res.json(await listFactors(db));
  });

  router.post("/admin/factors", admin, async (req, res) => {
    const parsed = enrolFactorSchema.safeParse(req.body);
    if (!parsed.success) {
      const fields = fieldErrors(parsed.error);
      return sendApiError(res, 400, Object.values(fields)[0] ?? accountMessages.friendlyNameRequired, fields);
    }
    const { friendly_name: friendlyName, code, password } = parsed.data;
    const result = await addFactor({ db, key: key() }, { friendlyName, issuer: config.public.siteName, proof: { code, password } }, actor(req, res));
    if (!result.ok) {
      if (result.code === "too_many") return sendApiError(res, 409, "At most 10 authenticators can be added; remove one first");
      return sendRefusal(res, result);
    }
    await audit.record(db, { action: "factor.enrolled", target: result.factor.id, ...context(req, res) });
    res.status(201).json(result.factor);
  });

  /** A `{ code }` body, or a 400 naming it. */
  function readCode(req: Request, res: Response): string | undefined {
    const parsed = codeBodySchema.safeParse(req.body);
    if (parsed.success) return parsed.data.code;
    sendApiError(res, 400, accountMessages.codeRequired, { code: accountMessages.codeRequired });
    return undefined;
  }
  const wrongCode = (res: Response) => sendApiError(res, 400, accountMessages.codeInvalid, { code: accountMessages.codeInvalid });
  /** A refused step-up: 429 past a limit, else 400 naming the field. */
  function sendRefusal(res: Response, refused: RateLimited | { error: string; fields: Record<string, string> }) {
    if ("retryAfterSeconds" in refused) return sendRateLimited(res, refused);
    sendApiError(res, 400, refused.error, refused.fields);
  }

  router.post("/admin/factors/:id/verify", admin, async (req, res) => {
    const code = readCode(req, res);
    if (code === undefined) return;
    const result = await confirmFactor({ db, key: key() }, String(req.params.id), code, actor(req, res));
    if (!result.ok) {
      if (result.code === "rate_limited") return sendRateLimited(res, result);
      if (result.code === "not_found") return sendApiError(res, 404, accountMessages.factorNotFound);
      if (result.code === "already_verified") return sendApiError(res, 409, accountMessages.factorAlreadyVerified);
      return wrongCode(res);
    }
    await audit.record(db, { action: "factor.verified", target: String(req.params.id), ...context(req, res) });
    if (result.recovery_codes) await audit.record(db, { action: "recovery_codes.generated", ...context(req, res) });
    res.json(result.recovery_codes ? { status: result.status, recovery_codes: result.recovery_codes } : { status: result.status });
  });

  router.delete("/admin/factors/:id", admin, async (req, res) => {
    const parsed = removeFactorSchema.safeParse(req.body ?? {});
    if (!parsed.success) {
      const fields = fieldErrors(parsed.error);
      return sendApiError(res, 400, Object.values(fields)[0] ?? accountMessages.removeNeedsProof, fields);
    }
    const result = await removeFactor({ db, key: key() }, String(req.params.id), parsed.data, actor(req, res));
    if (!result.ok) return result.code === "not_found" ? sendApiError(res, 404, accountMessages.factorNotFound) : sendRefusal(res, result);
    await audit.record(db, { action: "factor.deleted", target: String(req.params.id), ...context(req, res) });
    res.status(204).end();
  });

  router.post("/admin/recovery-codes", admin, async (req, res) => {
    const code = readCode(req, res);
    if (code === undefined) return;
    const result = await renewRecoveryCodes({ db, key: key() }, code, actor(req, res));
    if (!result.ok) return result.code === "no_factor" ? sendApiError(res, 409, accountMessages.noVerifiedFactor) : sendRefusal(res, result);
    await audit.record(db, { action: "recovery_codes.generated", ...context(req, res) });
    res.json({ recovery_codes: result.recovery_codes });
  });

  router.get("/admin/sessions", admin, async (_req, res) => {
    res.json(await listSessions(db, res.locals.adminSession!));
  });

  router.delete("/admin/sessions/:id", admin, async (req, res) => {
    const id = String(req.params.id);
    if (!(await revokeSessionById(db, id))) return sendApiError(res, 404, accountMessages.sessionNotFound);
    await audit.record(db, { action: "session.ended", target: id, ...context(req, res) });
    res.status(204).end();
  });

  router.post("/admin/password", admin, async (req, res) => {
    const result = await changePassword({ db, key: key(), adminPassword: config.adminPassword }, req.body, {
      session: res.locals.adminSession!,
      clientKey: clientKey(req),
    });
    if (result.ok) {
      await audit.record(db, { action: "password.changed", ...context(req, res) });
      return res.status(204).end();
    }
    if (result.code === "rate_limited") return sendRateLimited(res, result);
    if (result.code === "managed_by_environment") return sendApiError(res, 409, result.error);
    sendApiError(res, 400, result.error, result.fields);
  });

  router.get("/admin/audit", admin, async (req, res) => {
    const page = req.query.page === undefined ? 1 : Number(req.query.page);
    if (!Number.isInteger(page) || page < 1) return sendApiError(res, 400, accountMessages.pageInvalid, { page: accountMessages.pageInvalid });
    const action = req.query.action === undefined || req.query.action === "" ? undefined : req.query.action;
    if (action !== undefined && !isAuditAction(action)) {
      return sendApiError(res, 400, accountMessages.actionInvalid, { action: accountMessages.actionInvalid });
    }
    res.json(await listAuditEvents(db, { page, action }));
  });

  return router;
}
