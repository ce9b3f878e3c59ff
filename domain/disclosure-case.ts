/**
 * The reporter's case page and the conversation about a report (docs/decisions/144): what a
 * message and a credit choice may hold, the texts both sides read, and the shapes the API
 * answers. Free of the validation library, so the case page's script stays small; the schemas
 * that check the API's input are in server/disclosure/case-schemas.server.ts.
 */
import { REPORT_FIELDS, type ReportField } from "./report-fields";
import type { CaseAssessment, CvssSuggestion } from "./case-assessment";
import { REPLY_DAYS_AFTER_CLOSE, type ReportStatus } from "./report-status";

/** A message of either side: plain text, several lines. */
export const MESSAGE_MAX = 20_000;
export const CREDIT_NAME_MAX = 100;
export const CREDIT_URL_MAX = 300;

export type CreditChoice = "named" | "anonymous";

/** A file of the conversation, as either side lists it (its bytes come from their own door). */
export type CaseFile = { id: string; filename: string; content_type: string; size: number };

export type CaseEvent =
  | { id: string; at: string; kind: "status"; author: "team" | "reporter"; status: ReportStatus; label: string }
  | {
      id: string;
      at: string;
      kind: "message";
      author: "team" | "reporter";
      body: string;
      files: CaseFile[];
      /** The status a team message set, in the same step (docs/decisions/216); absent for a message alone. */
      newStatus?: { status: ReportStatus; label: string };
    }
  | ({ id: string; at: string; kind: "suggestion"; author: "reporter" } & CvssSuggestion);

/** What a case link was sent with (docs/decisions/177); links from before that say nothing. */
export type CaseLinkIssuedFor = "report" | "message" | "status" | "request";

/** One of a case's links as its holder sees it: never a token or its hash. */
export type CaseLinkView = { issuedAt: string; issuedFor: CaseLinkIssuedFor | null; lastUsedAt: string | null; current: boolean };

/** Messages a case takes a minute, whoever sends them (docs/decisions/176). */
export const CASE_MESSAGES_PER_MINUTE = 5;

/**
 * The report's fields as the reporter sent them, every one of the form's (its labels name them on
 * the case page): the address too, so a mistyped one explains the emails that never came
 * (docs/decisions/190).
 */
export const SENT_REPORT_FIELDS: readonly ReportField[] = REPORT_FIELDS;
export type SentReportField = ReportField;

/** A file sent with the report itself (not with a message), downloadable by the link's holder. */
export type CaseAttachment = { id: string; filename: string; content_type: string; size: number };

/** What the holder of a case link sees: the team's assessment, never its notes or other reports' details. */
export type CaseView = Record<SentReportField, string> & CaseAssessment & {
  attachments: CaseAttachment[];
  /** The team has not yet changed the status: the reporter may still correct the report (docs/decisions/190). */
  correctable: boolean;
  /** When the reporter last corrected the report; null when never. */
  correctedAt: string | null;
  /** The reporter wrote and the team has not answered yet: the case page says the reply is being reviewed. */
  awaitingTeam: boolean;
  /** The next step the team aims to take, and its day (YYYY-MM-DD); none once closed or while waiting for the reporter. */
  nextStep: { step: "acknowledge" | "assess" | "resolve"; by: string } | null;
  reference: string;
  title: string;
  status: ReportStatus;
  statusLabel: string;
  receivedAt: string;
  closed: boolean;
  /** The last day (YYYY-MM-DD) a closed report still takes replies (docs/decisions/212); null while open and once past. */
  repliesUntil: string | null;
  /** The reference of the earlier report this one duplicates. */
  duplicateOf: string | null;
  credit: { choice: CreditChoice | null; name: string | null; url: string | null };
  events: CaseEvent[];
  /** Every link that opens this case, newest first; the one in use is `current`. */
  links: CaseLinkView[];
};

export const caseTexts = {
  title: "Your vulnerability report",
  notFoundTitle: "Case not found",
  notFound: "This case link is not valid. It may have been replaced by a newer one; ask for a new link below.",
  reference: "Reference",
  received: "Received",
  status: "Status",
  duplicateOf: (reference: string) => `This report duplicates ${reference}, reported earlier.`,
  timeline: "Conversation and status changes",
  statusChanged: "Status changed",
  /** An image's preview (docs/decisions/217): its alternative text names the file. */
  preview: (filename: string) => `Preview of ${filename}`,
  backAfterReply: "Back with the security team after your reply",
  you: "You",
  team: "Security team",
  reply: "Reply",
  replyLabel: "Your message",
  replyHint: "Plain text. Links are made clickable; nothing else is formatted.",
  addFiles: "Add files",
  send: "Send message",
  sending: "Sending…",
  sent: "Message sent. The security team has been notified.",
  messageRequired: "Write a message or add a file",
  messageTooLong: `Messages can be at most ${MESSAGE_MAX.toLocaleString("en-US")} characters`,
  closedNoReplies: "This report is closed. Send a new report if you have found something else.",
  repliesAfterClose: (day: string) =>
    `This report is closed, but you can still reply here until ${day}: to tell us of a retest, or to ask a question. A reply does not reopen the report; the security team will read it and answer.`,
  repliesEnded: `This report is closed, and the ${REPLY_DAYS_AFTER_CLOSE} days for replies after closing are over. Send a new report if you have found something else.`,
  creditTitle: "Public thanks",
  creditLead:
    "When a report is resolved we thank its reporter on our acknowledgments page, only if you say so. Choose how you would like to be credited.",
  creditNamed: "Credit me as",
  creditAnonymous: "Do not name me",
  creditName: "Name or handle",
  creditUrl: "Link (optional)",
  creditSave: "Save choice",
  creditSaved: "Your choice is saved.",
  creditNameRequired: "Enter the name or handle to credit",
  creditNameTooLong: `Names can be at most ${CREDIT_NAME_MAX} characters`,
  creditUrlInvalid: "Enter a link that starts with https:// or http://",
  creditChoiceInvalid: 'Choose "named" or "anonymous"',
  withdrawTitle: "Withdraw this report",
  withdrawLead: "If you filed this report by mistake, you can withdraw it. The team will be told, and the report closed.",
  withdraw: "Withdraw report",
  withdrawConfirm: "Withdraw this report? This cannot be undone.",
  withdrawn: "The report is withdrawn.",
  keep: "Keep the report",
  failed: "Something went wrong. Please try again.",
  rateLimited: "Too many requests for this case. Please wait a few minutes and try again.",
  tooManyMessages: `Too many messages: a case takes at most ${CASE_MESSAGES_PER_MINUTE} a minute. Please wait a minute and send yours again.`,
  linksTitle: "Links to this case",
  linksLead: "Every email we send you carries a link of its own, and each one opens this page. End the older ones if an email may have been seen by someone else: they never end a newer link.",
  linkIssued: "Issued",
  linkIssuedFor: "Sent with",
  linkLastUsed: "Last used",
  linkNeverUsed: "Never",
  linkCurrent: "This link",
  linkIssuedForLabels: {
    report: "Confirmation of your report",
    message: "A message from the team",
    status: "A status update",
    request: "Your request for a new link",
  } satisfies Record<CaseLinkIssuedFor, string>,
  linkIssuedForUnknown: "An email from the team",
  endOtherLinks: "End older links",
  endingOtherLinks: "Ending…",
  otherLinksEnded: "The older links are ended. This link and any newer one still work.",
  onlyLink: "This is the only link to this case.",
  noOlderLinks: "No link to this case is older than this one. To end this one, open the newest link and end the older ones.",
  reportTitle: "Your report as sent",
  attachmentsTitle: "Attachments",
  noAttachments: "No files were sent with the report.",
  notGiven: "Not given",
  reviewingReply: "We have your reply. The security team is reviewing it.",
  reviewingCorrection: "We have your correction. The security team is reviewing it.",
  nextStep: (step: "acknowledge" | "assess" | "resolve", day: string) =>
    step === "resolve" ? `We aim to resolve the issue by ${day}.` : `We aim to respond by ${day}.`,
  waitingForYou: "We are waiting for your reply; our clock is paused until then.",
  lostLinkTitle: "Lost your case link?",
  lostLinkLead:
    "Enter the reference and the email address of the report. If they match a report, we email a new case link to that address; your earlier links end once you open the new one.",
  lostLinkSend: "Email me a new link",
  lostLinkSent: "If the reference and address match a report, a new case link is on its way to that address.",
  referenceLabel: "Report reference",
  emailLabel: "Email address",
} as const;

/** Where a case lives; the token is the only key to it. */
export const CASE_PATH_PREFIX = "/security/case/";

export function casePath(token: string): string {
  return `${CASE_PATH_PREFIX}${token}`;
}

/**
 * Whether a path (normalised, lower case) is a case's page or API: such answers send no referrer
 * and are logged without their token.
 */
export function isCasePath(path: string): boolean {
  return /^(\/api)?\/security\/case\/./.test(path);
}

/** A case token: 256 random bits, base64url. */
export const CASE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/**
 * A message's text cut into plain text and links, for both sides to render without HTML: only
 * http(s) addresses become links, and a trailing full stop or bracket stays text.
 */
export function linkParts(text: string): ({ text: string } | { href: string })[] {
  const parts: ({ text: string } | { href: string })[] = [];
  const pattern = /https?:\/\/[^\s<>"']+/g;
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    let href = match[0];
    const trailing = /[.,;:!?)\]]+$/.exec(href)?.[0] ?? "";
    href = href.slice(0, href.length - trailing.length);
    const start = match.index;
    if (start > last) parts.push({ text: text.slice(last, start) });
    parts.push({ href });
    last = start + href.length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}

/** Text with every case link's token replaced, for what is kept after use (sent emails, logs). */
export function redactCaseLinks(text: string): string {
  return text.includes(CASE_PATH_PREFIX) ? text.replace(/\/security\/case\/[A-Za-z0-9_-]+/g, `${CASE_PATH_PREFIX}[redacted]`) : text;
}

/** What the team has to review, in words: the reporter's latest reply, or a correction made after it. */
export function awaitingTeamText(view: Pick<CaseView, "events" | "correctedAt">): string {
  const lastReply = view.events.filter((event) => event.kind === "message" && event.author === "reporter").at(-1)?.at;
  const corrected = view.correctedAt && (!lastReply || Date.parse(view.correctedAt) > Date.parse(lastReply));
  return corrected ? caseTexts.reviewingCorrection : caseTexts.reviewingReply;
}

/** A day (YYYY-MM-DD) in words, the same wherever it is read: "Thursday, 31 December 2026". */
export function dayInWords(day: string): string {
  return new Date(`${day}T12:00:00Z`).toLocaleDateString("en-GB", { weekday: "long", day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
}

/** The status an event set: a status change, or a team message that set one in the same step (docs/decisions/216). */
export function statusSetBy(event: { kind: string; status?: ReportStatus; newStatus?: { status: ReportStatus } }): ReportStatus | undefined {
  return event.kind === "status" ? event.status : event.newStatus?.status;
}

/** A status the reporter's reply brought back (docs/decisions/189), rather than one they chose (withdrawal). */
export function isBackAfterReply(event: CaseEvent): boolean {
  return event.kind === "status" && event.author === "reporter" && event.status !== "withdrawn";
}
