import { data, type AppLoadContext } from "react-router";
import { FORM_POST_FIELDS, formEntryMessages } from "../../../domain/form-entries";
import { isDatabaseUnavailable } from "../../../server/db/database-errors.server";
import { findForm, submitFormEntry } from "../../../server/forms/forms.server";
import { readSmallForm } from "../../../server/http/form-data.server";
import type { PublicPage } from "../../../domain/site-pages";
import type { FormPostState } from "../../components/blocks/form-block-state";

const NO_STORE = { "Cache-Control": "no-store" };

/**
 * A post this page takes no form from. Answered, never thrown: a thrown answer skips the loaders,
 * and the layout needs the root's data (the site, the menus), so it would end in a 500.
 */
const nothingHere = (status: number) => data<FormPostState | null>(null, { status, headers: NO_STORE });

/**
 * A landing page's form posted without JavaScript (docs/decisions/221): the same service as
 * POST /api/forms/:id, answered with the page itself, its form showing the thank-you text, or
 * what was typed with the problems by field. Only a form that a block of this page shows is taken.
 */
export async function answerFormPost(request: Request, context: AppLoadContext, page: PublicPage | undefined) {
  if (request.method !== "POST") return nothingHere(405);
  const posted = await readSmallForm(request);
  if (!posted.ok) return nothingHere(posted.status);
  return answerPostedForm(posted, request, context, page);
}

/** Whether fields posted to a page are one of its form blocks' (they name the form), not the page's own form. */
export function isFormBlockPost(values: Readonly<Record<string, string>>): boolean {
  return FORM_POST_FIELDS.form in values;
}

/** answerFormPost for fields a route has already read (a page with a form of its own reads first). */
export async function answerPostedForm(
  posted: { values: Record<string, string> },
  request: Request,
  context: AppLoadContext,
  page: PublicPage | undefined,
) {
  const formId = posted.values[FORM_POST_FIELDS.form] ?? "";
  const block = posted.values[FORM_POST_FIELDS.block] ?? "";
  const shown = page?.blocks.some((each) => each.type === "form" && !each.hidden && each.id === block && each.form_id === formId);
  const form = shown ? await findForm(context.services.db, formId) : undefined;
  if (!form) return nothingHere(404);
  // What was typed, as the form's controls hold it: a box is checked when the browser sent it.
  const values = Object.fromEntries(
    form.fields.map((field) => {
      const raw = posted.values[field.name];
      return [field.name, field.type === "checkbox" || field.type === "consent" ? raw !== undefined && raw !== "" : (raw ?? "")];
    }),
  );
  const answer = (status: number, state: Omit<FormPostState, "block" | "values">) =>
    data<FormPostState | null>({ block, values, ...state }, { status, headers: NO_STORE });
  // Without JavaScript the source fields come empty: the service reads the page's own address instead.
  const result = await submitFormEntry(context.services, formId, { ...posted.values, ...values }, { clientKey: context.clientKey, formPage: request.url }).catch(
    (error: unknown) => {
      if (isDatabaseUnavailable(error)) return { ok: false as const, code: "unavailable" as const };
      throw error;
    },
  );
  if (result.ok) return answer(200, { fields: {}, sent: true });
  if (result.code === "rate_limited") return answer(429, { fields: {}, error: result.error });
  if (result.code === "unavailable") return nothingHere(503);
  if (result.code === "not_found") return nothingHere(404);
  return answer(400, { fields: result.fields, error: formEntryMessages.failed });
}
