import type { APIRequestContext, Page } from "@playwright/test";
import { ADMIN_TOKEN_STORAGE_KEY } from "../../domain/auth";
import { expect } from "./fixtures";

const PASSWORD = process.env.E2E_ADMIN_PASSWORD ?? "";

/** A name no other test (or earlier run against the same server) uses. */
export function unique(label: string): string {
  return `${label} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

/** Which server to sign in to: the suite's shared one unless told (a test's own server, say). */
export type AdminServer = { url?: string; password?: string };

/** An admin token from the login API. */
export async function apiToken(request: APIRequestContext, { url = "", password = PASSWORD }: AdminServer = {}): Promise<string> {
  const response = await request.post(`${url}/api/admin/login`, { data: { password } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

/** Signs in the way a returning admin is signed in: a valid token in local storage. */
export async function signIn(page: Page, server: AdminServer = {}): Promise<string> {
  const token = await apiToken(page.request, server);
  // A page of this origin that never navigates on its own, so nothing races the next navigation.
  await page.goto(`${server.url ?? ""}/privacy`);
  await page.evaluate(({ key, value }) => window.localStorage.setItem(key, value), { key: ADMIN_TOKEN_STORAGE_KEY, value: token });
  return token;
}
