import { disclosurePolicy, securityMeta } from "../../../domain/site-copy/disclosure-policy";
import { privacyMeta, privacyPolicy } from "../../../domain/site-copy/legal/privacy";
import { termsMeta, termsOfUse } from "../../../domain/site-copy/legal/terms";
import type { LegalBlock, LegalDocument } from "../../../domain/site-copy/legal/types";
import { LEGAL_DATE_SERVED, type LegalPart, type PageBlockOf } from "../../../domain/page-blocks";
import { bulletList, paragraphs } from "./seed-html";
import type { SeedPage } from "./seed-page";

/** "March 13, 2025" as the block stores it: "2025-03-13". */
function isoDate(date: string): string {
  const parsed = new Date(`${date} UTC`);
  if (Number.isNaN(parsed.getTime())) throw new Error(`Not a date: ${date}`);
  return parsed.toISOString().slice(0, 10);
}

/** A section's parts in their order; runs of paragraphs and lists become one rich text. */
function legalParts(blocks: readonly LegalBlock[]): LegalPart[] {
  const parts: LegalPart[] = [];
  let html = "";
  const flush = () => {
    if (html) parts.push({ kind: "html", html });
    html = "";
  };
  for (const block of blocks) {
    if (typeof block === "string") html += paragraphs([block]);
    else if ("list" in block) html += bulletList(block.list);
    else {
      flush();
      if ("definitions" in block) parts.push({ kind: "definitions", items: block.definitions.map((item) => ({ ...item })) });
      else if ("contact" in block) parts.push({ kind: "contact", items: [...block.contact] });
      else parts.push({ kind: "button", label: block.link.label, to: block.link.to });
    }
  }
  flush();
  return parts;
}

/** A policy as one legal document block that opens its page. */
function legalDocumentBlock(document: LegalDocument, headerLinks: PageBlockOf<"legal_document">["header_links"] = []): PageBlockOf<"legal_document"> {
  return {
    id: "policy",
    type: "legal_document",
    hidden: false,
    title: document.title,
    effective_date: document.effectiveDate ? isoDate(document.effectiveDate) : LEGAL_DATE_SERVED,
    header_links: headerLinks,
    intro: paragraphs(document.intro),
    sections: document.sections.map((section) => {
      const [first, ...rest] = legalParts(section.blocks);
      // The section's own text is its leading paragraphs; the rest follows as parts.
      return first?.kind === "html"
        ? { id: section.id, heading: section.heading, html: first.html, parts: rest }
        : { id: section.id, heading: section.heading, html: "", parts: first ? [first, ...rest] : [] };
    }),
  };
}

export const privacyPage: SeedPage = { meta: privacyMeta, blocks: () => [legalDocumentBlock(privacyPolicy)] };
export const termsPage: SeedPage = { meta: termsMeta, blocks: () => [legalDocumentBlock(termsOfUse)] };
export const securityPage: SeedPage = {
  meta: securityMeta,
  blocks: () => [
    legalDocumentBlock(disclosurePolicy.document, [
      { label: disclosurePolicy.submitLabel, to: "/security/submit" },
      { label: disclosurePolicy.acknowledgmentsLabel, to: "/security/acknowledgments" },
      { label: disclosurePolicy.followReportLabel, to: "/security/case" },
    ]),
  ],
};
