import express, { type Request, type Response } from "express";
import { accountMessages, enrolFactorSchema, codeBodySchema, removeFactorSchema } from "../../domain/account";
import { OWNER_ID } from "../../domain/people";
import { fieldErrors } from "../../domain/validation";
import type { AppServices } from "../context.server";
import { sendApiError, sendRateLimited } from "../http/api-errors.server";
import { clientKey } from "../http/client-key.server";
import { adminRoutes, recordAudit } from "./admin-routes.server";
import type { RateLimited } from "../limits/rate-limits.server";
import { listSessions, revokeSessionById } from "./admin-auth.server";
import { findFactor, listFactors, showEnrolment } from "./factors.server";
import { changePassword } from "./password-change.server";
import { findPerson } from "../people/people.server";
import { emailNewSignInMethod } from "../people/people-emails.server";
import { factorKey } from "./secret-box.server";
import { addFactor, confirmFactor, removeFactor, renewRecoveryCodes, type StepUpActor } from "./step-up.server";

/** The signed-in admin's account: factors, recovery codes, sessions and the password (README, "Admin account"). */
export function accountRouter(services: AppServices) {
  const { db, config } = services;
  const key = () => factorKey(config);
  const router = express.Router();
  // Every door here is the signed-in person's own account.
  const own = adminRoutes(router, services).door("account.own");

  const context = (req: Request, res: Response) => ({
    ip: req.ip ?? null,
    session: res.locals.adminSession?.id ?? null,
    personId: res.locals.adminSession?.personId ?? null,
  });
  // The signed-in person's own factors (decision 208).
  const factors = (res: Response) => ({ db, key: key(), personId: res.locals.adminSession!.personId });
  const actor = (req: Request, res: Response): StepUpActor => ({ ...context(req, res), clientKey: clientKey(req) });

  own.get("/admin/factors", async (_req, res) => {
    res.json(await listFactors(db, res.locals.adminSession!.personId));
  });

  own.post("/admin/factors", async (req, res) => {
    const parsed = enrolFactorSchema.safeParse(req.body);
    if (!parsed.success) {
      const fields = fieldErrors(parsed.error);
      return sendApiError(res, 400, Object.values(fields)[0] ?? accountMessages.friendlyNameRequired, fields);
    }
    const { friendly_name: friendlyName, code, password } = parsed.data;
    const result = await addFactor(factors(res), { friendlyName, issuer: config.public.siteName, proof: { code, password } }, actor(req, res));
    if (!result.ok) {
      if (result.code === "too_many") return sendApiError(res, 409, "At most 10 authenticators can be added; remove one first");
      return sendRefusal(res, result);
    }
    await recordAudit(res, { action: "factor.enrolled", target: result.factor.id, label: friendlyName });
    res.status(201).json(result.factor);
  });

  // An unverified factor's QR code and secret again, for the session that added it, for 15
  // minutes (decision 191): a reload does not lose the enrolment. Never part of the list.
  own.get("/admin/factors/:id/enrolment", async (req, res) => {
    const enrolment = await showEnrolment(factors(res), String(req.params.id), res.locals.adminSession?.id);
    if (!enrolment) return sendApiError(res, 404, accountMessages.enrolmentGone);
    res.json(enrolment);
  });

  own.post("/admin/factors/:id/verify", async (req, res) => {
    const code = readCode(req, res);
    if (code === undefined) return;
    const result = await confirmFactor(factors(res), String(req.params.id), code, actor(req, res));
    if (!result.ok) {
      if (result.code === "rate_limited") return sendRateLimited(res, result);
      if (result.code === "not_found") return sendApiError(res, 404, accountMessages.factorNotFound);
      if (result.code === "already_verified") return sendApiError(res, 409, accountMessages.factorAlreadyVerified);
      return wrongCode(res);
    }
    await recordAudit(res, { action: "factor.verified", target: String(req.params.id) });
    const person = await findPerson(db, res.locals.adminSession!.personId);
    if (person) await emailNewSignInMethod(services, person, "An authenticator app");
    if (result.recovery_codes) await recordAudit(res, { action: "recovery_codes.generated" });
    res.json(result.recovery_codes ? { status: result.status, recovery_codes: result.recovery_codes } : { status: result.status });
  });

  own.delete("/admin/factors/:id", async (req, res) => {
    const parsed = removeFactorSchema.safeParse(req.body ?? {});
    if (!parsed.success) {
      const fields = fieldErrors(parsed.error);
      return sendApiError(res, 400, Object.values(fields)[0] ?? accountMessages.removeNeedsProof, fields);
    }
    // Its name, for the trail once it is gone (decision 191).
    const name = (await findFactor(db, res.locals.adminSession!.personId, String(req.params.id)))?.friendly_name;
    const result = await removeFactor(factors(res), String(req.params.id), parsed.data, actor(req, res));
    if (!result.ok) return result.code === "not_found" ? sendApiError(res, 404, accountMessages.factorNotFound) : sendRefusal(res, result);
    await recordAudit(res, { action: "factor.deleted", target: String(req.params.id), label: name });
    res.status(204).end();
  });

  own.post("/admin/recovery-codes", async (req, res) => {
    const code = readCode(req, res);
    if (code === undefined) return;
    const result = await renewRecoveryCodes(factors(res), code, actor(req, res));
    if (!result.ok) return result.code === "no_factor" ? sendApiError(res, 409, accountMessages.noVerifiedFactor) : sendRefusal(res, result);
    await recordAudit(res, { action: "recovery_codes.generated" });
    res.json({ recovery_codes: result.recovery_codes });
  });

  own.get("/admin/sessions", async (_req, res) => {
    res.json(await listSessions(db, res.locals.adminSession!));
  });

  own.delete("/admin/sessions/:id", async (req, res) => {
    const id = String(req.params.id);
    if (!(await revokeSessionById(db, id, res.locals.adminSession!.personId))) return sendApiError(res, 404, accountMessages.sessionNotFound);
    await recordAudit(res, { action: "session.ended", target: id });
    res.status(204).end();
  });

  // Whether the password can be changed here: not while ADMIN_PASSWORD sets it (decision 191).
  own.get("/admin/password", (_req, res) => {
    res.json({ set_by_environment: res.locals.adminSession!.personId === OWNER_ID && Boolean(config.adminPassword) });
  });

  own.post("/admin/password", async (req, res) => {
    const result = await changePassword({ db, key: key(), adminPassword: config.adminPassword }, req.body, {
      session: res.locals.adminSession!,
      clientKey: clientKey(req),
    });
    if (result.ok) {
      await recordAudit(res, { action: "password.changed" });
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
