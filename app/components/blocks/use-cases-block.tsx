import type { PageBlockOf } from "../../../domain/page-blocks";
import { SolutionSection } from "../marketing/solution-section";
import { UseCaseList } from "../marketing/use-case-section";
import { BlockSection, type BlockPlace } from "./block-section";

/**
 * Who the product is for: one card per audience (the use cases of the home and features pages),
 * or one section per use case with its outcomes and a sample exchange ("sections", /solutions).
 */
export function UseCasesBlock({ block, place }: { block: PageBlockOf<"use_cases">; place: BlockPlace }) {
  if (block.style === "sections") {
    const speakers = block.speaker_labels ?? { coach: "Coach", learner: "Learner" };
    return block.items.map((item, index) => (
      <SolutionSection
        key={`${index}-${item.title}`}
        headingId={`block-${place.id}-${index}-heading`}
        reversed={index % 2 === 1}
        sampleLabel={block.sample_label ?? ""}
        speakers={speakers}
        section={{ ...item, body: item.text, outcomes: item.outcomes ?? [], sample: item.sample ?? [] }}
      />
    ));
  }
  return (
    <BlockSection place={place} eyebrow={block.eyebrow} title={block.title} lead={block.lead}>
      <UseCaseList items={block.items.map((item, index) => ({ key: `${index}-${item.title}`, ...item }))} />
    </BlockSection>
  );
}
