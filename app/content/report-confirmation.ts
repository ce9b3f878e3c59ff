import { DEFAULT_TARGETS } from "../../domain/disclosure-deadlines";

/**
 * The words of the screen that replaces the report form once a report is sent (docs/decisions/190).
 * Loaded with that screen only, not with the form, which sits at the edge of the JavaScript budget.
 */
export const reportConfirmationCopy = {
  title: "Report received",
  body: (reference: string) =>
    `Your reference is ${reference}. We have emailed you an acknowledgement; please quote the reference in any message about this report.`,
  reference: "Reference",
  caseLink: "Open your case page",
  caseHint: "Follow the report, answer our questions and add files there. Keep the link to yourself: it opens the report without a password.",
  caseTitle: "Your case page",
  caseAddressLabel: "Case page address",
  copy: "Copy address",
  copied: "Address copied",
  copyFailed: "Could not copy: select the address and copy it yourself.",
  nextTitle: "What happens next",
  next: [
    "We have emailed you this reference and the case page's address.",
    `A person on our security team reviews your report within ${DEFAULT_TARGETS.acknowledge.days} business days.`,
    "When we have a question or news, we write on your case page and tell you by email. Answer us there, and add files if we ask.",
  ],
  another: "Report another",
} as const;
