import { authMessages } from "../../domain/auth";
import { loginSchema } from "../../domain/login";
import { fieldErrors } from "../../domain/validation";
import type { AppServices } from "../context.server";
import { countAttempt, forgetAttempt, type RateLimited, type RateLimitRule } from "../limits/rate-limits.server";
import { login } from "./admin-auth.server";

/** Failed logins allowed per client in the window; the next attempt is refused (429). */
export const LOGIN_LIMIT: RateLimitRule = {
  name: "admin-login",
  windowMs: 15 * 60 * 1000,
  limit: 9,
  message: authMessages.tooManyAttempts,
};

/**
 * Failed logins allowed from all clients together in the same sliding window, so guesses spread
 * over many addresses stop too (docs/decisions/068).
 */
export const GLOBAL_LOGIN_LIMIT: RateLimitRule = { ...LOGIN_LIMIT, name: "admin-login:all", limit: 100 };
const EVERY_CLIENT = "all";

export type LoginResult =
  | { ok: true; token: string; expiresAt: string }
  | { ok: false; code: "invalid"; error: string; fields: Record<string, string> }
  | { ok: false; code: "wrong_password"; error: string }
  | RateLimited;

/**
 * One login attempt from any door. Every attempt counts against the client's key first; a
 * successful one is taken back, so only failures use up the allowance.
 */
export async function attemptLogin(
  { db }: Pick<AppServices, "db">,
  input: unknown,
  { clientKey }: { clientKey?: string } = {},
): Promise<LoginResult> {
  const limited = await countAttempt(db, LOGIN_LIMIT, clientKey);
  if (limited) return limited;
  const everyoneLimited = clientKey === undefined ? undefined : await countAttempt(db, GLOBAL_LOGIN_LIMIT, EVERY_CLIENT);
  if (everyoneLimited) {
    await forgetAttempt(db, LOGIN_LIMIT, clientKey);
    return everyoneLimited;
  }
  const parsed = loginSchema.safeParse(input);
  if (!parsed.success) {
    const error = fieldErrors(parsed.error).password ?? authMessages.passwordRequired;
    return { ok: false, code: "invalid", error, fields: { password: error } };
  }
  const session = await login(db, parsed.data.password);
  if (!session) return { ok: false, code: "wrong_password", error: authMessages.invalidCredentials };
  await forgetAttempt(db, LOGIN_LIMIT, clientKey);
  if (clientKey !== undefined) await forgetAttempt(db, GLOBAL_LOGIN_LIMIT, EVERY_CLIENT);
  return { ok: true, ...session };
}
