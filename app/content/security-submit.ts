import type { ReportField } from "../../domain/vulnerability-report";
import { SUBMIT_REPORT } from "./security-submit-title";
import type { PageMetaInput } from "../lib/meta";

/** Copy of /security/submit (specification, section 2). Messages live in domain/. */
export const securitySubmitCopy = {
  title: SUBMIT_REPORT,
  intro:
    "Found a security issue in one of our systems? Tell us about it here. Every report goes straight to our security team, and you get a reference number the moment it is received.",
  guidelines: {
    title: "Important Guidelines",
    policyLinkText: "Responsible Disclosure Policy",
    /** The first guideline wraps the policy link: before, link, after. */
    reviewPolicy: ["Review our ", " before submitting a report."] as const,
    items: [
      "Only test systems you own or are explicitly authorized to test.",
      "Do not access, modify, or delete data that does not belong to you.",
      "Provide clear steps to reproduce the issue, and avoid automated scanning.",
    ],
  },
  sections: {
    reporter: "Reporter Information",
    details: "Vulnerability Details",
    attachments: "Attachments",
  },
  requiredNote: "Fields marked * are required.",
  errorSummary: {
    title: (count: number) =>
      count === 1 ? "1 field needs your attention" : `${count} fields need your attention`,
    /** One line per problem, naming the field; the field's own message sits next to it. */
    item: (label: string, reason: string) => `${label} (${reason})`,
    missing: "missing",
    invalidEmail: "not a valid address",
    tooShort: (length: number, min: number) => `${length} of ${min} characters`,
    other: "check this field",
  },
  /** The live counter under the description: the minimum until it is reached, then the count alone. */
  characterCount: (length: number, min: number) => (length < min ? `${length} / ${min} characters minimum` : `${length} characters`),
  submit: SUBMIT_REPORT,
  submitting: "Submitting...",
  uploadProgress: "Upload progress",
  uploading: (percent: number) => `Uploading... ${percent}%`,

} as const;

export type FieldCopy = {
  label: string;
  placeholder?: string;
  /** A hint shown under the field. */
  hint?: string;
  /** The first, empty option of a select. */
  choose?: string;
};

export const reportFieldCopy: Record<ReportField, FieldCopy> = {
  reporter_name: { label: "Full Name", placeholder: "Jane Doe" },
  reporter_email: { label: "Email Address", placeholder: "you@example.com" },
  company: { label: "Company (Optional)", placeholder: "Your organization" },
  asset_affected: {
    label: "Asset Affected",
    placeholder: "e.g. app.example.com/settings",
  },
  vulnerability_title: {
    label: "Vulnerability Title",
    placeholder: "A short summary of the vulnerability",
  },
  vrt_category: { label: "VRT Category", choose: "Select a category" },
  vrt_subcategory: { label: "VRT Subcategory", choose: "Select a subcategory" },
  weakness_type: { label: "Weakness Type", choose: "Select a weakness type" },
  severity: { label: "Severity", choose: "Select a severity" },
  description: {
    label: "Detailed Description",
    placeholder: "What is it, where is it, how did you find it?",
  },
  reproduction_steps: {
    label: "Steps to Reproduce",
    placeholder: "1. Go to ...\n2. Send ...\n3. Observe ...",
  },
  impact: {
    label: "Impact",
    placeholder: "What could an attacker achieve by exploiting it?",
  },
};

/** How the options of the selects read; the values sent are the enumerations themselves. */
export { OPTION_LABELS as optionLabels } from "../../domain/option-labels";

export const attachmentPickerCopy = {
  dropHere: "Drag and drop files here",
  /** Instead of the drag-and-drop line where touch is the input. */
  chooseOnTouch: "Choose files from your device",
  choose: "Choose files",
  chosenFiles: "Chosen files",
  removeLabel: "Remove",
  remove: (name: string) => `Remove ${name}`,
  refusedTitle: "Some files were not added:",
  checking: "Checking files...",
} as const;

/** Search and social-card metadata of the page: the words a marketer tunes. */
export const securitySubmitMeta = {
  title: SUBMIT_REPORT,
  description: "Report a security vulnerability in Dialogic to our security team.",
  path: "/security/submit",
  keywords: ["report vulnerability", "security report"],
} satisfies PageMetaInput;
