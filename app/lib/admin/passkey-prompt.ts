import type * as WebAuthnBrowser from "@simplewebauthn/browser";
import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/browser";
import { accountCopy } from "../../content/account";

/**
 * The browser's passkey prompts (docs/decisions/209), through @simplewebauthn/browser, loaded only
 * when a prompt is asked for: the sign-in page carries none of it until its button is used.
 * A prompt closed, timed out or refused comes back as words, never thrown.
 */
export type PromptResult<T> = { ok: true; response: T } | { ok: false; error: string };

async function prompt<T>(run: (browser: typeof WebAuthnBrowser) => Promise<T>): Promise<PromptResult<T>> {
  const browser = await import("@simplewebauthn/browser");
  if (!browser.browserSupportsWebAuthn()) return { ok: false, error: accountCopy.passkeyUnsupported };
  try {
    return { ok: true, response: await run(browser) };
  } catch (error) {
    const name = (error as { name?: string }).name;
    if (name === "InvalidStateError") return { ok: false, error: accountCopy.passkeyAlreadyHere };
    return { ok: false, error: name === "NotAllowedError" || name === "AbortError" ? accountCopy.passkeyCancelled : accountCopy.passkeyFailed };
  }
}

export const createPasskey = (optionsJSON: PublicKeyCredentialCreationOptionsJSON) => prompt((browser) => browser.startRegistration({ optionsJSON }));
export const getPasskey = (optionsJSON: PublicKeyCredentialRequestOptionsJSON) => prompt((browser) => browser.startAuthentication({ optionsJSON }));
