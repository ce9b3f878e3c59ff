import crypto from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Config } from "../config.server";

const KEY_FILE = "mfa-secret.key";
const keys = new Map<string, Buffer>();

/**
 * The key authenticator secrets are sealed with (docs/decisions/150): derived from MFA_SECRET_KEY,
 * or, without it, from a random key file in DATA_DIR (0600) made at first use. Either way it is
 * not in the database: a dump alone cannot produce codes.
 */
export function factorKey(config: Pick<Config, "mfaSecretKey" | "dataDir">): Buffer {
  const source = config.mfaSecretKey ?? `file:${config.dataDir}`;
  const known = keys.get(source);
  if (known) return known;
  const material = config.mfaSecretKey ?? readOrCreateKeyFile(config.dataDir);
  const key = Buffer.from(crypto.hkdfSync("sha256", material, "dialogic-admin-factors", "totp-secret", 32));
  keys.set(source, key);
  return key;
}

function readOrCreateKeyFile(dataDir: string): string {
  const file = path.join(dataDir, KEY_FILE);
  mkdirSync(dataDir, { recursive: true });
  try {
    // "wx": several processes starting together keep the one file the first wrote.
    writeFileSync(file, `${crypto.randomBytes(32).toString("base64")}\n`, { mode: 0o600, flag: "wx" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  return readFileSync(file, "utf8").trim();
}

/** A short name of the key, stored beside each sealed secret: another key is named, not tried. */
function keyId(key: Buffer): string {
  return crypto.createHash("sha256").update(key).digest("base64url").slice(0, 8);
}

/** AES-256-GCM, bound to `context` (the factor's id): `v1.<key id>.<iv>.<tag>.<ciphertext>`. */
export function seal(key: Buffer, plaintext: string, context: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv("aes-256-gcm", key, iv);
  cipher.setAAD(Buffer.from(context));
  const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return ["v1", keyId(key), iv.toString("base64url"), cipher.getAuthTag().toString("base64url"), ciphertext.toString("base64url")].join(".");
}

/** The plaintext, or undefined when the key, the context or the bytes are not the ones sealed. */
export function unseal(key: Buffer, sealed: string, context: string): string | undefined {
  const [version, id, iv, tag, ciphertext] = sealed.split(".");
  if (version !== "v1" || id !== keyId(key) || !iv || !tag || ciphertext === undefined) return undefined;
  try {
    const decipher = crypto.createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
    decipher.setAAD(Buffer.from(context));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, "base64url")), decipher.final()]).toString("utf8");
  } catch {
    return undefined;
  }
}
