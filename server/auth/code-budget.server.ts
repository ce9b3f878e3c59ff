import { accountMessages } from "../../domain/account";
import { audit, type AuditEntry } from "../audit/audit.server";
import type { AppDatabase } from "../db/database.server";
import { enqueueEmail, notifyOutbox } from "../mail/outbox.server";
import { attemptsInWindow, countAttempt, forgetAttempt, type RateLimited, type RateLimitRule } from "../limits/rate-limits.server";
import { displayAddress } from "../../domain/ip-address";
import { OWNER_ID } from "../../domain/people";

/**
 * The account's second-factor budget (docs/decisions/170): every code check, at the sign-in
 * challenge and at the account's doors alike, counts against one allowance of the person's
 * account, whichever address or session it comes from. Only failures use it up.
 */
export const SECOND_FACTOR_LIMIT: RateLimitRule = {
  name: "second-factor",
  windowMs: 15 * 60 * 1000,
  limit: 10,
  message: accountMessages.tooManyCodes,
};
/** Who asked, for the audit trail; whose account's budget it is (the owner's unless a person is named). */
export type CodeActor = { ip?: string | null; session?: string | null; personId?: string | null };

/** Each person's account has its own budget. */
const budgetKey = (actor: CodeActor) => actor.personId ?? OWNER_ID;

/**
 * Runs one code check inside the budget: counted before the check (so parallel guesses cannot
 * overrun it), refused with 429 once spent (one audit event per window, with a count), taken
 * back when the code was right. A wrong code is recorded as `wrong`.
 */
export async function checkWithinBudget<T extends { ok: boolean }>(
  db: AppDatabase,
  { wrong, actor }: { wrong: AuditEntry; actor: CodeActor },
  check: () => Promise<T>,
): Promise<T | RateLimited> {
  const limited = await countAttempt(db, SECOND_FACTOR_LIMIT, budgetKey(actor));
  if (limited) {
    await audit.recordLockout(db, { action: "code.locked", target: SECOND_FACTOR_LIMIT.name, ...actor }, SECOND_FACTOR_LIMIT.windowMs);
    return limited;
  }
  const result = await check();
  if (result.ok) await forgetAttempt(db, SECOND_FACTOR_LIMIT, budgetKey(actor));
  else await audit.record(db, wrong);
  return result;
}

/** A code checked at one of the account's doors, within the budget; a wrong one is `code.wrong` at that door. */
export function checkAtDoor<T extends { ok: boolean }>(db: AppDatabase, door: string, actor: CodeActor, check: () => Promise<T>): Promise<T | RateLimited> {
  return checkWithinBudget(db, { wrong: { action: "code.wrong", target: door, ...actor }, actor }, check);
}

/** Wrong sign-in codes in the budget's window from which someone is guessing rather than mistyping. */
export const GUESSING_ALERT_AFTER = 3;
/** At most one alert an hour, whichever process sees the guessing. */
const ALERT_RULE: RateLimitRule = { name: "second-factor:alert", windowMs: 60 * 60 * 1000, limit: 1, message: "" };

/**
 * Wrong codes at the sign-in challenge alone, by someone not signed in: the signed-in admin's own
 * slips on the account page (enrolment, a step-up) spend the budget but never raise the alert.
 * Counted only, never refusing: the budget above does that.
 */
const SIGN_IN_FAILURES: RateLimitRule = { name: "second-factor:sign-in", windowMs: SECOND_FACTOR_LIMIT.windowMs, limit: 1_000_000, message: "" };

/** Where the alert goes, and what it names. */
export type GuessingAlert = { to: string; siteName: string; siteUrl: string };

/**
 * After a right password and a wrong code at the sign-in challenge: once a few have been wrong in
 * the window, the security contact hears of it through the outbox, at most once an hour.
 */
export async function alertIfGuessing(db: AppDatabase, alert: GuessingAlert | undefined, actor: CodeActor, now = new Date()): Promise<void> {
  const account = budgetKey(actor);
  await countAttempt(db, SIGN_IN_FAILURES, account);
  if (!alert) return;
  const failures = await attemptsInWindow(db, SIGN_IN_FAILURES, account);
  if (failures < GUESSING_ALERT_AFTER) return;
  if (await countAttempt(db, ALERT_RULE, account)) return;
  await enqueueEmail(db, {
    to: alert.to,
    subject: `${alert.siteName}: someone who knows the admin password is guessing codes`,
    text: [
      "Someone who knows the admin password is guessing codes.",
      "",
      `${failures} wrong authentication codes were entered after the right password in the last 15 minutes (the latest at ${now.toISOString()}, from ${actor.ip != null ? displayAddress(actor.ip) : "an unknown address"}).`,
      `After ${SECOND_FACTOR_LIMIT.limit} wrong codes in 15 minutes every code is refused for a while.`,
      "",
      "If this was not you: change the admin password (npm run admin -- set-password, or ADMIN_PASSWORD), and read the audit trail:",
      `${alert.siteUrl}/admin/audit`,
      "",
      "This email is sent at most once an hour.",
    ].join("\n"),
  });
  notifyOutbox();
  await audit.record(db, { action: "mfa.alert_sent", ...actor });
}
