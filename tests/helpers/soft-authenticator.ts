import crypto from "node:crypto";
import { isoBase64URL, isoCBOR } from "@simplewebauthn/server/helpers";

/**
 * A passkey authenticator in software, for HTTP tests: one ES256 key, answering a site's
 * registration and sign-in prompts as a browser would serialise them (attestation "none", user
 * present and verified). The CBOR is encoded by the WebAuthn library's own encoder.
 */
export function softAuthenticator(origin: string) {
  const { privateKey, publicKey } = crypto.generateKeyPairSync("ec", { namedCurve: "P-256" });
  const credentialId = crypto.randomBytes(16);
  const id = isoBase64URL.fromBuffer(credentialId);
  const rpIdHash = crypto.createHash("sha256").update(new URL(origin).hostname).digest();
  let counter = 0;
  let userHandle = "";

  const clientData = (type: string, challenge: string, from = origin) => Buffer.from(JSON.stringify({ type, challenge, origin: from, crossOrigin: false }));
  const header = (flags: number) => {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    return Buffer.concat([rpIdHash, Buffer.from([flags]), count]);
  };
  const b64 = (bytes: Uint8Array) => isoBase64URL.fromBuffer(new Uint8Array(bytes));

  return {
    id,
    /** Answers `navigator.credentials.create()` with the options a site sent. */
    create(options: { challenge: string; user: { id: string } }) {
      userHandle = options.user.id;
      const jwk = publicKey.export({ format: "jwk" });
      const coseKey = new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, isoBase64URL.toBuffer(jwk.x!)],
        [-3, isoBase64URL.toBuffer(jwk.y!)],
      ]);
      const idLength = Buffer.alloc(2);
      idLength.writeUInt16BE(credentialId.length);
      // User present, user verified, attested credential data included.
      const authData = Buffer.concat([header(0x45), Buffer.alloc(16), idLength, credentialId, isoCBOR.encode(coseKey)]);
      const attestationObject = isoCBOR.encode(new Map<string, unknown>([["fmt", "none"], ["attStmt", new Map()], ["authData", authData]]) as never);
      return {
        id,
        rawId: id,
        type: "public-key",
        response: { clientDataJSON: b64(clientData("webauthn.create", options.challenge)), attestationObject: b64(attestationObject), transports: ["internal"] },
        clientExtensionResults: {},
        authenticatorAttachment: "platform",
      };
    },
    /** Answers `navigator.credentials.get()`: signs the site's challenge with the key (as if on `from`, when given). */
    get(options: { challenge: string }, from?: string) {
      counter += 1;
      const authData = header(0x05);
      const data = clientData("webauthn.get", options.challenge, from);
      const signed = Buffer.concat([authData, crypto.createHash("sha256").update(data).digest()]);
      const signature = crypto.sign("sha256", signed, privateKey);
      return {
        id,
        rawId: id,
        type: "public-key",
        response: { clientDataJSON: b64(data), authenticatorData: b64(authData), signature: b64(signature), userHandle },
        clientExtensionResults: {},
        authenticatorAttachment: "platform",
      };
    },
  };
}
