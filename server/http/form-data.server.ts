/** Form posts of pages that work without JavaScript: small, URL-encoded bodies only. */
export const FORM_BODY_LIMIT_BYTES = 64 * 1024;

export type FormReadResult =
  | { ok: true; values: Record<string, string> }
  | { ok: false; status: 413 | 415 };

/**
 * Reads a URL-encoded form body from a route action's request with a hard size cap, counted
 * while streaming (a missing or false Content-Length does not get past it).
 */
export async function readSmallForm(request: Request, limitBytes = FORM_BODY_LIMIT_BYTES): Promise<FormReadResult> {
  const type = request.headers.get("content-type") ?? "";
  if (!/^application\/x-www-form-urlencoded\b/i.test(type)) return { ok: false, status: 415 };
  if (Number(request.headers.get("content-length") ?? 0) > limitBytes) return { ok: false, status: 413 };
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (request.body) {
    const reader = request.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > limitBytes) {
        await reader.cancel();
        return { ok: false, status: 413 };
      }
      chunks.push(value);
    }
  }
  const text = new TextDecoder().decode(Buffer.concat(chunks));
  const values: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams(text)) values[name] ??= value;
  return { ok: true, values };
}
