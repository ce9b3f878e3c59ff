import { accountMessages, type EnrolledFactor, type StepUpProof } from "../../domain/account";
import { audit } from "../audit/audit.server";
import type { AppDatabase } from "../db/database.server";
import { countAttempt, forgetAttempt, type RateLimited } from "../limits/rate-limits.server";
import { checkOwnPassword } from "../people/people.server";
import { LOGIN_LIMIT } from "./admin-login.server";
import { checkAtDoor, type CodeActor } from "./code-budget.server";
import {
  checkSecondFactor,
  deleteFactor,
  enrolFactor,
  findFactor,
  hasVerifiedFactor,
  regenerateRecoveryCodes,
  verifyFactor,
  type FactorContext,
  type SecondFactorCheck,
} from "./factors.server";

/**
 * The account's changes to its second factor, each behind a step-up (docs/decisions/170): a
 * bearer token alone (one XSS away, in localStorage) can neither add a factor nor remove one.
 * Every code checked here counts against the account's second-factor budget; every wrong code
 * or password is in the audit trail.
 */
export type StepUpActor = CodeActor & { /** The client's limit key: a wrong password counts against it like a login. */ clientKey?: string };

export type Refused =
  | { ok: false; code: "invalid" | "wrong_code" | "wrong_password"; error: string; fields: Record<string, string> }
  | RateLimited;

const refuse = (code: "invalid" | "wrong_code" | "wrong_password", field: string, error: string): Refused => ({ ok: false, code, error, fields: { [field]: error } });
const wrongCode = () => refuse("wrong_code", "code", accountMessages.codeInvalid);

/** A code checked within the budget; a wrong one is audited against the door it was given at. */
async function checkCode(
  context: FactorContext,
  code: string,
  actor: StepUpActor,
  door: string,
  exceptFactor?: string,
): Promise<SecondFactorCheck | RateLimited> {
  const check = await checkAtDoor(context.db, door, actor, () =>
    checkSecondFactor(context, code, new Date(), { exceptFactor }),
  );
  if (check.ok && check.via === "recovery") await audit.record(context.db, { action: "recovery_code.used", target: door, ...actor });
  return check;
}

/** The password as a step-up: a wrong one counts against the client's login limit, as at sign-in. */
async function checkPasswordStepUp(
  { db, personId }: FactorContext,
  password: string,
  actor: StepUpActor,
  door: string,
): Promise<Refused | undefined> {
  const limited = await countAttempt(db, LOGIN_LIMIT, actor.clientKey);
  if (limited) return limited;
  if (!(await checkOwnPassword(db, personId, password))) {
    await audit.record(db, { action: "step_up.wrong_password", target: door, ...actor });
    return refuse("wrong_password", "password", accountMessages.currentPasswordWrong);
  }
  await forgetAttempt(db, LOGIN_LIMIT, actor.clientKey);
  return undefined;
}

/** A code (any verified factor but `exceptFactor`, or a recovery code) or, where allowed, the password. */
async function stepUp(
  context: FactorContext,
  proof: StepUpProof,
  actor: StepUpActor,
  { door, exceptFactor, passwordAllowed }: { door: string; exceptFactor?: string; passwordAllowed: boolean },
): Promise<Refused | undefined> {
  if (proof.code) {
    const check = await checkCode(context, proof.code, actor, door, exceptFactor);
    if (check.ok) return undefined;
    return "code" in check ? check : wrongCode();
  }
  if (proof.password && passwordAllowed) return checkPasswordStepUp(context, proof.password, actor, door);
  return undefined;
}

/**
 * How long a sign-in with the password stands for the password at the first factor's enrolment
 * ("sudo mode"): enrolling right after signing in takes one step, a token used later cannot.
 */
export const RECENT_SIGN_IN_MS = 10 * 60 * 1000;

/** Whether this session was opened (with the password, or a passkey, which stands for it) within RECENT_SIGN_IN_MS. */
async function signedInRecently(db: AppDatabase, session: string | null | undefined, now = Date.now()): Promise<boolean> {
  if (!session) return false;
  const row = await db.selectFrom("admin_sessions").select("created_at").where("id", "=", session).executeTakeFirst();
  return row !== undefined && now - Date.parse(row.created_at) < RECENT_SIGN_IN_MS;
}

/**
 * The proof a new way to sign in needs, an authenticator or a passkey (decision 209): with a
 * verified factor a current code or a recovery code; with none, the password or a sign-in within
 * the last 10 minutes (a stolen session must not be able to add a way in of its own).
 */
export async function stepUpToAdd(context: FactorContext, proof: StepUpProof, actor: StepUpActor, door: string): Promise<Refused | undefined> {
  const verified = await hasVerifiedFactor(context.db, context.personId);
  if (verified && !proof.code) return refuse("invalid", "code", accountMessages.addNeedsCode);
  if (!verified && !proof.password && !(await signedInRecently(context.db, actor.session))) {
    return refuse("invalid", "password", accountMessages.currentPasswordRequired);
  }
  return stepUp(context, proof, actor, { door, passwordAllowed: !verified });
}

/** The proof removing a way to sign in needs: a code (or a recovery code), or the password. */
export async function stepUpToRemove(context: FactorContext, proof: StepUpProof, actor: StepUpActor, door: string, missing: string): Promise<Refused | undefined> {
  if (!proof.code && !proof.password) return refuse("invalid", "code", missing);
  return stepUp(context, proof, actor, { door, passwordAllowed: true });
}

/**
 * Adds an unverified factor. With a verified factor it needs a current code or a recovery code;
 * with none, the password or a sign-in with it within the last 10 minutes (a stolen session must
 * not be able to turn the second step on with a factor of its own).
 */
export async function addFactor(
  context: FactorContext,
  { friendlyName, issuer, proof }: { friendlyName: string; issuer: string; proof: StepUpProof },
  actor: StepUpActor,
): Promise<{ ok: true; factor: EnrolledFactor } | { ok: false; code: "too_many" } | Refused> {
  const refused = await stepUpToAdd(context, proof, actor, "factor.add");
  if (refused) return refused;
  return enrolFactor(context, { friendlyName, issuer, session: actor.session ?? undefined });
}

/**
 * Removes a factor, given a current code (its own or another factor's), a recovery code, or the password. A
 * factor never verified may be taken back without any, from any session of the admin: it cannot
 * sign in, so it protects nothing yet (decision 191).
 */
export async function removeFactor(
  context: FactorContext,
  factorId: string,
  proof: StepUpProof,
  actor: StepUpActor,
): Promise<{ ok: true; lastFactor: boolean } | { ok: false; code: "not_found" } | Refused> {
  const factor = await findFactor(context.db, context.personId, factorId);
  if (!factor) return { ok: false, code: "not_found" };
  if (factor.status !== "unverified") {
    // Its own current code too (as GitHub takes): adding a factor needs a step-up, so holding it proves enough.
    const refused = await stepUpToRemove(context, proof, actor, `factor.remove ${factorId}`, accountMessages.removeNeedsProof);
    if (refused) return refused;
  }
  return deleteFactor(context.db, context.personId, factorId);
}

/** Verifies an added factor by a code from it, within the budget. */
export async function confirmFactor(
  context: FactorContext,
  factorId: string,
  code: string,
  actor: StepUpActor,
): Promise<Awaited<ReturnType<typeof verifyFactor>> | RateLimited> {
  const factor = await findFactor(context.db, context.personId, factorId);
  if (!factor) return { ok: false, code: "not_found" };
  if (factor.status === "verified") return { ok: false, code: "already_verified" };
  return checkAtDoor(context.db, `factor.verify ${factorId}`, actor, () =>
    verifyFactor(context, factorId, code),
  );
}

/** A new set of recovery codes, given a current code or a recovery code, within the budget. */
export async function renewRecoveryCodes(
  context: FactorContext,
  code: string,
  actor: StepUpActor,
): Promise<{ ok: true; recovery_codes: string[] } | { ok: false; code: "no_factor" } | Refused> {
  if (!(await hasVerifiedFactor(context.db, context.personId))) return { ok: false, code: "no_factor" };
  const result = await checkAtDoor(context.db, "recovery_codes", actor, () =>
    regenerateRecoveryCodes(context, code),
  );
  if (!result.ok) return "retryAfterSeconds" in result ? result : wrongCode();
  if (result.via.ok && result.via.via === "recovery") await audit.record(context.db, { action: "recovery_code.used", target: "recovery_codes", ...actor });
  return { ok: true, recovery_codes: result.recovery_codes };
}
