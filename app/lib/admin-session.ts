import { ADMIN_TOKEN_STORAGE_KEY } from "../../domain/auth";

/** The admin token kept in local storage (browser only). */
export function readAdminToken(): string | null {
  try {
    return window.localStorage.getItem(ADMIN_TOKEN_STORAGE_KEY);
  } catch {
    return null;
  }
}

export function storeAdminToken(token: string): void {
  window.localStorage.setItem(ADMIN_TOKEN_STORAGE_KEY, token);
}

export function clearAdminToken(): void {
  window.localStorage.removeItem(ADMIN_TOKEN_STORAGE_KEY);
}

/** Whether a token is still valid on the server; network failures count as invalid. */
export async function verifyAdminToken(token: string): Promise<boolean> {
  try {
    const response = await fetch("/api/admin/verify", {
      method: "POST",
      headers: { authorization: `Bearer ${token}` },
    });
    if (!response.ok) return false;
    const body = (await response.json()) as { valid?: boolean };
    return body.valid === true;
  } catch {
    return false;
  }
}

/** fetch() for the admin API: adds the stored bearer token and JSON headers. */
export function adminFetch(path: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  const token = readAdminToken();
  if (token) headers.set("authorization", `Bearer ${token}`);
  if (init.body && typeof init.body === "string") headers.set("content-type", "application/json");
  return fetch(path, { ...init, headers });
}
