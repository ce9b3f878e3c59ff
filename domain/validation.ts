import type { z } from "zod";

/** The first message for each invalid field, keyed by field name, for forms and API answers. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const name = String(issue.path[0] ?? "form");
    fields[name] ??= issue.message;
  }
  return fields;
}
