import crypto from "node:crypto";
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from "@simplewebauthn/server";
import { decodeClientDataJSON, isoBase64URL } from "@simplewebauthn/server/helpers";
import type { StepUpProof } from "../../domain/account";
import { authMessages } from "../../domain/auth";
import { PASSKEYS_PER_PERSON, passkeyMessages, passkeySignInSchema, type PasskeyView } from "../../domain/passkeys";
import { fieldErrors } from "../../domain/validation";
import { audit } from "../audit/audit.server";
import { countLoginAttempt, recordLock, signIn, type LoginClient, type SignedIn } from "../auth/admin-login.server";
import { factorKey } from "../auth/secret-box.server";
import { stepUpToAdd, stepUpToRemove, type Refused, type StepUpActor } from "../auth/step-up.server";
import type { Config } from "../config.server";
import type { AppDatabase } from "../db/database.server";
import { countAttempt, type RateLimited, type RateLimitRule } from "../limits/rate-limits.server";
import { findPerson } from "../people/people.server";

/**
 * Passkeys (docs/decisions/209): WebAuthn credentials a person registers on their account and
 * signs in with alone, as a passkey checks who holds it (user verification) and what they hold.
 * @simplewebauthn/server does every WebAuthn check; this module keeps the credentials and the
 * challenges, in the database so that any process can check an answer another one asked for.
 */
type Services = { db: AppDatabase; config: Pick<Config, "public" | "mfaSecretKey" | "dataDir"> };

/** How long a passkey prompt may take, from the options to the answer. */
export const PASSKEY_CHALLENGE_TTL_MS = 5 * 60 * 1000;

/** Sign-in prompts asked for per client in the window: each one is a row, so they are counted. */
export const PASSKEY_OPTIONS_LIMIT: RateLimitRule = {
  name: "passkey-options",
  windowMs: 15 * 60 * 1000,
  limit: 60,
  message: authMessages.tooManyAttempts,
};

/** The relying party is the site: its host names the passkeys, its origin is the only one accepted. */
export function relyingParty(config: Pick<Config, "public">) {
  const url = new URL(config.public.siteUrl);
  return { id: url.hostname, origin: url.origin, name: config.public.siteName };
}

type Purpose = "registration" | "authentication";

const hash = (challenge: string) => crypto.createHash("sha256").update(challenge).digest("hex");

/** A person's id as the authenticator keeps it (the WebAuthn user handle). */
const userHandleOf = (personId: string) => new TextEncoder().encode(personId);

async function storeChallenge(db: AppDatabase, challenge: string, purpose: Purpose, personId: string | null, now = new Date()): Promise<void> {
  await db.deleteFrom("admin_passkey_challenges").where("expires_at", "<=", now.toISOString()).execute();
  await db
    .insertInto("admin_passkey_challenges")
    .values({
      id_hash: hash(challenge),
      purpose,
      person_id: personId,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + PASSKEY_CHALLENGE_TTL_MS).toISOString(),
    })
    .execute();
}

/**
 * The challenge a browser's answer signed, if this site handed it out for this purpose (and
 * person), and it is still fresh. Single use: only the request that deletes its row gets it.
 */
async function takeChallenge(db: AppDatabase, clientDataJSON: string, purpose: Purpose, personId: string | null, now = new Date()): Promise<string | undefined> {
  let challenge: string;
  try {
    challenge = decodeClientDataJSON(clientDataJSON).challenge;
  } catch {
    return undefined;
  }
  if (typeof challenge !== "string" || challenge.length > 200) return undefined;
  const deleted = await db
    .deleteFrom("admin_passkey_challenges")
    .where("id_hash", "=", hash(challenge))
    .where("purpose", "=", purpose)
    .where("expires_at", ">", now.toISOString())
    .where((eb) => (personId === null ? eb("person_id", "is", null) : eb("person_id", "=", personId)))
    .executeTakeFirst();
  return Number(deleted.numDeletedRows) === 1 ? challenge : undefined;
}

const VIEW_COLUMNS = ["id", "name", "created_at", "last_used_at"] as const;

/** The person's passkeys, oldest first. */
export async function listPasskeys(db: AppDatabase, personId: string): Promise<PasskeyView[]> {
  return db.selectFrom("admin_passkeys").select(VIEW_COLUMNS).where("person_id", "=", personId).orderBy("created_at").orderBy("id").execute();
}

export async function findPasskey(db: AppDatabase, personId: string, id: string): Promise<PasskeyView | undefined> {
  return db.selectFrom("admin_passkeys").select(VIEW_COLUMNS).where("person_id", "=", personId).where("id", "=", id).executeTakeFirst();
}

const parseTransports = (json: string): AuthenticatorTransport[] => {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((item): item is AuthenticatorTransport => typeof item === "string") : [];
  } catch {
    return [];
  }
};

/**
 * The browser's prompt to make a passkey for this person, behind the step-up that adding an
 * authenticator asks (a stolen session must not add a way in of its own): the challenge it holds
 * then stands for that proof until it is answered.
 */
export async function registrationOptions(
  { db, config }: Services,
  personId: string,
  proof: StepUpProof,
  actor: StepUpActor,
): Promise<{ ok: true; options: PublicKeyCredentialCreationOptionsJSON } | { ok: false; code: "too_many" } | Refused> {
  const existing = await db.selectFrom("admin_passkeys").select(["credential_id", "transports"]).where("person_id", "=", personId).execute();
  if (existing.length >= PASSKEYS_PER_PERSON) return { ok: false, code: "too_many" };
  const refused = await stepUpToAdd({ db, key: factorKey(config), personId }, proof, actor, "passkey.add");
  if (refused) return refused;
  const person = await findPerson(db, personId);
  const rp = relyingParty(config);
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userID: userHandleOf(personId),
    userName: person?.email ?? person?.name ?? personId,
    userDisplayName: person?.name ?? "",
    timeout: PASSKEY_CHALLENGE_TTL_MS,
    attestationType: "none",
    excludeCredentials: existing.map((row) => ({ id: row.credential_id, transports: parseTransports(row.transports) })),
    authenticatorSelection: { residentKey: "required", requireResidentKey: true, userVerification: "required" },
  });
  await storeChallenge(db, options.challenge, "registration", personId);
  return { ok: true, options };
}

export type RegisterResult =
  | { ok: true; passkey: PasskeyView }
  | { ok: false; code: "expired" | "not_verified" | "taken" | "too_many"; error: string };

/** Keeps the passkey a browser made from this person's prompt, once the library has checked it. */
export async function registerPasskey(
  { db, config }: Services,
  personId: string,
  { name, response }: { name: string; response: unknown },
  now = new Date(),
): Promise<RegisterResult> {
  const answer = response as RegistrationResponseJSON;
  const challenge = await takeChallenge(db, answer.response.clientDataJSON, "registration", personId, now);
  if (!challenge) return { ok: false, code: "expired", error: passkeyMessages.expired };
  const rp = relyingParty(config);
  let credential;
  try {
    const verified = await verifyRegistrationResponse({
      response: answer,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: true,
    });
    if (!verified.verified) return { ok: false, code: "not_verified", error: passkeyMessages.notVerified };
    credential = verified.registrationInfo.credential;
  } catch {
    return { ok: false, code: "not_verified", error: passkeyMessages.notVerified };
  }
  const count = await db.selectFrom("admin_passkeys").select((eb) => eb.fn.countAll<number | string>().as("n")).where("person_id", "=", personId).executeTakeFirstOrThrow();
  if (Number(count.n) >= PASSKEYS_PER_PERSON) return { ok: false, code: "too_many", error: passkeyMessages.tooMany };
  const row = {
    id: crypto.randomUUID(),
    person_id: personId,
    credential_id: credential.id,
    public_key: isoBase64URL.fromBuffer(credential.publicKey),
    counter: credential.counter,
    transports: JSON.stringify(credential.transports ?? []),
    name,
    created_at: now.toISOString(),
    last_used_at: null,
  };
  try {
    await db.insertInto("admin_passkeys").values(row).execute();
  } catch {
    // The unique credential id: this authenticator's passkey is already here.
    return { ok: false, code: "taken", error: passkeyMessages.alreadyAdded };
  }
  return { ok: true, passkey: { id: row.id, name, created_at: row.created_at, last_used_at: null } };
}

/** Renames one of the person's passkeys; undefined when it is not theirs. */
export async function renamePasskey(db: AppDatabase, personId: string, id: string, name: string): Promise<PasskeyView | undefined> {
  const renamed = await db.updateTable("admin_passkeys").set({ name }).where("person_id", "=", personId).where("id", "=", id).executeTakeFirst();
  return Number(renamed.numUpdatedRows) === 1 ? findPasskey(db, personId, id) : undefined;
}

/** Removes one of the person's passkeys, given a code or the password (as removing an authenticator). */
export async function removePasskey(
  { db, config }: Services,
  personId: string,
  id: string,
  proof: StepUpProof,
  actor: StepUpActor,
): Promise<{ ok: true; name: string } | { ok: false; code: "not_found" } | Refused> {
  const passkey = await findPasskey(db, personId, id);
  if (!passkey) return { ok: false, code: "not_found" };
  const refused = await stepUpToRemove({ db, key: factorKey(config), personId }, proof, actor, `passkey.remove ${id}`, passkeyMessages.removeNeedsProof);
  if (refused) return refused;
  const deleted = await db.deleteFrom("admin_passkeys").where("person_id", "=", personId).where("id", "=", id).executeTakeFirst();
  if (Number(deleted.numDeletedRows) !== 1) return { ok: false, code: "not_found" };
  return { ok: true, name: passkey.name };
}

/**
 * The sign-in prompt: no credentials listed (the browser offers the passkeys it holds for this
 * site, so nobody's address is asked or revealed), user verification required.
 */
export async function authenticationOptions(
  { db, config }: Services,
  clientKey: string | undefined,
): Promise<{ ok: true; options: PublicKeyCredentialRequestOptionsJSON } | RateLimited> {
  const limited = await countAttempt(db, PASSKEY_OPTIONS_LIMIT, clientKey);
  if (limited) return limited;
  const options = await generateAuthenticationOptions({
    rpID: relyingParty(config).id,
    allowCredentials: [],
    userVerification: "required",
    timeout: PASSKEY_CHALLENGE_TTL_MS,
  });
  await storeChallenge(db, options.challenge, "authentication", null);
  return { ok: true, options };
}

export type PasskeySignInResult =
  | SignedIn
  | { ok: false; code: "invalid"; error: string; fields: Record<string, string> }
  | { ok: false; code: "refused"; error: string }
  | RateLimited;

/** The passkey a credential id names, of a person still on the team who has taken their invitation. */
async function findCredential(db: AppDatabase, credentialId: string) {
  return db
    .selectFrom("admin_passkeys")
    .innerJoin("admin_people", "admin_people.id", "admin_passkeys.person_id")
    .select(["admin_passkeys.id", "admin_passkeys.person_id", "admin_passkeys.name", "public_key", "counter", "transports", "credential_id"])
    .where("credential_id", "=", credentialId)
    .where("admin_people.removed_at", "is", null)
    .executeTakeFirst();
}

/**
 * A sign-in with a passkey. It stands for both factors: the person was verified by the
 * authenticator, which holds the key. Every attempt counts against the login limits as a password
 * does (the claimant is the credential's person); a success is taken back.
 */
export async function signInWithPasskey({ db, config }: Services, input: unknown, client: LoginClient = {}, now = new Date()): Promise<PasskeySignInResult> {
  const ip = client.origin?.ip;
  const parsed = passkeySignInSchema.safeParse(input);
  const passkey = parsed.success ? await findCredential(db, parsed.data.response.id) : undefined;
  const { lock, forget } = await countLoginAttempt(db, client, passkey?.person_id ?? "");
  if (lock) return recordLock(db, lock, ip);
  if (!parsed.success) {
    const fields = fieldErrors(parsed.error);
    return { ok: false, code: "invalid", error: Object.values(fields)[0] ?? passkeyMessages.responseRequired, fields };
  }
  const refused = async (): Promise<PasskeySignInResult> => {
    await audit.record(db, { action: "login.passkey_refused", target: passkey?.id ?? null, label: passkey?.name ?? null, ip, personId: passkey?.person_id ?? null });
    return { ok: false, code: "refused", error: authMessages.invalidCredentials };
  };
  const answer = parsed.data.response as unknown as AuthenticationResponseJSON;
  // The challenge is used up whatever the answer: a refused one cannot be tried again.
  const challenge = await takeChallenge(db, answer.response.clientDataJSON, "authentication", null, now);
  if (!passkey || !challenge) return refused();
  // A discoverable credential names its person: it must be the passkey's.
  const handle = answer.response.userHandle;
  if (handle !== undefined && handle !== isoBase64URL.fromBuffer(userHandleOf(passkey.person_id))) return refused();
  const rp = relyingParty(config);
  let newCounter: number;
  try {
    const verified = await verifyAuthenticationResponse({
      response: answer,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: {
        id: passkey.credential_id,
        publicKey: isoBase64URL.toBuffer(passkey.public_key),
        counter: Number(passkey.counter),
        transports: parseTransports(passkey.transports),
      },
      requireUserVerification: true,
    });
    if (!verified.verified) return refused();
    newCounter = verified.authenticationInfo.newCounter;
  } catch {
    return refused();
  }
  await db.updateTable("admin_passkeys").set({ counter: newCounter, last_used_at: now.toISOString() }).where("id", "=", passkey.id).execute();
  await forget();
  return signIn(db, client, passkey.person_id, { passkey: { id: passkey.id, name: passkey.name } });
}
