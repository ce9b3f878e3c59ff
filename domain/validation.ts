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

/** Untrusted input as a record of fields to parse: anything but a plain object reads as empty. */
export function asRecord(input: unknown): Record<string, unknown> {
  return input !== null && typeof input === "object" && !Array.isArray(input)
    ? (input as Record<string, unknown>)
    : {};
}

/** The entries whose value is not undefined: a partial update changes only what it names. */
export function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined)) as Partial<T>;
}
