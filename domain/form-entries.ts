import { isSingleLine, isStorableText, textMessages } from "./text-checks";
import { tooLongMessage } from "./text-length";

/**
 * Forms the team builds (docs/decisions/220): their fields, and the one check of what a visitor
 * sent against a form's own fields, used by the browser for instant feedback and by the server
 * again. No schema library here: this module is part of the public form block's code.
 */

export const FORM_FIELD_TYPES = ["text", "email", "long_text", "select", "checkbox", "consent"] as const;
export type FormFieldType = (typeof FORM_FIELD_TYPES)[number];

export type FormField = { name: string; label: string; type: FormFieldType; required: boolean; options?: string[] };

/** A form as the public page shows it and the API answers it. */
export type PublicForm = { id: string; name: string; fields: FormField[]; submit_label: string; success_message: string };

/** What a visitor may send, per type: one line, an address, a paragraph. */
export const FORM_ENTRY_LIMITS = { text: 200, email: 254, long_text: 5_000, select: 200 } as const;

/** The hidden fields that say which form and block a post without JavaScript is for (docs/decisions/221). */
export const FORM_POST_FIELDS = { form: "_form", block: "_block" } as const;

/** Where the consent box's link goes. */
export const PRIVACY_PATH = "/privacy";

export const formEntryMessages = {
  required: (label: string) => `${label} is required`,
  email: "Enter a valid email address",
  option: "Choose one of the options",
  checkbox: "Must be checked or not",
  text: "Must be text",
  tooLong: tooLongMessage,
  notFound: "Form not found",
  rateLimited: "Too many submissions from your network. Please wait 10 minutes and try again.",
  failed: "The form could not be sent. Check the fields marked below.",
  privacyLink: "Privacy Policy",
  chooseOption: "Choose…",
} as const;

/** What a form's answers are: text for text fields, true or false for boxes. */
export type FormAnswers = Record<string, string | boolean>;

export type FormEntryCheck = { ok: true; answers: FormAnswers } | { ok: false; error: string; fields: Record<string, string> };

/** A plausible bare address: one @, a dotted domain, nothing a mail header could be split on. */
const EMAIL = /^[^\s<>,;:"()[\]\\@]+@[^\s<>,;:"()[\]\\@]+\.[^\s<>,;:"()[\]\\@]+$/;

/** A box's value as a browser (no value: "on"), a JSON client or the API sends it. */
function checked(value: unknown): boolean | undefined {
  if (value === undefined || value === null || value === false || value === "" || value === "false") return false;
  if (value === true || value === "on" || value === "true" || value === "1" || value === "yes") return true;
  return undefined;
}

/** One field's answer, or the problem with it. */
function checkField(field: FormField, raw: unknown): { value: string | boolean } | { problem: string } {
  if (field.type === "checkbox" || field.type === "consent") {
    const value = checked(raw);
    if (value === undefined) return { problem: formEntryMessages.checkbox };
    if (field.required && !value) return { problem: formEntryMessages.required(field.label) };
    return { value };
  }
  if (raw !== undefined && raw !== null && typeof raw !== "string") return { problem: formEntryMessages.text };
  const value = (raw ?? "").trim();
  if (!isStorableText(value)) return { problem: textMessages.invalidCharacters };
  if (value === "") return field.required ? { problem: formEntryMessages.required(field.label) } : { value };
  const max = FORM_ENTRY_LIMITS[field.type];
  if (value.length > max) return { problem: formEntryMessages.tooLong(max) };
  if (field.type !== "long_text" && !isSingleLine(value)) return { problem: textMessages.singleLine };
  if (field.type === "email" && !EMAIL.test(value)) return { problem: formEntryMessages.email };
  if (field.type === "select" && !(field.options ?? []).includes(value)) return { problem: formEntryMessages.option };
  return { value };
}

/**
 * Checks what was sent against the form's own fields (types, lengths, required): the answers of
 * exactly those fields, or every problem by field name. Anything else sent is ignored.
 */
export function checkFormEntry(fields: readonly FormField[], input: Readonly<Record<string, unknown>>): FormEntryCheck {
  const answers: FormAnswers = {};
  const problems: Record<string, string> = {};
  for (const field of fields) {
    const result = checkField(field, Object.hasOwn(input, field.name) ? input[field.name] : undefined);
    if ("problem" in result) problems[field.name] = result.problem;
    else answers[field.name] = result.value;
  }
  const first = Object.values(problems)[0];
  return first === undefined ? { ok: true, answers } : { ok: false, error: first, fields: problems };
}

/** An answer as a person reads it (a box: Yes or No). */
export function answerText(value: string | boolean | undefined): string {
  if (value === true) return "Yes";
  if (value === false) return "No";
  return value ?? "";
}
