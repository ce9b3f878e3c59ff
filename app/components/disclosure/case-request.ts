import { caseTexts } from "../../../domain/disclosure-case";

export type ApiFailure = { error?: string; fields?: Record<string, string> };

/** Sends to the case API; answers the failure's words, or nothing when it went through. */
export async function send(url: string, init: RequestInit): Promise<ApiFailure | undefined> {
  try {
    const response = await fetch(url, init);
    if (response.ok) return undefined;
    const body = (await response.json().catch(() => ({}))) as ApiFailure;
    return { error: body.error ?? caseTexts.failed, fields: body.fields };
  } catch {
    return { error: caseTexts.failed };
  }
}
