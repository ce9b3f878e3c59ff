import crypto from "node:crypto";
import { EventEmitter } from "node:events";
import type { Kysely } from "kysely";
import type { Database, MailOutboxTable } from "../db/schema";

export type OutgoingEmail = {
  to: string;
  replyTo?: string;
  subject: string;
  text: string;
  /** An HTML part beside the text, every value in it escaped by its writer. */
  html?: string;
};

/** One bare address: no display name, no list, nothing a header could be split on. */
const SINGLE_ADDRESS = /^[^\s<>,;:"()[\]\\]+@[^\s<>,;:"()[\]\\]+$/;

/**
 * Queues an email in the outbox. Pass the transaction that writes what caused the email, so
 * both are committed together or not at all; the outbox worker delivers it later. Call
 * `notifyOutbox()` once that transaction has committed, so delivery starts at once. With
 * `notBefore`, no worker sends it before then.
 */
export async function enqueueEmail(db: Kysely<Database>, email: OutgoingEmail, { notBefore }: { notBefore?: Date } = {}): Promise<string> {
  // Addresses travel to nodemailer as address objects; a visitor's value can never add a header.
  for (const [field, address] of [["to", email.to], ["replyTo", email.replyTo]] as const) {
    if (address !== undefined && !SINGLE_ADDRESS.test(address)) {
      throw new Error(`enqueueEmail: "${field}" must be one bare email address`);
    }
  }
  const id = crypto.randomUUID();
  const now = new Date().toISOString();
  await db
    .insertInto("mail_outbox")
    .values({
      id,
      to_address: email.to,
      reply_to: email.replyTo ?? null,
      // A line break in a header would start a new header: subjects are one line.
      subject: oneLineHeader(email.subject),
      text_body: email.text,
      html_body: email.html ?? null,
      status: "pending",
      attempts: 0,
      // A held email (a digest still gathering) is not due before its time.
      next_attempt_at: notBefore && notBefore.getTime() > Date.parse(now) ? notBefore.toISOString() : now,
      created_at: now,
    })
    .execute();
  return id;
}

/** Header text on one line: every line break or control character becomes one space. */
export function oneLineHeader(value: string): string {
  return value.replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, " ").replace(/ {2,}/g, " ").trim();
}

const outboxSignal = new EventEmitter();
outboxSignal.setMaxListeners(0);

/**
 * Tells this process's outbox workers that an email was committed, so they deliver it now
 * instead of at their next poll. Workers in other processes find it at their next poll.
 */
export function notifyOutbox(): void {
  outboxSignal.emit("enqueued");
}

/** Subscribes to `notifyOutbox()`; returns the unsubscribe function. */
export function onOutboxNotified(listener: () => void): () => void {
  outboxSignal.on("enqueued", listener);
  return () => outboxSignal.off("enqueued", listener);
}

export type OutboxEntry = Pick<
  MailOutboxTable,
  "id" | "to_address" | "subject" | "status" | "attempts" | "next_attempt_at" | "last_error" | "created_at"
>;

/** Emails not delivered yet: pending (with their next attempt) and failed, oldest first. */
export async function listUndeliveredEmails(db: Kysely<Database>): Promise<OutboxEntry[]> {
  const rows = await db
    .selectFrom("mail_outbox")
    .select(["id", "to_address", "subject", "status", "attempts", "next_attempt_at", "last_error", "created_at"])
    .where("status", "in", ["pending", "failed"])
    .orderBy("created_at", "asc")
    .orderBy("id", "asc")
    .execute();
  return rows.map((row) => ({ ...row, attempts: Number(row.attempts) }));
}

export type OutboxCounts = { pending: number; failed: number; sentBySmtp: number; sentToLog: number };

export async function countOutbox(db: Kysely<Database>): Promise<OutboxCounts> {
  const rows = await db
    .selectFrom("mail_outbox")
    .select(["status", "delivered_via", db.fn.countAll<number | string>().as("count")])
    .groupBy(["status", "delivered_via"])
    .execute();
  const counts: OutboxCounts = { pending: 0, failed: 0, sentBySmtp: 0, sentToLog: 0 };
  for (const row of rows) {
    const count = Number(row.count);
    if (row.status === "pending") counts.pending += count;
    else if (row.status === "failed") counts.failed += count;
    else if (row.delivered_via === "log") counts.sentToLog += count;
    else counts.sentBySmtp += count;
  }
  return counts;
}

/** Puts failed emails (all, or the one with this id) back in the queue with fresh attempts. */
export async function retryFailedEmails(db: Kysely<Database>, id?: string): Promise<number> {
  let query = db
    .updateTable("mail_outbox")
    .set({
      status: "pending",
      attempts: 0,
      next_attempt_at: new Date().toISOString(),
      claimed_by: null,
      claimed_until: null,
    })
    .where("status", "=", "failed");
  if (id) query = query.where("id", "=", id);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}
