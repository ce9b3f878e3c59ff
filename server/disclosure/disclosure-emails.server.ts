import { REPORTER_STATUS_LABELS, isClosedStatus, type ReportStatus } from "../../domain/report-status";
import { formatBytes } from "../../domain/report-attachments";
import type { Config } from "../config.server";
import { oneLineHeader, type OutgoingEmail } from "../mail/outbox.server";

/**
 * The disclosure loop's emails (docs/decisions/144). To the reporter: our words, the report's
 * reference and its case link, and a team message's own text; never anything typed into another
 * report. To the team: what the reporter wrote, with the way to the report.
 */
type MailConfig = Pick<Config, "mail" | "public">;

function signature(config: MailConfig): string[] {
  return ["", `${config.public.siteName} Security Team`, `${config.public.siteUrl}/security`];
}

export function teamMessageEmail(
  config: MailConfig,
  { to, reference, body, caseUrl }: { to: string; reference: string; body: string; caseUrl: string },
): OutgoingEmail {
  return {
    to,
    replyTo: config.mail.securityTo,
    subject: `[${reference}] New message about your vulnerability report`,
    text: [
      "Hello,",
      "",
      `The security team wrote about your report ${reference}:`,
      "",
      body,
      "",
      "Read the whole conversation and reply on your case page:",
      caseUrl,
      ...signature(config),
    ].join("\n"),
  };
}

export function statusEmail(
  config: MailConfig,
  { to, reference, status, duplicateOf, caseUrl }: { to: string; reference: string; status: ReportStatus; duplicateOf: string | null; caseUrl: string },
): OutgoingEmail {
  const closed = isClosedStatus(status);
  return {
    to,
    replyTo: config.mail.securityTo,
    subject: `[${reference}] ${closed ? "Outcome of" : "Update on"} your vulnerability report`,
    text: [
      "Hello,",
      "",
      `The status of your report ${reference} is now: ${REPORTER_STATUS_LABELS[status]}.`,
      ...(status === "duplicate" && duplicateOf ? [`It duplicates ${duplicateOf}, reported earlier.`] : []),
      ...(status === "resolved"
        ? ["", "Thank you for helping us keep our customers safe. On your case page you can choose whether and how we credit you."]
        : []),
      ...(status === "needs_more_info" ? ["", "We need more information from you: please answer on your case page."] : []),
      "",
      "Your case page:",
      caseUrl,
      ...signature(config),
    ].join("\n"),
  };
}

export function newCaseLinkEmail(
  config: MailConfig,
  { to, reference, caseUrl }: { to: string; reference: string; caseUrl: string },
): OutgoingEmail {
  return {
    to,
    replyTo: config.mail.securityTo,
    subject: `[${reference}] Your new case link`,
    text: [
      "Hello,",
      "",
      `Someone, hopefully you, asked for a new link to the case page of report ${reference}. Here it is:`,
      caseUrl,
      "",
      "Your earlier links keep working until you open this one; then they end. If you did not ask for this, ignore this email: nothing changes.",
      ...signature(config),
    ].join("\n"),
  };
}

/** One of the reporter's messages as the team's digest shows it (docs/decisions/176). */
export type ReporterMessage = { at: Date; body: string; files: { filename: string; size: number }[] };

/** Past this, a digest lists no more messages, only that there are more: the report has them all. */
const DIGEST_TEXT_MAX = 100_000;
const DIGEST_MORE = "More messages arrived since: read them in the report.";

/** To the team: the reporter's messages since the last such email, oldest first. */
export function reporterRepliesEmail(
  config: MailConfig,
  { id, reference, title }: { id: string; reference: string; title: string },
  message: ReporterMessage,
): OutgoingEmail {
  return {
    to: config.mail.securityTo,
    subject: `[${reference}] Reporter replied: ${oneLineHeader(title)}`,
    text: [
      `The reporter wrote about ${reference} on the case page (messages since the last such email, oldest first).`,
      `Open the report at ${config.public.siteUrl}/admin/reports/${id}`,
      "",
      messageSection(message),
    ].join("\n"),
  };
}

/** A held digest's text with one more message, or with a note that there are more. */
export function withAnotherMessage(digest: string, message: ReporterMessage): string {
  if (digest.endsWith(DIGEST_MORE)) return digest;
  const section = messageSection(message);
  return digest.length + section.length > DIGEST_TEXT_MAX ? `${digest}\n\n${DIGEST_MORE}` : `${digest}\n\n${section}`;
}

function messageSection({ at, body, files }: ReporterMessage): string {
  return [
    `Message of ${at.toISOString().slice(0, 16).replace("T", " ")} UTC:`,
    ...(body ? [body] : []),
    ...(files.length > 0
      ? ["Files added (download them from the report):", ...files.map((file) => `- ${oneLineHeader(file.filename)} (${formatBytes(file.size)})`)]
      : []),
  ].join("\n");
}

/** To the team: the reporter withdrew the report. */
export function reporterWithdrewEmail(config: MailConfig, { id, reference, title }: { id: string; reference: string; title: string }): OutgoingEmail {
  return {
    to: config.mail.securityTo,
    subject: `[${reference}] Withdrawn: ${oneLineHeader(title)}`,
    text: [`The reporter withdrew ${reference} on the case page.`, `Open the report at ${config.public.siteUrl}/admin/reports/${id}`].join("\n"),
  };
}
