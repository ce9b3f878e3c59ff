import { z } from "zod";
import { stepUpFields } from "./account";
import { singleLineString } from "./text-rules";
import { tooLongMessage } from "./text-length";

/** A person's passkey as the API lists it (docs/decisions/209). */
export type PasskeyView = { id: string; name: string; created_at: string; last_used_at: string | null };

export const PASSKEY_NAME_MAX_LENGTH = 60;
/** Passkeys one person may hold. */
export const PASSKEYS_PER_PERSON = 10;

export const passkeyMessages = {
  nameRequired: "Give the passkey a name",
  notFound: "Passkey not found",
  tooMany: `At most ${PASSKEYS_PER_PERSON} passkeys can be added; remove one first`,
  alreadyAdded: "This passkey is already added",
  responseRequired: "The browser's answer to the passkey prompt is missing",
  notVerified: "The passkey could not be checked. Please try again.",
  expired: "This passkey prompt has expired. Please try again.",
  removeNeedsProof: "Enter a current code from an authenticator, a recovery code, or your current password",
} as const;

const passkeyName = singleLineString({ error: passkeyMessages.nameRequired })
  .min(1, passkeyMessages.nameRequired)
  .max(PASSKEY_NAME_MAX_LENGTH, tooLongMessage(PASSKEY_NAME_MAX_LENGTH));

/**
 * What a browser answers to a passkey prompt, as @simplewebauthn/browser serialises it: only its
 * outline is checked here, the library checks the rest (and every signature).
 */
export const webAuthnResponseSchema = z.looseObject(
  {
    id: z.string().min(1).max(1024),
    rawId: z.string().min(1).max(1024),
    type: z.literal("public-key"),
    response: z.looseObject({ clientDataJSON: z.string().min(1).max(4096) }),
    clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  },
  { error: passkeyMessages.responseRequired },
);

/** Asking to add a passkey: the same step-up as adding an authenticator. */
export const passkeyOptionsSchema = z.object(stepUpFields, { error: passkeyMessages.removeNeedsProof });
export const addPasskeySchema = z.object({ name: passkeyName, response: webAuthnResponseSchema }, { error: passkeyMessages.nameRequired });
export const renamePasskeySchema = z.object({ name: passkeyName }, { error: passkeyMessages.nameRequired });
export const removePasskeySchema = z.object(stepUpFields, { error: passkeyMessages.removeNeedsProof });
export const passkeySignInSchema = z.object({ response: webAuthnResponseSchema }, { error: passkeyMessages.responseRequired });
