import express, { type Request, type Response } from "express";
import { addPasskeySchema, passkeyMessages, passkeyOptionsSchema, removePasskeySchema, renamePasskeySchema } from "../../domain/passkeys";
import { fieldErrors } from "../../domain/validation";
import { adminRoutes, recordAudit } from "../auth/admin-routes.server";
import { loginClientOf, sendSignedIn } from "../auth/signed-in.server";
import type { StepUpActor } from "../auth/step-up.server";
import type { AppServices } from "../context.server";
import { sendApiError, sendRateLimited } from "../http/api-errors.server";
import { clientKey } from "../http/client-key.server";
import type { RateLimited } from "../limits/rate-limits.server";
import { findPerson } from "../people/people.server";
import { emailNewSignInMethod } from "../people/people-emails.server";
import {
  authenticationOptions,
  listPasskeys,
  registerPasskey,
  registrationOptions,
  removePasskey,
  renamePasskey,
  signInWithPasskey,
} from "./passkeys.server";

/** Passkeys (docs/decisions/209): the person's own, behind "account.own", and the public sign-in with one. */
export function passkeysRouter(services: AppServices) {
  const { db } = services;
  const router = express.Router();
  const own = adminRoutes(router, services).door("account.own");
  const personOf = (res: Response) => res.locals.adminSession!.personId as string;
  const actor = (req: Request, res: Response): StepUpActor => ({
    ip: req.ip ?? null,
    session: res.locals.adminSession?.id ?? null,
    personId: personOf(res),
    clientKey: clientKey(req),
  });

  own.get("/admin/passkeys", async (_req, res) => {
    res.json(await listPasskeys(db, personOf(res)));
  });

  own.post("/admin/passkeys/options", async (req, res) => {
    const parsed = passkeyOptionsSchema.safeParse(req.body ?? {});
    if (!parsed.success) return sendInvalid(res, fieldErrors(parsed.error), passkeyMessages.removeNeedsProof);
    const result = await registrationOptions(services, personOf(res), parsed.data, actor(req, res));
    if (result.ok) return res.json(result.options);
    if (result.code === "too_many") return sendApiError(res, 409, passkeyMessages.tooMany);
    sendRefusal(res, result);
  });

  own.post("/admin/passkeys", async (req, res) => {
    const parsed = addPasskeySchema.safeParse(req.body);
    if (!parsed.success) return sendInvalid(res, fieldErrors(parsed.error), passkeyMessages.nameRequired);
    const personId = personOf(res);
    const result = await registerPasskey(services, personId, parsed.data);
    if (!result.ok) return sendApiError(res, result.code === "taken" || result.code === "too_many" ? 409 : 400, result.error, { response: result.error });
    await recordAudit(res, { action: "passkey.added", target: result.passkey.id, label: result.passkey.name });
    const person = await findPerson(db, personId);
    if (person) await emailNewSignInMethod(services, person, `A passkey (“${result.passkey.name}”)`);
    res.status(201).json(result.passkey);
  });

  own.patch("/admin/passkeys/:id", async (req, res) => {
    const parsed = renamePasskeySchema.safeParse(req.body);
    if (!parsed.success) return sendInvalid(res, fieldErrors(parsed.error), passkeyMessages.nameRequired);
    const renamed = await renamePasskey(db, personOf(res), String(req.params.id), parsed.data.name);
    if (!renamed) return sendApiError(res, 404, passkeyMessages.notFound);
    await recordAudit(res, { action: "passkey.renamed", target: renamed.id, label: renamed.name });
    res.json(renamed);
  });

  own.delete("/admin/passkeys/:id", async (req, res) => {
    const parsed = removePasskeySchema.safeParse(req.body ?? {});
    if (!parsed.success) return sendInvalid(res, fieldErrors(parsed.error), passkeyMessages.removeNeedsProof);
    const id = String(req.params.id);
    const result = await removePasskey(services, personOf(res), id, parsed.data, actor(req, res));
    if (!result.ok) return result.code === "not_found" ? sendApiError(res, 404, passkeyMessages.notFound) : sendRefusal(res, result);
    await recordAudit(res, { action: "passkey.removed", target: id, label: result.name });
    res.status(204).end();
  });

  // Signing in: public, beside the password's door; the service counts every attempt.
  router.post("/admin/login/passkey/options", async (req, res) => {
    const result = await authenticationOptions(services, clientKey(req));
    if (!result.ok) return sendRateLimited(res, result);
    res.json(result.options);
  });

  router.post("/admin/login/passkey", async (req, res) => {
    const result = await signInWithPasskey(services, req.body, loginClientOf(req));
    if (result.ok) return sendSignedIn(res, services, result, req.get("user-agent"));
    if (result.code === "rate_limited") return sendRateLimited(res, result);
    if (result.code === "invalid") return sendApiError(res, 400, result.error, result.fields);
    sendApiError(res, 401, result.error);
  });

  return router;
}

function sendInvalid(res: Response, fields: Record<string, string>, fallback: string) {
  sendApiError(res, 400, Object.values(fields)[0] ?? fallback, fields);
}

/** A refused step-up: 429 past a limit, else 400 naming the field. */
function sendRefusal(res: Response, refused: RateLimited | { error: string; fields: Record<string, string> }) {
  if ("retryAfterSeconds" in refused) return sendRateLimited(res, refused);
  sendApiError(res, 400, refused.error, refused.fields);
}
