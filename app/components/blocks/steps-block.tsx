import type { PageBlockOf } from "../../../domain/page-blocks";
import { NumberedSteps } from "../marketing/numbered-steps";
import { BlockSection, type BlockPlace } from "./block-section";

/** Numbered steps in a row with an optional link below (the home page's approach). */
export function StepsBlock({ block, place }: { block: PageBlockOf<"steps">; place: BlockPlace }) {
  return (
    <BlockSection place={place} eyebrow={block.eyebrow} title={block.title} lead={block.lead}>
      <NumberedSteps steps={block.items} link={block.link} />
    </BlockSection>
  );
}
