import type { PageBlockOf } from "../../../domain/page-blocks";
import { BlockSection, type BlockPlace } from "./block-section";

/**
 * Rich text in the articles' prose style (app/styles/article.css). The HTML is shown as stored: the
 * server cleaned it with the article allowlist when the page was saved (server/pages).
 */
export function RichTextBlock({ block, place }: { block: PageBlockOf<"rich_text">; place: BlockPlace }) {
  return (
    <BlockSection place={place} eyebrow={block.eyebrow} title={block.title} narrow>
      <div className={`article-body${block.title ? " mt-8" : ""}`} dangerouslySetInnerHTML={{ __html: block.html }} />
    </BlockSection>
  );
}
