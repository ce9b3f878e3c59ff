import { useContext } from "react";
import { assertNever } from "../../../domain/exhaustive";
import type { PublicPostSummary } from "../../../domain/blog-post";
import type { ResponsiveImage } from "../../../domain/media";
import type { PageBlock } from "../../../domain/page-blocks";
import { BlockImagesContext } from "./block-image";
import type { BlockPlace } from "./block-section";
import { splitComponent } from "./split-component";
import { ContactFormBlock } from "./contact-form-block";
import { FormBlock } from "./form-block";
import { FormBlocksContext } from "./form-block-state";
import type { PublicForm } from "../../../domain/form-entries";
import { CtaBlock } from "./cta-block";
import { FaqBlock } from "./faq-block";
import { FeatureCardsBlock } from "./feature-cards-block";
import { HeroBlock } from "./hero-block";
import { LatestPostsBlock } from "./latest-posts-block";
import { RichTextBlock } from "./rich-text-block";
// The home page's: not split, so that its chart is replaced once when its code arrives, as on
// every page with an illustration, not twice (a split block, then the split drawing inside it).
import { StatisticBlock } from "./statistic-block";
import { StepExplorerBlock } from "./step-explorer-block";
import { StepsBlock } from "./steps-block";

// The rarer blocks: their code comes as one piece, where one is shown.
const lazyBlocks = () => import("./lazy-blocks");
const UseCasesBlock = splitComponent(() => lazyBlocks().then((module) => module.UseCasesBlock));
const ComparisonBlock = splitComponent(() => lazyBlocks().then((module) => module.ComparisonBlock));
const QuoteBlock = splitComponent(() => lazyBlocks().then((module) => module.QuoteBlock));
const LogoStripBlock = splitComponent(() => lazyBlocks().then((module) => module.LogoStripBlock));
const ImageBlock = splitComponent(() => lazyBlocks().then((module) => module.ImageBlock));
const LegalDocumentBlock = splitComponent(() => lazyBlocks().then((module) => module.LegalDocumentBlock));

/**
 * An edited page's blocks in their order, hidden ones left out: the public page, its preview and
 * the editor's live preview.
 *
 * - `posts`: the posts each "latest posts" block shows, by block id (the route's loader reads
 *   them); a block without an entry shows nothing.
 * - `images`: the size and `srcset` of the uploaded images the blocks name, by address; without
 *   an entry an image is shown as it is.
 * - `forms`: the forms the "form" blocks name, by id; a block whose form is missing shows nothing.
 *
 * A hero's title is the page's h1; the block after a hero sits right under it. Beyond the common
 * blocks (hero, rich text, cards, steps, call to action), a block's code loads only on the pages
 * that show it (./split-component.tsx, ./lazy-blocks.ts).
 */
export function PageBlocks({
  blocks,
  posts = {},
  images = {},
  forms,
}: {
  blocks: readonly PageBlock[];
  posts?: Readonly<Record<string, readonly PublicPostSummary[]>>;
  images?: Readonly<Record<string, ResponsiveImage>>;
  forms?: Readonly<Record<string, PublicForm>>;
}) {
  const shown = blocks.filter((block) => !block.hidden);
  const content = (
    <BlockImagesContext.Provider value={images}>
      {shown.map((block, index) => {
        const previous = shown[index - 1];
        const place: BlockPlace = { id: block.id, first: previous === undefined || previous.type === "hero" };
        return <Block key={block.id} block={block} place={place} posts={posts[block.id] ?? []} />;
      })}
    </BlockImagesContext.Provider>
  );
  return forms ? <FormsOfPage forms={forms}>{content}</FormsOfPage> : content;
}

/** The page's forms for its form blocks, beside what a post without JavaScript was answered (a route may give it). */
function FormsOfPage({ forms, children }: { forms: Readonly<Record<string, PublicForm>>; children: React.ReactNode }) {
  const { posted } = useContext(FormBlocksContext);
  return <FormBlocksContext.Provider value={{ forms, posted }}>{children}</FormBlocksContext.Provider>;
}

function Block({ block, place, posts }: { block: PageBlock; place: BlockPlace; posts: readonly PublicPostSummary[] }) {
  switch (block.type) {
    case "hero":
      return <HeroBlock block={block} />;
    case "rich_text":
      return <RichTextBlock block={block} place={place} />;
    case "feature_cards":
      return <FeatureCardsBlock block={block} place={place} />;
    case "steps":
      return <StepsBlock block={block} place={place} />;
    case "statistic":
      return <StatisticBlock block={block} place={place} />;
    case "use_cases":
      return <UseCasesBlock block={block} place={place} />;
    case "comparison":
      return <ComparisonBlock block={block} place={place} />;
    case "quote":
      return <QuoteBlock block={block} place={place} />;
    case "logo_strip":
      return <LogoStripBlock block={block} place={place} />;
    case "image":
      return <ImageBlock block={block} place={place} />;
    case "cta":
      return <CtaBlock block={block} />;
    case "latest_posts":
      return <LatestPostsBlock block={block} place={place} posts={posts} />;
    case "legal_document":
      return <LegalDocumentBlock block={block} place={place} />;
    case "faq":
      return <FaqBlock block={block} place={place} />;
    case "step_explorer":
      return <StepExplorerBlock block={block} place={place} />;
    case "contact_form":
      return <ContactFormBlock block={block} place={place} />;
    case "form":
      return <FormBlock block={block} place={place} />;
    default:
      return assertNever(block, "block type");
  }
}
