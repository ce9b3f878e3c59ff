import crypto from "node:crypto";
import { generateSecret, generateURI, verify } from "otplib";
import QRCode from "qrcode";
import { RECOVERY_CODE_PATTERN, type EnrolledFactor, type FactorSummary } from "../../domain/account";
import type { AppDatabase } from "../db/database.server";
import { seal, unseal } from "./secret-box.server";
import { forgetDevices } from "./devices.server";

/**
 * Authenticator factors (RFC 6238: 30 s, 6 digits, SHA-1) and recovery codes
 * (docs/decisions/150). A secret is kept sealed under a key that is not in the database; a code
 * is taken once per factor (the accepted time step is stored), with one step of drift either way.
 */
/** The database, the sealing key, and whose factors: every person has their own (decision 208). */
export type FactorContext = { db: AppDatabase; key: Buffer; personId: string };

const PERIOD_SECONDS = 30;
const RECOVERY_CODE_COUNT = 10;
const RECOVERY_ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789";
/** An account label for the authenticator app (the issuer names the site). */
const ACCOUNT_LABEL = "admin";
/** At most this many factors, verified or not: enrolment is not a way to fill the table. */
export const MAX_FACTORS = 10;

const FACTOR_COLUMNS = ["id", "factor_type", "status", "friendly_name", "issuer", "created_at", "last_used_at"] as const;

export async function listFactors(db: AppDatabase, personId: string): Promise<FactorSummary[]> {
  return db.selectFrom("admin_factors").select(FACTOR_COLUMNS).where("person_id", "=", personId).orderBy("created_at").orderBy("id").execute();
}

export async function hasVerifiedFactor(db: AppDatabase, personId: string): Promise<boolean> {
  const row = await db
    .selectFrom("admin_factors")
    .select("id")
    .where("person_id", "=", personId)
    .where("status", "=", "verified")
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** A new, unverified factor: its secret shown once, as text, as an otpauth URI and as a QR code (SVG). */
export async function enrolFactor(
  { db, key, personId }: FactorContext,
  { friendlyName, issuer, session }: { friendlyName: string; issuer: string; /** The public id of the session adding it. */ session?: string },
): Promise<{ ok: true; factor: EnrolledFactor } | { ok: false; code: "too_many" }> {
  const { count } = await db
    .selectFrom("admin_factors")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .where("person_id", "=", personId)
    .executeTakeFirstOrThrow();
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
      enrolled_session: session ?? null,
      person_id: personId,
    })
    .execute();
  return { ok: true, factor: await describeEnrolment(id, issuer, secret) };
}

/** What the authenticator app is given: the secret as text, as an otpauth URI and as a QR code (SVG). */
async function describeEnrolment(id: string, issuer: string, secret: string): Promise<EnrolledFactor> {
  const otpauthUri = generateURI({ issuer, label: ACCOUNT_LABEL, secret });
  const qrSvg = await QRCode.toString(otpauthUri, { type: "svg", errorCorrectionLevel: "M", margin: 2 });
  return { id, factor_type: "totp", status: "unverified", secret, otpauth_uri: otpauthUri, qr_svg: qrSvg };
}

/** How long the session that added a factor may see its secret again while it is unverified (decision 191). */
export const ENROLMENT_SHOWN_MS = 15 * 60 * 1000;

/**
 * An unverified factor's secret and QR code again, so a reload does not lose the enrolment: only
 * to the session that added it, within ENROLMENT_SHOWN_MS of adding it; undefined otherwise.
 */
export async function showEnrolment({ db, key, personId }: FactorContext, factorId: string, session: string | null | undefined, now = new Date()) {
  if (!session) return undefined;
  const row = await db
    .selectFrom("admin_factors")
    .select(["id", "status", "issuer", "secret_sealed", "enrolled_session", "created_at"])
    .where("id", "=", factorId)
    .where("person_id", "=", personId)
    .executeTakeFirst();
  if (!row || row.status !== "unverified" || row.enrolled_session !== session) return undefined;
  if (now.getTime() - Date.parse(row.created_at) >= ENROLMENT_SHOWN_MS) return undefined;
  const secret = unseal(key, row.secret_sealed, row.id);
  return secret ? describeEnrolment(row.id, row.issuer, secret) : undefined;
}

/**
 * Checks a 6-digit code against one factor and, when right, takes its time step so the same
 * code (or an older one) is refused from then on, in every process.
 */
async function takeCode({ db, key, personId }: FactorContext, factorId: string, code: string, now: Date): Promise<boolean> {
  const digits = code.replace(/\s+/g, "");
  if (!/^\d{6}$/.test(digits)) return false;
  const row = await db
    .selectFrom("admin_factors")
    .select(["id", "secret_sealed", "last_used_step"])
    .where("id", "=", factorId)
    .where("person_id", "=", personId)
    .executeTakeFirst();
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
  const { db, personId } = context;
  const factor = await db.selectFrom("admin_factors").select(["status"]).where("id", "=", factorId).where("person_id", "=", personId).executeTakeFirst();
  if (!factor) return { ok: false, code: "not_found" };
  if (factor.status === "verified") return { ok: false, code: "already_verified" };
  if (!(await takeCode(context, factorId, code, now))) return { ok: false, code: "wrong_code" };
  const hadVerified = await hasVerifiedFactor(db, personId);
  await db.updateTable("admin_factors").set({ status: "verified", verified_at: now.toISOString() }).where("id", "=", factorId).execute();
  if (hadVerified) return { ok: true, status: "verified" };
  return { ok: true, status: "verified", recovery_codes: await replaceRecoveryCodes(context, now) };
}

export type SecondFactorCheck = { ok: true; via: "totp"; factorId: string } | { ok: true; via: "recovery" } | { ok: false };

/**
 * A code from any verified factor (but `exceptFactor`: removing a factor needs one that stays), or
 * an unused recovery code (which is then used up). What the second sign-in step, the password
 * change and the factor and recovery-code changes ask for.
 */
export async function checkSecondFactor(
  context: FactorContext,
  code: string,
  now = new Date(),
  { exceptFactor }: { exceptFactor?: string } = {},
): Promise<SecondFactorCheck> {
  const compact = code.trim().toLowerCase().replace(/\s+/g, "");
  if (/^\d{6}$/.test(compact)) {
    const factors = await context.db
      .selectFrom("admin_factors")
      .select("id")
      .where("status", "=", "verified")
      .where("person_id", "=", context.personId)
      .$if(exceptFactor !== undefined, (query) => query.where("id", "!=", exceptFactor!))
      .execute();
    for (const { id } of factors) {
      if (await takeCode(context, id, compact, now)) return { ok: true, via: "totp", factorId: id };
    }
    return { ok: false };
  }
  if (await spendRecoveryCode(context, compact, now)) return { ok: true, via: "recovery" };
  return { ok: false };
}

/** One of the person's factors, and the session that added it: what the step-up to remove it depends on. */
export async function findFactor(db: AppDatabase, personId: string, factorId: string) {
  return db
    .selectFrom("admin_factors")
    .select(["id", "status", "enrolled_session", "friendly_name"])
    .where("id", "=", factorId)
    .where("person_id", "=", personId)
    .executeTakeFirst();
}

/**
 * Deletes a factor (the caller asked for the step-up, docs/decisions/170). Deleting the last
 * verified factor voids the recovery codes too: sign-in is password-only again.
 */
export async function deleteFactor(
  db: AppDatabase,
  personId: string,
  factorId: string,
): Promise<{ ok: true; lastFactor: boolean } | { ok: false; code: "not_found" }> {
  const deleted = await db.deleteFrom("admin_factors").where("id", "=", factorId).where("person_id", "=", personId).executeTakeFirst();
  if (Number(deleted.numDeletedRows) !== 1) return { ok: false, code: "not_found" };
  const lastFactor = !(await hasVerifiedFactor(db, personId));
  if (lastFactor) await db.deleteFrom("admin_recovery_codes").where("person_id", "=", personId).execute();
  return { ok: true, lastFactor };
}

/**
 * The operator's way back for a person who lost every factor and every recovery code
 * (`npm run admin -- reset-mfa [--email]`): their factors, recovery codes, open challenges and
 * known browsers go, and their sessions end, in one transaction. Answers what went.
 */
export async function resetSecondFactor(
  db: AppDatabase,
  personId: string,
  now = new Date(),
): Promise<{ factors: number; recoveryCodes: number; sessions: number }> {
  return db.transaction().execute(async (trx) => {
    const factors = await trx.deleteFrom("admin_factors").where("person_id", "=", personId).executeTakeFirst();
    const recoveryCodes = await trx.deleteFrom("admin_recovery_codes").where("person_id", "=", personId).executeTakeFirst();
    await trx.deleteFrom("admin_login_challenges").where("person_id", "=", personId).execute();
    const sessions = await trx
      .updateTable("admin_sessions")
      .set({ revoked_at: now.toISOString() })
      .where("person_id", "=", personId)
      .where("revoked_at", "is", null)
      .executeTakeFirst();
    await forgetDevices(trx, personId);
    return {
      factors: Number(factors.numDeletedRows),
      recoveryCodes: Number(recoveryCodes.numDeletedRows),
      sessions: Number(sessions.numUpdatedRows),
    };
  });
}

/** A new set of ten recovery codes, given a current code; the old set stops working. */
export async function regenerateRecoveryCodes(
  context: FactorContext,
  code: string,
  now = new Date(),
): Promise<{ ok: true; recovery_codes: string[]; via: SecondFactorCheck } | { ok: false; code: "no_factor" | "wrong_code" }> {
  if (!(await hasVerifiedFactor(context.db, context.personId))) return { ok: false, code: "no_factor" };
  const check = await checkSecondFactor(context, code, now);
  if (!check.ok) return { ok: false, code: "wrong_code" };
  return { ok: true, recovery_codes: await replaceRecoveryCodes(context, now), via: check };
}

export async function countUnusedRecoveryCodes(db: AppDatabase, personId: string): Promise<number> {
  const { count } = await db
    .selectFrom("admin_recovery_codes")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .where("person_id", "=", personId)
    .where("used_at", "is", null)
    .executeTakeFirstOrThrow();
  return Number(count);
}

/** What marks a recovery code kept as an HMAC; a row without it is an older plain SHA-256. */
const RECOVERY_HMAC_PREFIX = "hmac1:";

/** The SHA-256 of a recovery code as written: the form decision 150 stored, and the HMAC's input. */
function digestRecoveryCode(code: string): string {
  return crypto.createHash("sha256").update(code.toLowerCase().replace(/[\s-]+/g, "")).digest("hex");
}

/**
 * A recovery code as stored (docs/decisions/171): an HMAC of its SHA-256 under a key derived from
 * the factor key, which is not in the database, so a dump alone cannot be searched for the
 * 50-bit codes. HMAC over the old digest lets rows stored before it be upgraded without the codes.
 */
function hashRecoveryCode(key: Buffer, digest: string): string {
  const recoveryKey = Buffer.from(crypto.hkdfSync("sha256", key, "", "recovery-code-hmac", 32));
  return RECOVERY_HMAC_PREFIX + crypto.createHmac("sha256", recoveryKey).update(digest).digest("hex");
}

/** Rows stored as a plain SHA-256 (before decision 171) become HMACs: they keep working, unreadable from a dump. */
async function upgradeLegacyRecoveryCodes({ db, key }: FactorContext): Promise<void> {
  const legacy = await db.selectFrom("admin_recovery_codes").select("code_hash").where("code_hash", "not like", `${RECOVERY_HMAC_PREFIX}%`).execute();
  for (const { code_hash: digest } of legacy) {
    await db.updateTable("admin_recovery_codes").set({ code_hash: hashRecoveryCode(key, digest) }).where("code_hash", "=", digest).execute();
  }
}

function newRecoveryCode(): string {
  const bytes = crypto.randomBytes(10);
  const letters = [...bytes].map((byte) => RECOVERY_ALPHABET[byte % RECOVERY_ALPHABET.length]).join("");
  return `${letters.slice(0, 5)}-${letters.slice(5)}`;
}

async function replaceRecoveryCodes({ db, key, personId }: FactorContext, now: Date): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  const createdAt = now.toISOString();
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom("admin_recovery_codes").where("person_id", "=", personId).execute();
    await trx
      .insertInto("admin_recovery_codes")
      .values(
        codes.map((code) => ({ code_hash: hashRecoveryCode(key, digestRecoveryCode(code)), created_at: createdAt, used_at: null, person_id: personId })),
      )
      .execute();
  });
  return codes;
}

async function spendRecoveryCode(context: FactorContext, code: string, now: Date): Promise<boolean> {
  if (!RECOVERY_CODE_PATTERN.test(code)) return false;
  await upgradeLegacyRecoveryCodes(context);
  const used = await context.db
    .updateTable("admin_recovery_codes")
    .set({ used_at: now.toISOString() })
    .where("code_hash", "=", hashRecoveryCode(context.key, digestRecoveryCode(code)))
    .where("person_id", "=", context.personId)
    .where("used_at", "is", null)
    .executeTakeFirst();
  return Number(used.numUpdatedRows) === 1;
}
