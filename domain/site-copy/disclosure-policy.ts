import type { LegalDocument } from "./legal/types";
import { linkedPageMeta } from "./shared";

/** The Responsible Disclosure Policy (/security). Its effective date is the day it is shown. */
const submitLabel = "Submit a Vulnerability Report";

export const disclosurePolicy = {
  submitLabel,
  acknowledgmentsLabel: "Security acknowledgments",
  followReportLabel: "Follow a report you sent",
  document: {
    title: "Responsible Disclosure Policy",
    effectiveDate: null,
    intro: [
      "The security of the Dialogic platform, and of the organizational data our customers entrust to it, is central to everything we do. We value the work of security researchers and welcome reports of vulnerabilities in our systems. This policy explains what is in scope, how to report an issue, what you can expect from us, and our commitment not to pursue researchers who act in good faith.",
    ],
    sections: [
      {
        id: "scope",
        heading: "Scope",
        blocks: [
          "This policy covers vulnerabilities in the systems that deliver the Dialogic platform to our customers, including:",
          {
            list: [
              "the Dialogic web application used by admins, trainers and employees, including sign-in and session handling;",
              "the APIs behind it, including those used for content upload, conversations and results;",
              "the separation between organizations: any way to read or change another organization's data;",
              "voice and file processing, such as uploaded documents and transcribed conversations.",
            ],
          },
          "If you are not sure whether a system is in scope, report it anyway and tell us why you think it is ours.",
        ],
      },
      {
        id: "exclusions",
        heading: "Out of scope",
        blocks: [
          "The following are excluded from this policy, and are not covered by its safe harbor:",
          {
            list: [
              "Denial-of-service (DoS) attacks, load testing, or any activity that degrades the Service for others.",
              "Spamming, including sending unsolicited or bulk messages through our forms or to our users.",
              "Social engineering of our employees, customers or contractors, including phishing and pretexting.",
              "Physical attacks against our offices, data centers, equipment or staff.",
              "Reports about the marketing site only: issues that affect this public website and not the platform or its data.",
              "Theoretical reports without a working proof of concept or demonstrated security impact, including unverified output from automated scanners.",
            ],
          },
        ],
      },
      {
        id: "how-to-report",
        heading: "How to report a vulnerability",
        blocks: [
          "Use our vulnerability report form. Please include the affected system and URL, the type of vulnerability, clear steps to reproduce it, its impact as you understand it, and any proof of concept, screenshots or logs. One report per vulnerability helps us fix and credit each one quickly.",
          { link: { label: submitLabel, to: "/security/submit" } },
          "If you cannot use the form, email our security team:",
          { contact: ["securityEmail"] },
        ],
      },
      {
        id: "guidelines",
        heading: "Guidelines for researchers",
        blocks: [
          "To stay within this policy, please:",
          {
            list: [
              "test only on accounts and systems you own or are explicitly authorized to test;",
              "never access, modify or delete data that does not belong to you; if you encounter personal or organizational data, stop, do not keep it, and tell us in your report;",
              "use the minimum access needed to demonstrate the issue, and do not move laterally or maintain access;",
              "avoid automated scanning and high-volume testing; give clear, manual reproduction steps instead;",
              "keep the details confidential until we have resolved the issue and agreed a disclosure date with you.",
            ],
          },
        ],
      },
      {
        id: "what-to-expect",
        heading: "What you can expect from us",
        blocks: [
          {
            list: [
              "An acknowledgement of your report within three business days.",
              "An initial assessment of severity, and a named contact for follow-up questions.",
              "We aim to resolve critical issues within ten business days of confirming them; other issues are prioritized by severity and we will tell you our timeline.",
              "Regular updates until the issue is resolved, and a notice when the fix is live.",
              "Public credit for your discovery once it is fixed, if you would like it.",
            ],
          },
        ],
      },
      {
        id: "safe-harbor",
        heading: "Safe harbor",
        blocks: [
          "If you make a good-faith effort to comply with this policy during your security research, we will consider your research authorized, we will not pursue or support legal action against you, and we will not report you to law enforcement for it. If a third party brings legal action against you for activity that complied with this policy, we will make it known that your actions were authorized.",
          "Good faith means, in particular, that you report what you find to us promptly, do not exploit it beyond what is needed to demonstrate it, and respect the exclusions and guidelines above. If in doubt, ask us before you go further.",
        ],
      },
    ],
  } satisfies LegalDocument,
} as const;

/**
 * Search and social-card metadata of the page: the words a marketer tunes. The footer's "Security"
 * leads here; the title is the policy's own.
 */
export const securityMeta = linkedPageMeta("/security", {
  title: disclosurePolicy.document.title,
  description:
    "How to report a security vulnerability in Dialogic, what is in scope, and our commitment to researchers acting in good faith.",
  keywords: ["responsible disclosure", "vulnerability disclosure policy", "security"],
});
