import { describe, expect, test } from "vitest";
import { disclosurePolicy } from "../../domain/site-copy/disclosure-policy";
import { featuresCopy } from "../../domain/site-copy/features";
import { howItWorksCopy } from "../../domain/site-copy/how-it-works";
import { privacyPolicy } from "../../domain/site-copy/legal/privacy";
import { termsOfUse } from "../../domain/site-copy/legal/terms";
import type { LegalDocument } from "../../domain/site-copy/legal/types";
import { scienceCopy } from "../../domain/site-copy/science";
import { useCases } from "../../domain/site-copy/use-cases";
import { solutionsCopy } from "../../domain/site-copy/solutions";
import { supportCopy } from "../../domain/site-copy/support";

describe("the counts of the specification", () => {
  test("3 how-it-works steps, 6 feature cards, 9 FAQ entries, 4 Kirkpatrick levels", () => {
    expect(howItWorksCopy.steps.items.map((step) => step.title)).toEqual([
      "Upload your content",
      "AI creates the program",
      "Employees learn through conversation",
    ]);
    expect(featuresCopy.cards.items).toHaveLength(6);
    expect(supportCopy.faq.items).toHaveLength(9);
    expect(scienceCopy.kirkpatrick.levels.map((level) => level.name)).toEqual([
      "Reaction",
      "Learning",
      "Behavior",
      "Results",
    ]);
  });
});

describe("links between pages", () => {
  test("every use-case card points at a section of /solutions", () => {
    const sectionIds = solutionsCopy.sections.map((section) => section.id);
    expect(useCases.map((useCase) => useCase.id)).toEqual(sectionIds);
    expect(solutionsCopy.sections.map((section) => section.title)).toEqual(useCases.map((useCase) => useCase.title));
  });

  test.each([
    ["privacy", privacyPolicy],
    ["terms", termsOfUse],
    ["disclosure", disclosurePolicy.document],
  ] as [string, LegalDocument][])("the %s document's section anchors are unique", (_name, document) => {
    const ids = document.sections.map((section) => section.id);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe("the policies' constants", () => {
  test("privacy and terms are effective March 13, 2025; the disclosure policy takes the day's date", () => {
    expect(privacyPolicy.effectiveDate).toBe("March 13, 2025");
    expect(termsOfUse.effectiveDate).toBe("March 13, 2025");
    expect(disclosurePolicy.document.effectiveDate).toBeNull();
  });

  test("both policies end with the company's contact details from configuration", () => {
    const lastBlocks = (document: LegalDocument) => document.sections.at(-1)?.blocks ?? [];
    expect(lastBlocks(privacyPolicy)).toContainEqual({ contact: ["email", "address"] });
    expect(lastBlocks(termsOfUse)).toContainEqual({ contact: ["email", "phone", "address"] });
  });
});
