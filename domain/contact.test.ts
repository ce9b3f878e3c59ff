import { expect, test } from "vitest";
import { CONTACT_LIMITS, contactFailureNotice, contactMessages, contactSchema, hasMissingFields, isHoneypotFilled } from "./contact";

test("a complete message passes, trimmed, with the name on one line", () => {
  const parsed = contactSchema.parse({
    name: "  Ada\r\n Lovelace ",
    email: " ada@example.com ",
    message: "  Hello\n\nthere  ",
  });
  expect(parsed).toEqual({ name: "Ada Lovelace", email: "ada@example.com", message: "Hello\n\nthere" });
});

test("empty or blank fields are missing, each with its message", () => {
  expect(hasMissingFields({ name: "a", email: "b@c.de", message: " " })).toBe(true);
  expect(hasMissingFields({ name: "a", email: "b@c.de" })).toBe(true);
  expect(hasMissingFields({ name: "a", email: "b@c.de", message: "m" })).toBe(false);
  const result = contactSchema.safeParse({ name: "", email: "", message: "" });
  expect(result.success).toBe(false);
  expect(result.error?.issues.map((issue) => issue.message)).toEqual([
    "Please enter your name.",
    "Please enter your email address.",
    "Please enter a message.",
  ]);
});

test("an email must be one real address", () => {
  for (const email of ["ada", "ada@localhost", "ada@example.com\nBcc: x@y.z", "Ada <ada@example.com>", "a@b.com, c@d.com"]) {
    expect(contactSchema.safeParse({ name: "A", email, message: "m" }).success, email).toBe(false);
  }
  expect(contactSchema.safeParse({ name: "A", email: "ada.lovelace+site@mail.example.co.uk", message: "m" }).success).toBe(true);
});

test("lengths a person never reaches are refused", () => {
  const at = (field: "name" | "message", length: number) =>
    contactSchema.safeParse({ name: "A", email: "a@example.com", message: "m", [field]: "x".repeat(length) }).success;
  expect(at("name", CONTACT_LIMITS.name)).toBe(true);
  expect(at("name", CONTACT_LIMITS.name + 1)).toBe(false);
  expect(at("message", CONTACT_LIMITS.message)).toBe(true);
  expect(at("message", CONTACT_LIMITS.message + 1)).toBe(false);
});

test("the honeypot counts only when it carries something", () => {
  expect(isHoneypotFilled({ website: "" })).toBe(false);
  expect(isHoneypotFilled({})).toBe(false);
  expect(isHoneypotFilled({ website: "http://spam.example" })).toBe(true);
});

test("a refusal reads as 'Missing fields' only when the service says fields are missing", () => {
  expect(contactFailureNotice(contactMessages.missingDescription)).toEqual({
    title: "Missing fields",
    description: "Please fill in all required fields.",
  });
  for (const error of [contactMessages.emailInvalid, undefined, "anything else"]) {
    expect(contactFailureNotice(error)).toEqual({ title: "Error", description: "Failed to send message. Please try again." });
  }
});
