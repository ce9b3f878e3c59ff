/** The shape of a policy page (privacy, terms, responsible disclosure), written as data. */
export type ContactItem = "email" | "phone" | "address" | "securityEmail";

export type LegalBlock =
  | string
  | { list: readonly string[] }
  | { definitions: readonly { term: string; definition: string }[] }
  /** The company's contact details, read from the site configuration. */
  | { contact: readonly ContactItem[] }
  | { link: { label: string; to: string } };

export type LegalSection = {
  /** Anchor for the table of contents. */
  id: string;
  heading: string;
  blocks: readonly LegalBlock[];
};

export type LegalDocument = {
  title: string;
  /** Shown as "Effective date: …"; null when the page supplies it (the disclosure policy). */
  effectiveDate: string | null;
  intro: readonly string[];
  sections: readonly LegalSection[];
};

export const legalLabels = {
  effectiveDate: "Effective date:",
  contents: "On this page",
  email: "Email",
  phone: "Phone",
  address: "Postal address",
  securityEmail: "Security team",
} as const;
