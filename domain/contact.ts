import { z } from "zod";
import { CONTACT_LIMITS, contactMessages } from "./contact-fields";
import { storableString } from "./text-rules";

// Everything the page needs without the validation library lives in ./contact-fields.
export * from "./contact-fields";

/** One line: control characters and line breaks become single spaces (names end up in headers). */
function oneLine(value: string): string {
  return value.replace(/[\u0000-\u001f\u007f\u2028\u2029\s]+/g, " ").trim();
}

/** NUL and broken Unicode are refused (domain/text-rules.ts) before anything else. */
function text(required: string) {
  return storableString({ error: required });
}

/** One schema for the page (instant feedback) and the server (the rule that counts). */
export const contactSchema = z.object({
  name: text(contactMessages.nameRequired)
    .transform(oneLine)
    .pipe(
      z
        .string()
        .min(1, contactMessages.nameRequired)
        .max(CONTACT_LIMITS.name, contactMessages.tooLong(CONTACT_LIMITS.name)),
    ),
  email: text(contactMessages.emailRequired)
    .trim()
    .min(1, contactMessages.emailRequired)
    .max(CONTACT_LIMITS.email, contactMessages.tooLong(CONTACT_LIMITS.email))
    // Zod's email pattern: no spaces, no line breaks, a dotted domain; nothing for a header to split on.
    .pipe(z.email({ error: contactMessages.emailInvalid })),
  message: text(contactMessages.messageRequired)
    .transform((value) => value.trim())
    .pipe(
      z
        .string()
        .min(1, contactMessages.messageRequired)
        .max(CONTACT_LIMITS.message, contactMessages.tooLong(CONTACT_LIMITS.message)),
    ),
});

export type ContactInput = z.infer<typeof contactSchema>;
