/**
 * The vulnerability report's fields, choices, limits and messages: what the form needs to show
 * itself, without the validation library (docs/decisions/074). The schema that checks a report is
 * in domain/vulnerability-report.ts, which re-exports all of this.
 */
import { tooLongMessage } from "./text-length";

/** Enumerations of the specification (section 3), in the order the form offers them. */
export const VRT_CATEGORIES = [
  "Server Security Misconfiguration",
  "Insecure Data Storage",
  "Insufficient Authentication/Authorization",
  "Input Validation",
  "Cryptography",
  "Business Logic",
  "Sensitive Data Exposure",
  "Other",
] as const;

/** Only 'other' is offered (section 3). */
export const VRT_SUBCATEGORIES = ["other"] as const;

export const WEAKNESS_TYPES = ["Design", "Implementation", "Configuration", "Other"] as const;

export const SEVERITIES = ["Critical", "High", "Medium", "Low", "Informational"] as const;

/**
 * Human-readable references such as 'VR-2026-7K3F9Q': the year received and six characters of
 * Crockford's base32 (no I, L, O or U, so they read back unambiguously over the phone).
 */
export const REPORT_REFERENCE_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
export const REPORT_REFERENCE_PATTERN = /^VR-\d{4}-[0-9A-HJKMNP-TV-Z]{6}$/;

/** Server-side caps on every text field, generous for long technical write-ups. */
export const REPORT_LIMITS = {
  reporter_name: 200,
  reporter_email: 254,
  company: 200,
  asset_affected: 500,
  vulnerability_title: 300,
  description: 50_000,
  description_min: 50,
  reproduction_steps: 50_000,
  impact: 20_000,
} as const;

/** The messages of the specification (sections 5 and 8), defined once. */
const submittedDescription = "Thank you for your security report. We'll review it and get back to you soon.";

/** The specification's promise in the success toast, which the acknowledgement email repeats word for word. */
export const REVIEW_PROMISE = submittedDescription.slice(submittedDescription.indexOf("We'll"));

export const reportMessages = {
  nameRequired: "Name is required",
  emailInvalid: "Valid email is required",
  assetRequired: "Asset affected is required",
  titleRequired: "Vulnerability title is required",
  categoryRequired: "VRT Category is required",
  subcategoryRequired: "VRT Subcategory is required",
  weaknessRequired: "Weakness type is required",
  severityRequired: "Severity is required",
  descriptionTooShort: "Description must be at least 50 characters",
  stepsRequired: "Reproduction steps are required",
  impactRequired: "Impact description is required",
  choiceInvalid: "Choose one of the listed options",
  tooLong: tooLongMessage,
  submittedTitle: "Report Submitted Successfully",
  submittedDescription,
  failedTitle: "Submission Failed",
  failedDescription: "There was an error submitting your report. Please try again.",
  rateLimited: "Too many reports were sent from your network. Please try again in an hour.",
  multipartRequired: "Send the report as multipart/form-data.",
  unreadableBody: "The report could not be read. Please try again.",
  fieldInvalid: "The report has errors. Please correct the highlighted fields.",
  statusInvalid: "Choose one of the listed statuses",
  notFound: "Report not found",
  attachmentNotFound: "Attachment not found",
} as const;


/** The field names, in the order of the form and of the specification (section 5). */
const FIELD_NAMES = [
  "reporter_name",
  "reporter_email",
  "company",
  "asset_affected",
  "vulnerability_title",
  "vrt_category",
  "vrt_subcategory",
  "weakness_type",
  "severity",
  "description",
  "reproduction_steps",
  "impact",
] as const;
export type ReportField = (typeof FIELD_NAMES)[number];
export const REPORT_FIELDS: ReportField[] = [...FIELD_NAMES];

/** An empty form. */
export const EMPTY_REPORT: Record<ReportField, string> = Object.fromEntries(
  REPORT_FIELDS.map((field) => [field, ""]),
) as Record<ReportField, string>;
