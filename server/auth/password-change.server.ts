import { accountMessages, passwordChangeSchema } from "../../domain/account";
import { fieldErrors } from "../../domain/validation";
import type { AppDatabase } from "../db/database.server";
import { countAttempt, forgetAttempt, type RateLimited } from "../limits/rate-limits.server";
import { OWNER_ID } from "../../domain/people";
import { checkOwnPassword, setPersonPassword } from "../people/people.server";
import { setAdminPassword, type AdminSession } from "./admin-auth.server";
import { LOGIN_LIMIT } from "./admin-login.server";
import { isCommonPassword } from "./common-passwords.server";
import { checkAtDoor } from "./code-budget.server";
import { checkSecondFactor, hasVerifiedFactor } from "./factors.server";

export type PasswordChangeResult =
  | { ok: true }
  | { ok: false; code: "managed_by_environment"; error: string }
  | { ok: false; code: "invalid" | "wrong_password" | "wrong_code"; error: string; fields: Record<string, string> }
  | RateLimited;

/**
 * The password change in the admin (docs/decisions/153): the current password (and a code with a
 * verified factor) and a new one of 12 characters or more that is not a common one. It ends every
 * other session of the person's and every preview link they made; this session stays. A wrong
 * current password or code counts against the client's login limit. The owner's is refused
 * while ADMIN_PASSWORD is set.
 */
export async function changePassword(
  { db, key, adminPassword }: { db: AppDatabase; key: Buffer; adminPassword: string | undefined },
  input: unknown,
  { session, clientKey }: { session: AdminSession; clientKey?: string },
): Promise<PasswordChangeResult> {
  const { personId } = session;
  const isOwner = personId === OWNER_ID;
  if (isOwner && adminPassword) return { ok: false, code: "managed_by_environment", error: accountMessages.passwordFromEnvironment };
  const parsed = passwordChangeSchema.safeParse(input);
  if (!parsed.success) {
    const fields = fieldErrors(parsed.error);
    return { ok: false, code: "invalid", error: Object.values(fields)[0] ?? accountMessages.currentPasswordRequired, fields };
  }
  const { current_password: current, new_password: next, code } = parsed.data;
  if (isCommonPassword(next)) {
    return { ok: false, code: "invalid", error: accountMessages.newPasswordCommon, fields: { new_password: accountMessages.newPasswordCommon } };
  }
  if (next === current) {
    return { ok: false, code: "invalid", error: accountMessages.newPasswordSame, fields: { new_password: accountMessages.newPasswordSame } };
  }
  const limited = await countAttempt(db, LOGIN_LIMIT, clientKey);
  if (limited) return limited;
  if (!(await checkOwnPassword(db, personId, current))) {
    return { ok: false, code: "wrong_password", error: accountMessages.currentPasswordWrong, fields: { current_password: accountMessages.currentPasswordWrong } };
  }
  if (await hasVerifiedFactor(db, personId)) {
    if (!code) return { ok: false, code: "invalid", error: accountMessages.codeRequired, fields: { code: accountMessages.codeRequired } };
    // The account's code budget holds here too (docs/decisions/170).
    const actor = { session: session.id, personId };
    const check = await checkAtDoor(db, "password.change", actor, () =>
      checkSecondFactor({ db, key, personId }, code),
    );
    if (!check.ok && "retryAfterSeconds" in check) return check;
    if (!check.ok) {
      return { ok: false, code: "wrong_code", error: accountMessages.codeInvalid, fields: { code: accountMessages.codeInvalid } };
    }
  }
  await forgetAttempt(db, LOGIN_LIMIT, clientKey);
  if (isOwner) await setAdminPassword(db, next, { keepSession: session });
  else await setPersonPassword(db, personId, next, session);
  return { ok: true };
}
