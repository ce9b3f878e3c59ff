import { REPORTER_STATUS_LABELS, isClosedStatus, type ReportStatus } from "../../domain/report-status";
import { dayInWords } from "../../domain/disclosure-case";
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

/** A status the reporter hears of, with the last day a closing one still takes replies (docs/decisions/212). */
type StatusNews = { status: ReportStatus; duplicateOf: string | null; repliesUntil?: string | null };

/**
 * One change the reporter hears of: a status they should know of, or a team message (with its
 * files, and the status it set in the same step, docs/decisions/216).
 */
export type CaseNews =
  | { kind: "message"; body: string; files?: { filename: string; size: number }[]; status?: StatusNews }
  | ({ kind: "status" } & StatusNews);

const HEADLINES = ["Update on", "New message about", "Outcome of"] as const;
const FOOTER = "\n\nRead the whole conversation and reply on your case page:\n";
const NEWS_TEXT_MAX = 100_000;
const NEWS_MORE = "More changes since: read them on your case page.";

/** How much a change says: an outcome over a message over an update (the digest's subject names the most). */
function headlineRank(news: CaseNews): number {
  if (news.kind === "message") return Math.max(1, news.status ? headlineRank({ kind: "status", ...news.status }) : 0);
  return isClosedStatus(news.status) ? 2 : 0;
}

function newsSubject(reference: string, rank: number): string {
  return `[${reference}] ${HEADLINES[rank]} your vulnerability report`;
}

function newsSection(reference: string, news: CaseNews): string {
  if (news.kind === "message") {
    const files = news.files ?? [];
    return [
      ...(news.status ? [newsSection(reference, { kind: "status", ...news.status }), ""] : []),
      `The security team wrote about your report ${reference}:`,
      ...(news.body ? ["", news.body] : []),
      ...(files.length > 0
        ? ["", "Files added (open them on your case page):", ...files.map((file) => `- ${oneLineHeader(file.filename)} (${formatBytes(file.size)})`)]
        : []),
    ].join("\n");
  }
  const { status, duplicateOf, repliesUntil } = news;
  return [
    `The status of your report ${reference} is now: ${REPORTER_STATUS_LABELS[status]}.`,
    ...(status === "duplicate" && duplicateOf ? [`It duplicates ${duplicateOf}, reported earlier.`] : []),
    ...(status === "resolved"
      ? ["", "Thank you for helping us keep our customers safe. On your case page you can choose whether and how we credit you."]
      : []),
    ...(status === "needs_more_info" ? ["", "We need more information from you: please answer on your case page."] : []),
    ...(repliesUntil
      ? ["", `You can still reply on your case page until ${dayInWords(repliesUntil)}: to tell us of a retest, or to ask a question.`]
      : []),
  ].join("\n");
}

/**
 * To the reporter: the team's changes to a case, oldest first, gathered for a few minutes
 * (docs/decisions/188), with a case link minted for this email.
 */
export function caseNewsEmail(
  config: MailConfig,
  { to, reference, news, caseUrl }: { to: string; reference: string; news: CaseNews; caseUrl: string },
): OutgoingEmail {
  return {
    to,
    replyTo: config.mail.securityTo,
    subject: newsSubject(reference, headlineRank(news)),
    text: ["Hello,", "", newsSection(reference, news)].join("\n") + FOOTER + [caseUrl, ...signature(config)].join("\n"),
  };
}

/** A held digest with one more change: its section before the case link, and the subject naming the most. */
export function withMoreNews(email: { subject: string; text: string }, reference: string, news: CaseNews): { subject: string; text: string } {
  const rank = Math.max(headlineRank(news), HEADLINES.findIndex((headline) => email.subject.includes(headline)));
  const cut = email.text.lastIndexOf(FOOTER);
  const [head, tail] = cut < 0 ? [email.text, ""] : [email.text.slice(0, cut), email.text.slice(cut)];
  if (head.endsWith(NEWS_MORE)) return { subject: newsSubject(reference, rank), text: email.text };
  const section = newsSection(reference, news);
  const body = head.length + section.length > NEWS_TEXT_MAX ? `${head}\n\n${NEWS_MORE}` : `${head}\n\n${section}`;
  return { subject: newsSubject(reference, rank), text: body + tail };
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

/** The report a team digest is about; `closed` when the reporter wrote after it closed (docs/decisions/212). */
export type DigestReport = { id: string; reference: string; title: string; closed?: boolean };

/** To the team: the reporter's messages since the last such email, oldest first. */
export function reporterRepliesEmail(config: MailConfig, { id, reference, title, closed = false }: DigestReport, message: ReporterMessage): OutgoingEmail {
  return {
    to: config.mail.securityTo,
    subject: `[${reference}] Reporter replied${closed ? " after closing" : ""}: ${oneLineHeader(title)}`,
    text: [
      `The reporter wrote about ${reference} on the case page (messages since the last such email, oldest first).`,
      ...(closed ? ["The report stays closed; it is flagged in the inbox until the team replies or changes its status."] : []),
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

/**
 * To the person a report was just assigned to: its reference, its title and the way to it; the
 * reply goes to the security team's address, as the team's own emails do.
 */
export function reportAssignedEmail(
  config: MailConfig,
  { to, id, reference, title, by }: { to: string; id: string; reference: string; title: string; by: string },
): OutgoingEmail {
  return {
    to,
    replyTo: config.mail.securityTo,
    subject: `[${reference}] Assigned to you: ${oneLineHeader(title)}`,
    text: [
      `${oneLineHeader(by)} assigned the vulnerability report ${reference} to you.`,
      `Title: ${oneLineHeader(title)}`,
      "",
      `Open the report at ${config.public.siteUrl}/admin/reports/${id}`,
    ].join("\n"),
  };
}
