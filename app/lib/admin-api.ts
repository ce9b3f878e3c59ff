import type { BlogPost, BlogPostSummary, PostInput } from "../../domain/blog-post";
import { adminFetch } from "./admin-session";

/** What every admin API call comes back as; a network failure has status 0. */
export type AdminApiResult<T> =
  | { ok: true; data: T }
  | { ok: false; status: number; error?: string; fields?: Record<string, string> };

async function call<T>(path: string, init: RequestInit = {}): Promise<AdminApiResult<T>> {
  let response: Response;
  try {
    response = await adminFetch(path, init);
  } catch {
    return { ok: false, status: 0 };
  }
  if (response.ok) {
    const data = response.status === 204 ? undefined : await response.json().catch(() => undefined);
    return { ok: true, data: data as T };
  }
  const body = (await response.json().catch(() => ({}))) as { error?: unknown; fields?: unknown };
  return {
    ok: false,
    status: response.status,
    error: typeof body.error === "string" ? body.error : undefined,
    fields: isFieldMap(body.fields) ? body.fields : undefined,
  };
}

function isFieldMap(value: unknown): value is Record<string, string> {
  return (
    value !== null &&
    typeof value === "object" &&
    Object.values(value).every((message) => typeof message === "string")
  );
}

export function listAdminPosts() {
  return call<BlogPostSummary[]>("/api/admin/posts");
}

export function getAdminPost(id: string) {
  return call<BlogPost>(`/api/admin/posts/${encodeURIComponent(id)}`);
}

export function createAdminPost(values: PostInput) {
  return call<BlogPost>("/api/admin/posts", { method: "POST", body: JSON.stringify(values) });
}

export function updateAdminPost(id: string, values: Partial<PostInput>) {
  return call<BlogPost>(`/api/admin/posts/${encodeURIComponent(id)}`, {
    method: "PATCH",
    body: JSON.stringify(values),
  });
}

export function deleteAdminPost(id: string) {
  return call<void>(`/api/admin/posts/${encodeURIComponent(id)}`, { method: "DELETE" });
}

/** Ends the session on the server; the caller forgets the token whatever the answer. */
export function logoutAdmin() {
  return call<void>("/api/admin/logout", { method: "POST" });
}

/** Signs in; no stored token is sent. */
export async function loginAdmin(password: string): Promise<AdminApiResult<{ token: string; expiresAt: string }>> {
  let response: Response;
  try {
    response = await fetch("/api/admin/login", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ password }),
    });
  } catch {
    return { ok: false, status: 0 };
  }
  const body = (await response.json().catch(() => ({}))) as { token?: unknown; expiresAt?: unknown; error?: unknown };
  if (response.ok && typeof body.token === "string") {
    return { ok: true, data: { token: body.token, expiresAt: String(body.expiresAt) } };
  }
  return { ok: false, status: response.status, error: typeof body.error === "string" ? body.error : undefined };
}
