import type { VisitSource } from "../../../domain/analytics";
import { CONTACT_HONEYPOT_FIELD, type ContactFormValues } from "../../../domain/contact-fields";
import { callApi, type ApiResult } from "../api-client";

/** Posts a contact message, with the visit's source, to POST /api/contact (failures as values). */
export function sendContactMessage(values: ContactFormValues, honeypot: string, source: Partial<VisitSource> = {}): Promise<ApiResult<unknown>> {
  return callApi("/api/contact", { method: "POST", body: { ...source, ...values, [CONTACT_HONEYPOT_FIELD]: honeypot } });
}
