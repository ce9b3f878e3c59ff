import { createTransport, type SendMailOptions } from "nodemailer";
import addressparser from "nodemailer/lib/addressparser";
import type { MailDeliveredVia, MailOutboxTable } from "../db/schema";
import type { Logger } from "../logger.server";
import { oneLineHeader } from "./outbox.server";

/** What the outbox worker hands to a transport: one stored email. */
export type StoredEmail = Pick<MailOutboxTable, "id" | "to_address" | "reply_to" | "subject" | "text_body"> & {
  /** The HTML part, when the email has one (migration 0064). */
  html_body?: string | null;
};

export type MailTransport = {
  /** 'smtp' delivers for real; 'log' only writes the email to the log (no SMTP_URL). */
  kind: MailDeliveredVia;
  /** Resolves once the mail server accepted the email; rejects with its error otherwise. */
  send(email: StoredEmail, signal: AbortSignal): Promise<void>;
  close(): void;
};

export type MailTransportOptions = {
  /** smtp:// or smtps:// URL; unset selects the logging transport. */
  smtpUrl: string | undefined;
  /** With smtp://, refuse to send unless the server offers STARTTLS (SMTP_REQUIRE_TLS). */
  requireTls?: boolean;
  /** The sender of every email (MAIL_FROM, operator configuration). */
  from: string;
  logger: Logger;
};

/** Generous network timeouts: a mail server that hangs must not hold an email for minutes. */
const SMTP_TIMEOUTS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 60_000 };

/**
 * Nodemailer with SMTP when `smtpUrl` is set, otherwise a transport that builds the same
 * message and writes its recipient and subject to the log (docs/decisions/030).
 */
export function createMailTransport({ smtpUrl, requireTls = false, from, logger }: MailTransportOptions): MailTransport {
  const domain = messageIdDomain(from);
  if (smtpUrl) {
    const transporter = createTransport({
      url: smtpUrl,
      requireTLS: requireTls,
      ...SMTP_TIMEOUTS,
      disableFileAccess: true,
      disableUrlAccess: true,
    });
    return {
      kind: "smtp",
      async send(email, signal) {
        await transporter.sendMail({ ...toMessage(email, from, domain), signal });
      },
      close: () => transporter.close(),
    };
  }
  const transporter = createTransport({ jsonTransport: true, disableFileAccess: true, disableUrlAccess: true });
  return {
    kind: "log",
    async send(email, signal) {
      // Built exactly as for SMTP, so a message that SMTP would refuse to build fails here too.
      await transporter.sendMail({ ...toMessage(email, from, domain), signal });
      logger.info(
        { mailId: email.id, to: email.to_address, subject: oneLineHeader(email.subject) },
        "email logged, not sent: SMTP_URL is not configured",
      );
      // Never the body: it carries what visitors typed (and would put it in every log store).
    },
    close: () => transporter.close(),
  };
}

/**
 * The nodemailer message of a stored email. Recipient and reply-to are address objects, never
 * strings to parse, and the subject is one line: nothing stored can add or split a header.
 */
export function toMessage(email: StoredEmail, from: string, domain: string): SendMailOptions {
  return {
    from,
    to: { name: "", address: email.to_address },
    replyTo: email.reply_to ? { name: "", address: email.reply_to } : undefined,
    subject: oneLineHeader(email.subject),
    text: email.text_body,
    // With an HTML part, nodemailer sends multipart/alternative: the text first, then the HTML.
    ...(email.html_body ? { html: email.html_body } : {}),
    // Stable per outbox row: if a retry ever repeats a delivery, mail clients see one message.
    messageId: `<${email.id}@${domain}>`,
  };
}

function messageIdDomain(from: string): string {
  const [first] = addressparser(from, { flatten: true });
  const address = first && "address" in first ? first.address : "";
  return address.split("@")[1] || "localhost";
}
