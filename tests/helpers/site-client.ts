import { validReportFields } from "./sample-files";

/** A valid contact message, as the form or the API sends it. */
export const validContact = { name: "Grace Hopper", email: "grace@example.com", message: "Please call me back." };

/** A URL-encoded form body, as a browser without JavaScript posts it. */
export function formBody(values: Record<string, string>): string {
  return new URLSearchParams(values).toString();
}

/** A report as multipart, as the report page sends it. */
export function reportMultipart(overrides: Record<string, string> = {}): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(validReportFields(overrides))) form.append(name, value);
  return form;
}

/**
 * Sends one request to a site under test and reads its answer whole (so no socket is left
 * half-read). `headers` are added to the body's own content type.
 */
export async function send(
  base: string,
  method: string,
  path: string,
  { body, type, headers = {} }: { body?: string | FormData; type?: string; headers?: Record<string, string> } = {},
): Promise<{ status: number; text: string; headers: Headers }> {
  const response = await fetch(`${base}${path}`, {
    method,
    body,
    redirect: "manual",
    headers: { ...(type ? { "content-type": type } : {}), ...headers },
  });
  return { status: response.status, text: await response.text(), headers: response.headers };
}

export const FORM = "application/x-www-form-urlencoded";
export const JSON_TYPE = "application/json";
