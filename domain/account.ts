import { z } from "zod";
import { PASSWORD_MAX_LENGTH } from "./auth";
import { singleLineString, storableString } from "./text-rules";
import { tooLongMessage } from "./text-length";

/** The admin account's texts: second factor, sessions, password change (docs/decisions/150-153). */
export const accountMessages = {
  codeLabel: "Authentication code",
  codeHint: "The 6-digit code from your authenticator app, or one of your recovery codes.",
  codeRequired: "Enter the 6-digit code from your authenticator app or a recovery code",
  codeInvalid: "Invalid authentication code",
  tooManyCodes: "Too many wrong authentication codes. Please wait 15 minutes and try again.",
  addNeedsCode: "Enter a code from a verified authenticator, or a recovery code",
  removeNeedsProof: "Enter a current code from this or another authenticator, a recovery code, or your current password",
  challengeRequired: "The sign-in challenge is missing",
  challengeExpired: "This sign-in has expired. Please enter your password again.",
  friendlyNameRequired: "Give the authenticator a name",
  factorNotFound: "Authenticator not found",
  factorAlreadyVerified: "This authenticator is already verified",
  noVerifiedFactor: "Add and verify an authenticator first",
  sessionNotFound: "Session not found",
  scopeInvalid: 'scope must be "local", "others" or "global"',
  currentPasswordRequired: "Enter your current password",
  currentPasswordWrong: "The current password is not right",
  newPasswordTooShort: "The new password must be at least 12 characters long",
  newPasswordCommon: "This password is one of the most common passwords: choose another",
  newPasswordSame: "The new password must differ from the current one",
  newPasswordsDiffer: "The two new passwords differ",
  passwordFromEnvironment:
    "The password is set by ADMIN_PASSWORD in the server's environment, and every start makes it the password again: change ADMIN_PASSWORD there and restart.",
  pageInvalid: "page must be a whole number of at least 1",
  actionInvalid: "action is not one the audit trail records",
  kindInvalid: "kind is not one of the audit trail's kinds of event",
  dateInvalid: "from and to must be dates (YYYY-MM-DD) or ISO times",
  enrolmentGone: "This authenticator's QR code can no longer be shown: remove it and add it again",
} as const;

export const NEW_PASSWORD_MIN_LENGTH = 12;
export const FRIENDLY_NAME_MAX_LENGTH = 60;
/** A recovery code: ten characters of a 32-letter alphabet, shown as two groups of five. */
export const RECOVERY_CODE_PATTERN = /^[a-z2-9]{5}-?[a-z2-9]{5}$/;

/** What a code field may hold: 6 digits (spaces allowed) or a recovery code; anything else is refused before any check. */
export const codeSchema = z
  .string({ error: accountMessages.codeRequired })
  .trim()
  .min(1, accountMessages.codeRequired)
  .max(32, accountMessages.codeRequired);

export const verifyLoginSchema = z.object(
  {
    challenge: z.string({ error: accountMessages.challengeRequired }).min(1, accountMessages.challengeRequired).max(100, accountMessages.challengeExpired),
    code: codeSchema,
  },
  { error: accountMessages.codeRequired },
);

/** The proof an account change asks for (docs/decisions/170): a code, or the password; neither is required by the shape. */
export const stepUpFields = {
  code: codeSchema.optional(),
  password: storableString({ error: accountMessages.currentPasswordRequired }).max(PASSWORD_MAX_LENGTH, tooLongMessage(PASSWORD_MAX_LENGTH)).optional(),
};

export const enrolFactorSchema = z.object(
  {
    friendly_name: singleLineString({ error: accountMessages.friendlyNameRequired })
      .min(1, accountMessages.friendlyNameRequired)
      .max(FRIENDLY_NAME_MAX_LENGTH, tooLongMessage(FRIENDLY_NAME_MAX_LENGTH)),
    ...stepUpFields,
  },
  { error: accountMessages.friendlyNameRequired },
);

export const codeBodySchema = z.object({ code: codeSchema }, { error: accountMessages.codeRequired });

/** Removing a factor: a code, or the password, or nothing for an unverified factor of this session. */
export const removeFactorSchema = z.object(stepUpFields, { error: accountMessages.removeNeedsProof });
export type StepUpProof = { code?: string; password?: string };

export const passwordChangeSchema = z.object(
  {
    current_password: storableString({ error: accountMessages.currentPasswordRequired })
      .min(1, accountMessages.currentPasswordRequired)
      .max(PASSWORD_MAX_LENGTH, tooLongMessage(PASSWORD_MAX_LENGTH)),
    new_password: storableString({ error: accountMessages.newPasswordTooShort })
      .min(NEW_PASSWORD_MIN_LENGTH, accountMessages.newPasswordTooShort)
      .max(PASSWORD_MAX_LENGTH, tooLongMessage(PASSWORD_MAX_LENGTH)),
    code: codeSchema.optional(),
  },
  { error: accountMessages.currentPasswordRequired },
);

export const LOGOUT_SCOPES = ["local", "others", "global"] as const;
export type LogoutScope = (typeof LOGOUT_SCOPES)[number];

/** A factor as the API lists it (spec section 3's multi-factor entry). */
export type FactorSummary = {
  id: string;
  factor_type: "totp";
  status: "unverified" | "verified";
  friendly_name: string;
  issuer: string;
  created_at: string;
  last_used_at: string | null;
};

export type EnrolledFactor = {
  id: string;
  factor_type: "totp";
  status: "unverified";
  secret: string;
  otpauth_uri: string;
  qr_svg: string;
};

export type SessionSummary = {
  id: string;
  created_at: string;
  last_used_at: string;
  ip: string | null;
  browser: string;
  current: boolean;
};

/** "Chrome 131 on Linux" from a User-Agent header, or "Unknown browser". */
export function describeBrowser(userAgent: string | null | undefined): string {
  const ua = userAgent ?? "";
  const browsers: [string, RegExp][] = [
    ["Edge", /Edg\/(\d+)/],
    ["Firefox", /Firefox\/(\d+)/],
    ["Chrome", /(?:HeadlessChrome|Chrome)\/(\d+)/],
    ["Safari", /Version\/(\d+)[\d.]* .*Safari\//],
  ];
  const systems: [string, RegExp][] = [
    ["Android", /Android/],
    ["iOS", /iPhone|iPad/],
    ["Windows", /Windows/],
    ["macOS", /Mac OS X/],
    ["Linux", /Linux/],
  ];
  const browser = browsers.find(([, pattern]) => pattern.test(ua));
  const system = systems.find(([, pattern]) => pattern.test(ua))?.[0];
  if (!browser) return ua ? `Other browser${system ? ` on ${system}` : ""}` : "Unknown browser";
  const version = browser[1].exec(ua)?.[1];
  return `${browser[0]} ${version}${system ? ` on ${system}` : ""}`;
}
