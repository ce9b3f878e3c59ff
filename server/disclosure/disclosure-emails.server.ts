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
      "Earlier links to this case no longer work. If you did not ask for this, you can ignore this email.",
      ...signature(config),
    ].join("\n"),
  };
}

/** To the team: the reporter wrote, added files, or withdrew the report. */
export function reporterActivityEmail(
  config: MailConfig,
  {
    id,
    reference,
    title,
    body,
    files,
    withdrawn = false,
  }: { id: string; reference: string; title: string; body?: string; files?: { filename: string; size: number }[]; withdrawn?: boolean },
): OutgoingEmail {
  const what = withdrawn ? "The reporter withdrew" : "The reporter wrote about";
  return {
    to: config.mail.securityTo,
    subject: `[${reference}] ${withdrawn ? "Withdrawn" : "Reporter replied"}: ${oneLineHeader(title)}`,
    text: [
      `${what} ${reference} on the case page.`,
      `Open the report at ${config.public.siteUrl}/admin/reports/${id}`,
      ...(body ? ["", body] : []),
      ...(files && files.length > 0
        ? ["", "Files added (download them from the report):", ...files.map((file) => `- ${oneLineHeader(file.filename)} (${formatBytes(file.size)})`)]
        : []),
    ].join("\n"),
  };
}
