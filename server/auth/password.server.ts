import crypto from "node:crypto";
import { promisify } from "node:util";

const scrypt = promisify(crypto.scrypt) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: crypto.ScryptOptions,
) => Promise<Buffer>;

// OWASP's Password Storage Cheat Sheet: scrypt with N=2^17, r=8, p=1 (128 MiB per hash). Older
// hashes keep verifying with the parameters they carry and are upgraded at the next login
// (docs/decisions/067).
export const PASSWORD_PARAMETERS = { N: 2 ** 17, r: 8, p: 1 } as const;
const PARAMETERS = PASSWORD_PARAMETERS;
const KEY_LENGTH = 64;
/** Room for N=2^17, r=8 (128 MiB) with headroom; a stored hash asking for more never verifies. */
const MAX_MEMORY = 256 * 1024 * 1024;

/** A self-describing scrypt hash: `scrypt$N$r$p$salt$key` (base64). */
export async function hashPassword(
  password: string,
  parameters: { N: number; r: number; p: number } = PARAMETERS,
): Promise<string> {
  const salt = crypto.randomBytes(16);
  const key = await scrypt(password, salt, KEY_LENGTH, { ...parameters, maxmem: MAX_MEMORY });
  const { N, r, p } = parameters;
  return ["scrypt", N, r, p, salt.toString("base64"), key.toString("base64")].join("$");
}

/** Compares in constant time; a malformed stored hash never matches. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split("$");
  if (scheme !== "scrypt" || !n || !r || !p || !salt || !key) return false;
  const expected = Buffer.from(key, "base64");
  let actual: Buffer;
  try {
    actual = await scrypt(password, Buffer.from(salt, "base64"), expected.length, {
      N: Number(n),
      r: Number(r),
      p: Number(p),
      maxmem: MAX_MEMORY,
    });
  } catch {
    // Parameters out of range (or asking for more memory than allowed): no match.
    return false;
  }
  return actual.length === expected.length && crypto.timingSafeEqual(actual, expected);
}

/** Whether a stored hash was made with other parameters than today's (so: re-hash it). */
export function needsRehash(stored: string): boolean {
  const [scheme, n, r, p] = stored.split("$");
  const { N, r: blockSize, p: parallel } = PARAMETERS;
  return scheme !== "scrypt" || Number(n) !== N || Number(r) !== blockSize || Number(p) !== parallel;
}

/** A strong random password for the first start: 24 URL-safe characters (144 bits). */
export function generatePassword(): string {
  return crypto.randomBytes(18).toString("base64url");
}
