import { expect, test } from "vitest";
import { mailboxKey } from "./email-address";

test("an address is counted in lower case", () => {
  expect(mailboxKey("Victim@Example.COM")).toBe("victim@example.com");
  expect(mailboxKey("  victim@example.com ")).toBe("victim@example.com");
});

test("a +tag is removed from the local part, an empty one too", () => {
  expect(mailboxKey("victim+1@example.com")).toBe("victim@example.com");
  expect(mailboxKey("victim+2@example.com")).toBe("victim@example.com");
  expect(mailboxKey("Victim+Reports+2026@Example.com")).toBe("victim@example.com");
  expect(mailboxKey("victim+@example.com")).toBe("victim@example.com");
});

test("a + that starts the local part is the mailbox's name, not a tag", () => {
  expect(mailboxKey("+victim@example.com")).toBe("+victim@example.com");
  expect(mailboxKey("+@example.com")).toBe("+@example.com");
});

test("Gmail ignores dots, and googlemail.com is gmail.com", () => {
  expect(mailboxKey("v.i.c.t.i.m@gmail.com")).toBe("victim@gmail.com");
  expect(mailboxKey("V.I.C.T.I.M+x@GoogleMail.com")).toBe("victim@gmail.com");
  expect(mailboxKey("victim@googlemail.com")).toBe("victim@gmail.com");
  expect(mailboxKey(".victim.@gmail.com.")).toBe("victim@gmail.com");
});

test("dots are kept at other providers, also at a gmail.com subdomain or look-alike", () => {
  expect(mailboxKey("first.last@example.com")).toBe("first.last@example.com");
  expect(mailboxKey("first.last+tag@outlook.com")).toBe("first.last@outlook.com");
  expect(mailboxKey("first.last@mail.gmail.com")).toBe("first.last@mail.gmail.com");
  expect(mailboxKey("first.last@gmail.com.example")).toBe("first.last@gmail.com.example");
  expect(mailboxKey("first.last@notgmail.com")).toBe("first.last@notgmail.com");
});

test("without an @ the text is only lower-cased; with several, the domain follows the last", () => {
  expect(mailboxKey("Victim+1.Example")).toBe("victim+1.example");
  expect(mailboxKey("")).toBe("");
  expect(mailboxKey("a.b@c+d@gmail.com")).toBe("ab@c@gmail.com");
  expect(mailboxKey("a+b@c@example.com")).toBe("a@example.com");
  expect(mailboxKey("victim@")).toBe("victim@");
  expect(mailboxKey("@example.com")).toBe("@example.com");
});

test("every spelling of one mailbox gives one key; different mailboxes stay apart", () => {
  const spellings = ["victim@gmail.com", "Victim@Gmail.com", "v.i.c.t.i.m@gmail.com", "victim+1@gmail.com", "vic.tim+x@googlemail.com"];
  expect(new Set(spellings.map(mailboxKey))).toEqual(new Set(["victim@gmail.com"]));
  expect(mailboxKey("victim@example.com")).not.toBe(mailboxKey("victim@gmail.com"));
  expect(mailboxKey("victim2@gmail.com")).not.toBe(mailboxKey("victim@gmail.com"));
});
