import type { PageBlockOf } from "../../../domain/page-blocks";
import { loadDrawings } from "../marketing/illustration";
import { BlockSection, type BlockPlace } from "./block-section";
import { splitComponent } from "./split-component";

// The drawings come with the explorer's code: it replaces the server's markup, its pictures included.
const StepExplorer = splitComponent(() =>
  Promise.all([import("../marketing/step-explorer"), loadDrawings()]).then(([module]) => module.StepExplorer),
);

/** Steps chosen from a list on wide screens and opened one by one on phones (the steps of /how-it-works). */
export function StepExplorerBlock({ block, place }: { block: PageBlockOf<"step_explorer">; place: BlockPlace }) {
  return (
    <BlockSection place={place} title={block.title}>
      <StepExplorer steps={block.steps} listLabel={block.list_label} stepLabel={block.step_label} />
    </BlockSection>
  );
}
