import type { VisitSource } from "../../../domain/analytics";
import { CONTACT_HONEYPOT_FIELD, type ContactFormValues } from "../../../domain/contact-fields";

export type SendContactResult =
  | { ok: true }
  | { ok: false; status: number; error?: string; fields?: Record<string, string> };

/**
 * Posts a contact message, with the visit's source, to POST /api/contact. Never rejects: failures
 * come back as values (status 0: network).
 */
export async function sendContactMessage(
  values: ContactFormValues,
  honeypot: string,
  source: Partial<VisitSource> = {},
): Promise<SendContactResult> {
  try {
    const response = await fetch("/api/contact", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ ...source, ...values, [CONTACT_HONEYPOT_FIELD]: honeypot }),
    });
    if (response.ok) return { ok: true };
    const body = (await response.json().catch(() => ({}))) as { error?: unknown; fields?: Record<string, string> };
    return {
      ok: false,
      status: response.status,
      error: typeof body.error === "string" ? body.error : undefined,
      fields: body.fields,
    };
  } catch {
    return { ok: false, status: 0 };
  }
}
