import type { PageBlockOf } from "../../../domain/page-blocks";
import { ComparisonList } from "../marketing/comparison-list";
import { BlockSection, type BlockPlace } from "./block-section";

/** Rows compared across columns, then a closing statement (the Kirkpatrick levels of /science). */
export function ComparisonBlock({ block, place }: { block: PageBlockOf<"comparison">; place: BlockPlace }) {
  return (
    <BlockSection place={place} eyebrow={block.eyebrow} title={block.title} lead={block.lead}>
      <ComparisonList
        rowLabel={block.row_label}
        columns={block.columns}
        rows={block.rows.map((row) => ({ label: row.label, question: row.question || undefined, values: row.values }))}
        statement={block.statement || undefined}
        statementDetail={block.statement_detail || undefined}
      />
    </BlockSection>
  );
}
