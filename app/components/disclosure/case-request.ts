import { caseTexts } from "../../../domain/disclosure-case";
import { callApi, type ApiRequest, type ApiResult } from "../../lib/api-client";

export type ApiFailure = Pick<Extract<ApiResult<never>, { ok: false }>, "error" | "fields">;

/** A call to the case API; a failure without the server's words gets the case page's own. */
export async function callCaseApi<T = undefined>(url: string, request: ApiRequest): Promise<ApiResult<T>> {
  const result = await callApi<T>(url, request);
  return result.ok ? result : { ...result, error: result.error ?? caseTexts.failed };
}

/** Sends to the case API; answers the failure's words, or nothing when it went through. */
export async function send(url: string, request: ApiRequest): Promise<ApiFailure | undefined> {
  const result = await callCaseApi(url, request);
  return result.ok ? undefined : { error: result.error, fields: result.fields };
}
