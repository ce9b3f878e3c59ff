import crypto from "node:crypto";
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from "kysely";
import {
  contactMessages,
  contactSchema,
  hasMissingFields,
  isHoneypotFilled,
  type ContactInput,
  type ContactMessage,
  type ContactMessagePage,
} from "../../domain/contact";
import { containsPattern, INBOX_DEFAULT_PAGE_SIZE, type InboxQuery } from "../../domain/contact-inbox";
import { EMPTY_SOURCE, sourceFromFields, type VisitSource } from "../../domain/analytics";
import { isEmptySource, sourceFromFormPage, sourceText } from "../../domain/lead-source";
import { asRecord, fieldErrors } from "../../domain/validation";
import type { Database } from "../db/schema";
import type { AppServices } from "../context.server";
import { countAttempt, type RateLimited, type RateLimitRule } from "../limits/rate-limits.server";
import { enqueueEmail, notifyOutbox } from "../mail/outbox.server";

/** Contact messages one client may send per window: far more than a person writes. */
export const CONTACT_LIMIT: RateLimitRule = {
  name: "contact",
  windowMs: 10 * 60 * 1000,
  limit: 5,
  message: contactMessages.rateLimited,
};

export type ContactSubmitResult =
  | { ok: true; id: string }
  | { ok: false; code: "invalid"; error: string; fields: Record<string, string> }
  | RateLimited;

/**
 * Receives a contact message from any door (JSON API or the page's form post, whatever its
 * path). Every door passes the client's key: each attempt counts against CONTACT_LIMIT here,
 * so no route can skip it. The message and its notification email are committed in one
 * transaction before this resolves, so what is acknowledged is never lost. A filled honeypot
 * gets the same answer and nothing is stored.
 *
 * The visit's source comes with the input (the form's hidden fields, docs/decisions/142), every
 * value bounded; a door that can see the form page's address passes it as `formPage`, read only
 * when those fields came empty (a form posted without JavaScript).
 */
export async function submitContactMessage(
  { db, config, logger }: Pick<AppServices, "db" | "config" | "logger">,
  input: unknown,
  { clientKey, formPage }: { clientKey?: string; formPage?: string | null } = {},
): Promise<ContactSubmitResult> {
  const limited = await countAttempt(db, CONTACT_LIMIT, clientKey);
  if (limited) return limited;
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
  const fromFields = sourceFromFields(values);
  const source = isEmptySource(fromFields) && formPage ? sourceFromFormPage(formPage) : fromFields;
  const id = crypto.randomUUID();
  await db.transaction().execute(async (trx) => {
    const mailId = await enqueueEmail(trx, {
      to: config.mail.contactTo,
      replyTo: message.email,
      subject: `New contact message from ${message.name}`,
      text: notificationText(message, config.public.siteName, source),
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
        ...source,
      })
      .execute();
  });
  notifyOutbox();
  return { ok: true, id };
}

/** The notification's plain-text body: everything the team needs to answer, and where the lead came from. */
export function notificationText(message: ContactInput, siteName: string, source: VisitSource = EMPTY_SOURCE): string {
  return [
    `New message from the ${siteName} contact form.`,
    "",
    `Name: ${message.name}`,
    `Email: ${message.email}`,
    sourceText(source),
    "",
    "Message:",
    message.message,
    "",
    "Reply to this email to answer the sender.",
  ].join("\n");
}

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
      "contact_messages.landing_path",
      "contact_messages.referrer_host",
      "contact_messages.utm_source",
      "contact_messages.utm_medium",
      "contact_messages.utm_campaign",
      "contact_messages.form_name",
      "mail_outbox.status as email_status",
      "mail_outbox.delivered_via as email_via",
    ]);
}

type InboxFilter = Pick<InboxQuery, "q" | "read">;

/** The search and read filter as one WHERE, the same on SQLite and PostgreSQL (lower() + LIKE). */
function matching({ q, read }: InboxFilter) {
  return (eb: ExpressionBuilder<Database, "contact_messages">) => {
    const conditions: Expression<SqlBool>[] = [];
    if (read === "read") conditions.push(eb("contact_messages.read_at", "is not", null));
    if (read === "unread") conditions.push(eb("contact_messages.read_at", "is", null));
    if (q) {
      const pattern = containsPattern(q);
      conditions.push(
        eb.or(
          (["name", "email", "message"] as const).map(
            (column) => sql<SqlBool>`lower(${sql.ref(`contact_messages.${column}`)}) like ${pattern} escape '\\'`,
          ),
        ),
      );
    }
    return eb.and(conditions);
  };
}

/**
 * The admin inbox, one page at a time: newest first unless asked otherwise, optionally searched
 * and filtered. `total` counts the messages that match; `unread` counts every unread message
 * (the badge in the admin's navigation), whatever the filter.
 */
export async function listContactMessages(
  db: AppServices["db"],
  page = 1,
  pageSize = INBOX_DEFAULT_PAGE_SIZE,
  filter: Partial<InboxFilter & Pick<InboxQuery, "sort">> = {},
): Promise<ContactMessagePage> {
  const where = matching({ q: filter.q ?? "", read: filter.read ?? "all" });
  const direction = filter.sort === "oldest" ? "asc" : "desc";
  const rows = await selectInboxMessages(db)
    .where(where)
    .orderBy("contact_messages.created_at", direction)
    .orderBy("contact_messages.id", direction)
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  const found = await db
    .selectFrom("contact_messages")
    .where(where)
    .select((eb) => eb.fn.countAll<number | string>().as("total"))
    .executeTakeFirstOrThrow();
  const unread = await countUnreadMessages(db);
  return {
    messages: rows.map(withReadFlag),
    page,
    pageSize,
    total: Number(found.total),
    unread,
  };
}

/** Every unread message, for the inbox and the admin navigation's badge. */
export async function countUnreadMessages(db: AppServices["db"]): Promise<number> {
  const row = await db
    .selectFrom("contact_messages")
    .where("read_at", "is", null)
    .select((eb) => eb.fn.countAll<number | string>().as("unread"))
    .executeTakeFirstOrThrow();
  return Number(row.unread);
}

/** Marks every unread message read at once; answers how many changed. */
export async function markAllContactMessagesRead(db: AppServices["db"]): Promise<number> {
  const result = await db
    .updateTable("contact_messages")
    .set({ read_at: new Date().toISOString() })
    .where("read_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
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
