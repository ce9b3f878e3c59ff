import crypto from "node:crypto";
import { generateSecret, generateURI, verify } from "otplib";
import QRCode from "qrcode";
import type { EnrolledFactor, FactorSummary } from "../../domain/account";
import type { AppDatabase } from "../db/database.server";
import { seal, unseal } from "./secret-box.server";

/**
 * Authenticator factors (RFC 6238: 30 s, 6 digits, SHA-1) and recovery codes
 * (docs/decisions/150). A secret is kept sealed under a key that is not in the database; a code
 * is taken once per factor (the accepted time step is stored), with one step of drift either way.
 */
export type FactorContext = { db: AppDatabase; key: Buffer };

const PERIOD_SECONDS = 30;
const RECOVERY_CODE_COUNT = 10;
const RECOVERY_ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789";
/** An account label for the authenticator app: the site has one admin. */
const ACCOUNT_LABEL = "admin";
/** At most this many factors, verified or not: enrolment is not a way to fill the table. */
export const MAX_FACTORS = 10;

const FACTOR_COLUMNS = ["id", "factor_type", "status", "friendly_name", "issuer", "created_at", "last_used_at"] as const;

export async function listFactors(db: AppDatabase): Promise<FactorSummary[]> {
  return db.selectFrom("admin_factors").select(FACTOR_COLUMNS).orderBy("created_at").orderBy("id").execute();
}

export async function hasVerifiedFactor(db: AppDatabase): Promise<boolean> {
  const row = await db.selectFrom("admin_factors").select("id").where("status", "=", "verified").limit(1).executeTakeFirst();
  return row !== undefined;
}

/** A new, unverified factor: its secret shown once, as text, as an otpauth URI and as a QR code (SVG). */
export async function enrolFactor(
  { db, key }: FactorContext,
  { friendlyName, issuer }: { friendlyName: string; issuer: string },
): Promise<{ ok: true; factor: EnrolledFactor } | { ok: false; code: "too_many" }> {
  const { count } = await db.selectFrom("admin_factors").select((eb) => eb.fn.countAll<number | string>().as("count")).executeTakeFirstOrThrow();
  if (Number(count) >= MAX_FACTORS) return { ok: false, code: "too_many" };
  const id = crypto.randomUUID();
  const secret = generateSecret();
  await db
    .insertInto("admin_factors")
    .values({
      id,
      factor_type: "totp",
      status: "unverified",
      friendly_name: friendlyName,
      issuer,
      secret_sealed: seal(key, secret, id),
      last_used_step: null,
      created_at: new Date().toISOString(),
      verified_at: null,
      last_used_at: null,
    })
    .execute();
  const otpauthUri = generateURI({ issuer, label: ACCOUNT_LABEL, secret });
  const qrSvg = await QRCode.toString(otpauthUri, { type: "svg", errorCorrectionLevel: "M", margin: 2 });
  return { ok: true, factor: { id, factor_type: "totp", status: "unverified", secret, otpauth_uri: otpauthUri, qr_svg: qrSvg } };
}

/**
 * Checks a 6-digit code against one factor and, when right, takes its time step so the same
 * code (or an older one) is refused from then on, in every process.
 */
async function takeCode({ db, key }: FactorContext, factorId: string, code: string, now: Date): Promise<boolean> {
  const digits = code.replace(/\s+/g, "");
  if (!/^\d{6}$/.test(digits)) return false;
  const row = await db.selectFrom("admin_factors").select(["id", "secret_sealed", "last_used_step"]).where("id", "=", factorId).executeTakeFirst();
  if (!row) return false;
  const secret = unseal(key, row.secret_sealed, row.id);
  if (!secret) return false;
  const lastStep = row.last_used_step === null ? undefined : Number(row.last_used_step);
  const result = await verify({
    secret,
    token: digits,
    epoch: Math.floor(now.getTime() / 1000),
    period: PERIOD_SECONDS,
    epochTolerance: PERIOD_SECONDS,
    ...(lastStep === undefined ? {} : { afterTimeStep: lastStep }),
  });
  if (!result.valid || !("timeStep" in result)) return false;
  const step = result.timeStep;
  // Only if no other request took this step (or a later one) meanwhile.
  const taken = await db
    .updateTable("admin_factors")
    .set({ last_used_step: step, last_used_at: now.toISOString() })
    .where("id", "=", factorId)
    .where((eb) => eb.or([eb("last_used_step", "is", null), eb("last_used_step", "<", step)]))
    .executeTakeFirst();
  return Number(taken.numUpdatedRows) === 1;
}

/** Marks a factor verified by a code from it; the first verified factor brings ten recovery codes. */
export async function verifyFactor(
  context: FactorContext,
  factorId: string,
  code: string,
  now = new Date(),
): Promise<
  | { ok: true; status: "verified"; recovery_codes?: string[] }
  | { ok: false; code: "not_found" | "already_verified" | "wrong_code" }
> {
  const { db } = context;
  const factor = await db.selectFrom("admin_factors").select(["status"]).where("id", "=", factorId).executeTakeFirst();
  if (!factor) return { ok: false, code: "not_found" };
  if (factor.status === "verified") return { ok: false, code: "already_verified" };
  if (!(await takeCode(context, factorId, code, now))) return { ok: false, code: "wrong_code" };
  const hadVerified = await hasVerifiedFactor(db);
  await db.updateTable("admin_factors").set({ status: "verified", verified_at: now.toISOString() }).where("id", "=", factorId).execute();
  if (hadVerified) return { ok: true, status: "verified" };
  return { ok: true, status: "verified", recovery_codes: await replaceRecoveryCodes(db, now) };
}

export type SecondFactorCheck = { ok: true; via: "totp"; factorId: string } | { ok: true; via: "recovery" } | { ok: false };

/**
 * A code from any verified factor, or an unused recovery code (which is then used up). What the
 * second sign-in step, the password change and the factor and recovery-code changes ask for.
 */
export async function checkSecondFactor(context: FactorContext, code: string, now = new Date()): Promise<SecondFactorCheck> {
  const compact = code.trim().toLowerCase().replace(/\s+/g, "");
  if (/^\d{6}$/.test(compact)) {
    const factors = await context.db.selectFrom("admin_factors").select("id").where("status", "=", "verified").execute();
    for (const { id } of factors) {
      if (await takeCode(context, id, compact, now)) return { ok: true, via: "totp", factorId: id };
    }
    return { ok: false };
  }
  if (await spendRecoveryCode(context.db, compact, now)) return { ok: true, via: "recovery" };
  return { ok: false };
}

/**
 * Deletes a factor, given a current code from it or from any verified factor. Deleting the last
 * verified factor voids the recovery codes too: sign-in is password-only again.
 */
export async function deleteFactor(
  context: FactorContext,
  factorId: string,
  code: string,
  now = new Date(),
): Promise<{ ok: true; lastFactor: boolean } | { ok: false; code: "not_found" | "wrong_code" }> {
  const { db } = context;
  const factor = await db.selectFrom("admin_factors").select(["status"]).where("id", "=", factorId).executeTakeFirst();
  if (!factor) return { ok: false, code: "not_found" };
  const accepted = (await takeCode(context, factorId, code, now)) || (await checkSecondFactor(context, code, now)).ok;
  if (!accepted) return { ok: false, code: "wrong_code" };
  await db.deleteFrom("admin_factors").where("id", "=", factorId).execute();
  const lastFactor = !(await hasVerifiedFactor(db));
  if (lastFactor) await db.deleteFrom("admin_recovery_codes").execute();
  return { ok: true, lastFactor };
}

/** A new set of ten recovery codes, given a current code; the old set stops working. */
export async function regenerateRecoveryCodes(
  context: FactorContext,
  code: string,
  now = new Date(),
): Promise<{ ok: true; recovery_codes: string[] } | { ok: false; code: "no_factor" | "wrong_code" }> {
  if (!(await hasVerifiedFactor(context.db))) return { ok: false, code: "no_factor" };
  if (!(await checkSecondFactor(context, code, now)).ok) return { ok: false, code: "wrong_code" };
  return { ok: true, recovery_codes: await replaceRecoveryCodes(context.db, now) };
}

export async function countUnusedRecoveryCodes(db: AppDatabase): Promise<number> {
  const { count } = await db
    .selectFrom("admin_recovery_codes")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .where("used_at", "is", null)
    .executeTakeFirstOrThrow();
  return Number(count);
}

/** Recovery codes carry 50 random bits each: a SHA-256 is enough to keep them (decision 150). */
function hashRecoveryCode(code: string): string {
  return crypto.createHash("sha256").update(code.toLowerCase().replace(/[\s-]+/g, "")).digest("hex");
}

function newRecoveryCode(): string {
  const bytes = crypto.randomBytes(10);
  const letters = [...bytes].map((byte) => RECOVERY_ALPHABET[byte % RECOVERY_ALPHABET.length]).join("");
  return `${letters.slice(0, 5)}-${letters.slice(5)}`;
}

async function replaceRecoveryCodes(db: AppDatabase, now: Date): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  const createdAt = now.toISOString();
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom("admin_recovery_codes").execute();
    await trx
      .insertInto("admin_recovery_codes")
      .values(codes.map((code) => ({ code_hash: hashRecoveryCode(code), created_at: createdAt, used_at: null })))
      .execute();
  });
  return codes;
}

async function spendRecoveryCode(db: AppDatabase, code: string, now: Date): Promise<boolean> {
  if (!/^[a-z2-9]{5}-?[a-z2-9]{5}$/.test(code)) return false;
  const used = await db
    .updateTable("admin_recovery_codes")
    .set({ used_at: now.toISOString() })
    .where("code_hash", "=", hashRecoveryCode(code))
    .where("used_at", "is", null)
    .executeTakeFirst();
  return Number(used.numUpdatedRows) === 1;
}
