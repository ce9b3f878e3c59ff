import express, { type Request, type Response } from "express";
import { accountMessages, enrolFactorSchema, codeBodySchema, removeFactorSchema } from "../../domain/account";
import { fieldErrors } from "../../domain/validation";
import { audit } from "../audit/audit.server";
import type { AppServices } from "../context.server";
import { sendApiError, sendRateLimited } from "../http/api-errors.server";
import { clientKey } from "../http/client-key.server";
import { requireAdmin } from "./require-admin.server";
import type { RateLimited } from "../limits/rate-limits.server";
import { listSessions, revokeSessionById } from "./admin-auth.server";
import { findFactor, listFactors, showEnrolment } from "./factors.server";
import { changePassword } from "./password-change.server";
import { factorKey } from "./secret-box.server";
import { addFactor, confirmFactor, removeFactor, renewRecoveryCodes, type StepUpActor } from "./step-up.server";

/** The signed-in admin's account: factors, recovery codes, sessions and the password (README, "Admin account"). */
export function accountRouter(services: AppServices) {
  const { db, config } = services;
  const key = () => factorKey(config);
  const router = express.Router();
  const admin = requireAdmin(services);

  const context = (req: Request, res: Response) => ({ ip: req.ip ?? null, session: res.locals.adminSession?.id ?? null });
  const actor = (req: Request, res: Response): StepUpActor => ({ ...context(req, res), clientKey: clientKey(req) });

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
    await audit.record(db, { action: "factor.enrolled", target: result.factor.id, label: friendlyName, ...context(req, res) });
    res.status(201).json(result.factor);
  });

  // An unverified factor's QR code and secret again, for the session that added it, for 15
  // minutes (decision 191): a reload does not lose the enrolment. Never part of the list.
  router.get("/admin/factors/:id/enrolment", admin, async (req, res) => {
    res.set("Cache-Control", "no-store");
    const enrolment = await showEnrolment({ db, key: key() }, String(req.params.id), res.locals.adminSession?.id);
    if (!enrolment) return sendApiError(res, 404, accountMessages.enrolmentGone);
    res.json(enrolment);
  });

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
    // Its name, for the trail once it is gone (decision 191).
    const name = (await findFactor(db, String(req.params.id)))?.friendly_name;
    const result = await removeFactor({ db, key: key() }, String(req.params.id), parsed.data, actor(req, res));
    if (!result.ok) return result.code === "not_found" ? sendApiError(res, 404, accountMessages.factorNotFound) : sendRefusal(res, result);
    await audit.record(db, { action: "factor.deleted", target: String(req.params.id), label: name, ...context(req, res) });
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

  // Whether the password can be changed here: not while ADMIN_PASSWORD sets it (decision 191).
  router.get("/admin/password", admin, (_req, res) => {
    res.json({ set_by_environment: Boolean(config.adminPassword) });
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

  return router;
}

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
