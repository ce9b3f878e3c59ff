import crypto from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";

export type OutgoingEmail = {
  to: string;
  replyTo?: string;
  subject: string;
  text: string;
};

/**
 * Queues an email in the outbox. Pass the transaction that writes what caused the email, so
 * both are committed together or not at all; the outbox worker delivers it later.
 */
export async function enqueueEmail(db: Kysely<Database>, email: OutgoingEmail): Promise<string> {
  const id = crypto.randomUUID();
  const now = new Date().toISOString();
  await db
    .insertInto("mail_outbox")
    .values({
      id,
      to_address: email.to,
      reply_to: email.replyTo ?? null,
      // A line break in a header would start a new header: subjects are one line.
      subject: email.subject.replace(/[\r\n]+/g, " ").trim(),
      text_body: email.text,
      status: "pending",
      attempts: 0,
      next_attempt_at: now,
      created_at: now,
    })
    .execute();
  return id;
}
