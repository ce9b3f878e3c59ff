import type { VisitSource } from "../../../domain/analytics";
import type { FormAnswers } from "../../../domain/form-entries";
import { callApi, type ApiResult } from "../api-client";

/** Sends a form's answers, with the visit's source, to POST /api/forms/:id (failures as values). */
export function sendFormEntry(formId: string, answers: FormAnswers, source: Partial<VisitSource>): Promise<ApiResult<{ id: string }>> {
  return callApi(`/api/forms/${encodeURIComponent(formId)}`, { method: "POST", body: { ...source, ...answers } });
}
