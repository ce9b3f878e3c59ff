import crypto from "node:crypto";
import {
  contactMessages,
  contactSchema,
  hasMissingFields,
  isHoneypotFilled,
  type ContactInput,
  type ContactMessage,
  type ContactMessagePage,
} from "../../domain/contact";
import { fieldErrors } from "../../domain/validation";
import type { AppServices } from "../context.server";
import { enqueueEmail, notifyOutbox } from "../mail/outbox.server";

export type ContactSubmitResult =
  | { ok: true; id: string }
  | { ok: false; code: "invalid"; error: string; fields: Record<string, string> };

/**
 * Receives a contact message from any door (JSON API or the page's form post). The message
 * and its notification email are committed in one transaction before this resolves, so what
 * is acknowledged is never lost. A filled honeypot gets the same answer and nothing is stored.
 */
export async function submitContactMessage(
  { db, config, logger }: Pick<AppServices, "db" | "config" | "logger">,
  input: unknown,
): Promise<ContactSubmitResult> {
  const values = asRecord(input);
  if (isHoneypotFilled(values)) {
    logger.info("contact message dropped: honeypot field filled");
    return { ok: true, id: crypto.randomUUID() };
  }
  const parsed = contactSchema.safeParse(values);
  if (!parsed.success) {
    const fields = fieldErrors(parsed.error);
    const error = hasMissingFields(values)
      ? contactMessages.missingDescription
      : (Object.values(fields)[0] ?? contactMessages.errorDescription);
    return { ok: false, code: "invalid", error, fields };
  }
  const message = parsed.data;
  const id = crypto.randomUUID();
  await db.transaction().execute(async (trx) => {
    const mailId = await enqueueEmail(trx, {
      to: config.mail.contactTo,
      replyTo: message.email,
      subject: `New contact message from ${message.name}`,
      text: notificationText(message, config.public.siteName),
    });
    await trx
      .insertInto("contact_messages")
      .values({
        id,
        name: message.name,
        email: message.email,
        message: message.message,
        created_at: new Date().toISOString(),
        read_at: null,
        mail_id: mailId,
      })
      .execute();
  });
  notifyOutbox();
  return { ok: true, id };
}

/** The notification's plain-text body: everything the team needs to answer. */
export function notificationText(message: ContactInput, siteName: string): string {
  return [
    `New message from the ${siteName} contact form.`,
    "",
    `Name: ${message.name}`,
    `Email: ${message.email}`,
    "",
    "Message:",
    message.message,
    "",
    "Reply to this email to answer the sender.",
  ].join("\n");
}

export const CONTACT_INBOX_PAGE_SIZE = 50;

/** A message as the inbox shows it, with the state of its notification email. */
function selectInboxMessages(db: AppServices["db"]) {
  return db
    .selectFrom("contact_messages")
    .leftJoin("mail_outbox", "mail_outbox.id", "contact_messages.mail_id")
    .select([
      "contact_messages.id",
      "contact_messages.name",
      "contact_messages.email",
      "contact_messages.message",
      "contact_messages.created_at",
      "contact_messages.read_at",
      "mail_outbox.status as email_status",
      "mail_outbox.delivered_via as email_via",
    ]);
}

/** The admin inbox: newest first, one page at a time. */
export async function listContactMessages(
  db: AppServices["db"],
  page = 1,
  pageSize = CONTACT_INBOX_PAGE_SIZE,
): Promise<ContactMessagePage> {
  const rows = await selectInboxMessages(db)
    .orderBy("contact_messages.created_at", "desc")
    .orderBy("contact_messages.id", "desc")
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  const counts = await db
    .selectFrom("contact_messages")
    .select((eb) => [
      eb.fn.countAll<number | string>().as("total"),
      eb.fn.count<number | string>("read_at").as("read"),
    ])
    .executeTakeFirstOrThrow();
  const total = Number(counts.total);
  return {
    messages: rows.map(withReadFlag),
    page,
    pageSize,
    total,
    unread: total - Number(counts.read),
  };
}

/** Marks a message read or unread; undefined when there is no such message. */
export async function markContactMessageRead(
  db: AppServices["db"],
  id: string,
  read: boolean,
): Promise<ContactMessage | undefined> {
  await db
    .updateTable("contact_messages")
    .set({ read_at: read ? new Date().toISOString() : null })
    .where("id", "=", id)
    // Keep the first reading time when marked read again.
    .$if(read, (query) => query.where("read_at", "is", null))
    .execute();
  const row = await selectInboxMessages(db)
    .where("contact_messages.id", "=", id)
    .executeTakeFirst();
  return row ? withReadFlag(row) : undefined;
}

function withReadFlag<T extends { read_at: string | null }>(row: T): T & { read: boolean } {
  return { ...row, read: row.read_at !== null };
}

function asRecord(input: unknown): Record<string, unknown> {
  return input !== null && typeof input === "object" && !Array.isArray(input)
    ? (input as Record<string, unknown>)
    : {};
}
