import express from "express";
import { formEntryMessages } from "../../domain/form-entries";
import { submissionsFileName } from "../../domain/forms";
import { adminRoutes, recordAudit } from "../auth/admin-routes.server";
import type { AppServices } from "../context.server";
import { formBody, sendApiError, sendRateLimited } from "../http/api-errors.server";
import { clientKey } from "../http/client-key.server";
import { deleteForm, findForm, listForms, listSubmissions, saveForm, submissionsCsv, submitFormEntry, type FormSaveResult } from "./forms.server";

/**
 * Forms the team builds (docs/decisions/220): the admin's list, builder and submissions, and the
 * public door a form's submission comes through, as JSON or form-encoded.
 */
export function formsApiRouter(services: AppServices) {
  const router = express.Router();
  const admin = adminRoutes(router, services);

  router.post("/forms/:id", formBody(), async (req, res) => {
    const result = await submitFormEntry(services, String(req.params.id), req.body, { clientKey: clientKey(req), formPage: req.get("referer") });
    if (!result.ok && result.code === "not_found") return sendApiError(res, 404, formEntryMessages.notFound);
    if (!result.ok && result.code === "rate_limited") return sendRateLimited(res, result);
    if (!result.ok) return sendApiError(res, 400, result.error, result.fields);
    res.status(201).json({ id: result.id, success_message: result.success_message });
  });

  admin.door("forms.edit").get("/admin/forms", async (_req, res) => {
    res.json(await listForms(services.db));
  });

  admin.door("forms.edit").post("/admin/forms", async (req, res) => {
    const result = await saveForm(services.db, req.body);
    if (!result.ok) return answerSaveFailure(res, result);
    await recordAudit(res, { action: "form.created", target: result.form.id, label: result.form.name });
    res.status(201).json(result.form);
  });

  admin.door("forms.edit").get("/admin/forms/:id", async (req, res) => {
    const form = await findForm(services.db, String(req.params.id));
    if (!form) return sendApiError(res, 404, formEntryMessages.notFound);
    res.json(form);
  });

  admin.door("forms.edit").put("/admin/forms/:id", async (req, res) => {
    const result = await saveForm(services.db, req.body, String(req.params.id));
    if (!result.ok) return answerSaveFailure(res, result);
    await recordAudit(res, { action: "form.updated", target: result.form.id, label: result.form.name });
    res.json(result.form);
  });

  // Its submissions stay in the inbox; a form that a page shows is refused (409 naming the pages).
  admin.door("forms.edit").delete("/admin/forms/:id", async (req, res) => {
    const result = await deleteForm(services.db, String(req.params.id));
    if (!result.ok && result.code === "not_found") return sendApiError(res, 404, formEntryMessages.notFound);
    if (!result.ok) return void res.status(409).json({ error: result.error, pages: result.pages });
    await recordAudit(res, { action: "form.deleted", target: String(req.params.id), label: result.name });
    res.status(204).end();
  });

  // The submissions are leads: read as the inbox is read. `?format=csv` is the export.
  admin.door("leads.read").get("/admin/forms/:id/submissions", async (req, res) => {
    const form = await findForm(services.db, String(req.params.id));
    if (!form) return sendApiError(res, 404, formEntryMessages.notFound);
    const submissions = await listSubmissions(services.db, form.id);
    if (req.query.format === "csv") {
      res.type("text/csv; charset=utf-8").attachment(submissionsFileName(form.name)).send(submissionsCsv(form, submissions));
      return;
    }
    if (req.query.format !== undefined && req.query.format !== "json") {
      return sendApiError(res, 400, "format must be csv or json", { format: "Must be csv or json" });
    }
    res.json({ form, submissions });
  });

  return router;
}

/** A failed save: 404, or 400 naming each bad field. */
function answerSaveFailure(res: express.Response, failure: Exclude<FormSaveResult, { ok: true }>): void {
  if (failure.code === "not_found") return sendApiError(res, 404, formEntryMessages.notFound);
  sendApiError(res, 400, failure.error, failure.fields);
}
