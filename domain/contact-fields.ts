/**
 * The contact form's fields, limits, messages and shapes: what the page needs to show itself,
 * without the validation library (docs/decisions/074). The schema is in domain/contact.ts, which
 * re-exports all of this.
 */
import type { VisitSource } from "./analytics";
import { toastTitles } from "./toast";
import { tooLongMessage } from "./text-length";

/** The contact form's fields (specification, section 3: all required). */
export const CONTACT_FIELDS = ["name", "email", "message"] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];

/**
 * Length limits a person writing to us never reaches and a flood does. The email limit is the
 * longest address SMTP can carry (RFC 5321).
 */
export const CONTACT_LIMITS = {
  name: 200,
  email: 254,
  message: 10_000,
} as const;

/**
 * A field people never see or fill (hidden from view and from assistive technology). Bots that
 * fill every input fill it too; such a submission is answered like a success and dropped.
 */
export const CONTACT_HONEYPOT_FIELD = "website";

/** The contact form's messages: the toasts word for word from the specification (section 8). */
export const contactMessages = {
  missingTitle: "Missing fields",
  missingDescription: "Please fill in all required fields.",
  sentTitle: "Message sent!",
  sentDescription: "Thank you for your message. We'll get back to you soon.",
  errorTitle: toastTitles.error,
  errorDescription: "Failed to send message. Please try again.",
  nameRequired: "Please enter your name.",
  emailRequired: "Please enter your email address.",
  emailInvalid: "Please enter a valid email address.",
  messageRequired: "Please enter a message.",
  tooLong: tooLongMessage,
  rateLimited: "Too many messages from your network. Please wait 10 minutes and try again.",
  sending: "Sending...",
  send: "Send message",
} as const;

/**
 * The toast (or, without JavaScript, the notice) for a message the service refused, read from
 * the service's own error: the 'Missing fields' pair when it says fields are missing, otherwise
 * the generic error pair (the field's own message is shown next to the field).
 */
export function contactFailureNotice(error: string | undefined): { title: string; description: string } {
  return error === contactMessages.missingDescription
    ? { title: contactMessages.missingTitle, description: contactMessages.missingDescription }
    : { title: contactMessages.errorTitle, description: contactMessages.errorDescription };
}

/** What the form holds while typing: raw strings. */
export type ContactFormValues = Record<ContactField, string>;

export const EMPTY_CONTACT_FORM: ContactFormValues = { name: "", email: "", message: "" };

/** True when any required field is empty: the 'Missing fields' case of the specification. */
export function hasMissingFields(values: Partial<Record<string, unknown>>): boolean {
  return CONTACT_FIELDS.some((field) => {
    const value = values[field];
    return typeof value !== "string" || value.trim() === "";
  });
}

/** True when the honeypot field carries anything. */
export function isHoneypotFilled(values: Partial<Record<string, unknown>>): boolean {
  const value = values[CONTACT_HONEYPOT_FIELD];
  return typeof value === "string" && value.trim() !== "";
}

/** Delivery state of a message's notification email, as the admin inbox shows it. */
export type ContactEmailStatus = "pending" | "sent" | "failed";

/** One message in the admin inbox (GET /api/admin/contact/messages), with its visit's source ("" = not known). */
export type ContactMessage = VisitSource & {
  id: string;
  name: string;
  email: string;
  message: string;
  created_at: string;
  read: boolean;
  read_at: string | null;
  /** Whether the notification email went out. */
  email_status: ContactEmailStatus | null;
  /** How it went out: 'log' when no SMTP server is configured. */
  email_via: "smtp" | "log" | null;
  /** The form it was sent with (docs/decisions/220); "" for the contact form. */
  form_name: string;
};

export type ContactMessagePage = {
  messages: ContactMessage[];
  page: number;
  pageSize: number;
  total: number;
  unread: number;
};
