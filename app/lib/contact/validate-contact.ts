import { contactSchema, type ContactFormValues } from "../../../domain/contact";
import { fieldErrors } from "../../../domain/validation";

/** The contact form's check in the page: the server's schema; undefined when the message is valid. */
export function validateContact(values: ContactFormValues): Record<string, string> | undefined {
  const parsed = contactSchema.safeParse(values);
  return parsed.success ? undefined : fieldErrors(parsed.error);
}
