/**
 * Providers that deliver `first.last@` and `firstlast@` to the same mailbox, by the domain they
 * are known as: googlemail.com is the same service as gmail.com.
 */
const DOTS_IGNORED: Readonly<Record<string, string>> = {
  "gmail.com": "gmail.com",
  "googlemail.com": "gmail.com",
};

/**
 * The mailbox an email address reaches, as one key for counting: lower case, the `+tag` of the
 * local part removed (`victim+1@` and `victim+2@` are `victim@`), and, at providers that ignore
 * them, the local part's dots removed and the domain written one way (`v.i.c.t.i.m@googlemail.com`
 * is `victim@gmail.com`). For limits only: the address is still stored and written to as typed
 * (docs/decisions/063-acknowledgement-cap.md).
 *
 * The domain is what follows the last `@`. Text without an `@` is only lower-cased. A `+` that
 * starts the local part is not a tag separator (nothing would be left of the mailbox name).
 */
export function mailboxKey(address: string): string {
  const lowered = address.trim().toLowerCase();
  const at = lowered.lastIndexOf("@");
  if (at === -1) return lowered;
  let local = lowered.slice(0, at);
  let domain = lowered.slice(at + 1).replace(/\.$/, "");
  const plus = local.indexOf("+");
  if (plus > 0) local = local.slice(0, plus);
  const provider = DOTS_IGNORED[domain];
  if (provider !== undefined) {
    domain = provider;
    local = local.replaceAll(".", "");
  }
  return `${local}@${domain}`;
}
