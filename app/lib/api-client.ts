/**
 * The browser's one way to the site's API: the admin screens, the case page, the contact form and
 * the article loader all call `callApi`, so every answer has one shape. Failures come back as
 * values, never thrown: status 0 is a network failure, any other the server's `{ error, fields }`.
 * A read (GET) that fails on the network is tried once more; a write never is, as it may have
 * arrived. The browser sends the `Origin` the server checks; a bearer token goes in one header.
 */
export type ApiResult<T> =
  | { ok: true; data: T }
  | { ok: false; status: number; error?: string; fields?: Record<string, string> };

export type ApiRequest = {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** A FormData or Blob goes as it is (with its own content type); any other value as JSON. */
  body?: unknown;
  headers?: Record<string, string>;
  /** The admin session's bearer token, when the door needs one. */
  token?: string | null;
  /** How a successful answer is read: JSON (undefined for a 204), or the bytes of a download. */
  read?: "json" | "blob";
};

export async function callApi<T>(path: string, request: ApiRequest = {}): Promise<ApiResult<T>> {
  const { method = "GET", body, read = "json" } = request;
  const headers = { ...request.headers };
  if (request.token) headers.authorization = `Bearer ${request.token}`;
  const raw = body instanceof FormData || body instanceof Blob || body === undefined;
  if (!raw) headers["content-type"] = "application/json";
  const init = { method, headers, body: raw ? body : JSON.stringify(body) };
  let response: Response | undefined;
  for (let tries = method === "GET" ? 2 : 1; !response && tries > 0; tries -= 1) response = await fetch(path, init).catch(() => undefined);
  if (!response) return { ok: false, status: 0 };
  if (response.ok) {
    // A 204 has no body: its JSON fails to parse and reads as undefined. A download cut short is a network failure.
    try {
      return { ok: true, data: (read === "blob" ? await response.blob() : await response.json().catch(() => undefined)) as T };
    } catch {
      return { ok: false, status: 0 };
    }
  }
  // The API's one failure shape (DESIGN.md): `{ error, fields? }`, fields by name.
  const { error, fields } = (await response.json().catch(() => ({}))) as { error?: string; fields?: Record<string, string> };
  return { ok: false, status: response.status, error, fields };
}
