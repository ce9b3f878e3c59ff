import type { PageBlockOf } from "../../../domain/page-blocks";
import { CardList } from "../marketing/card-list";
import { FeaturedCardGrid } from "../marketing/featured-card-grid";
import { Reveal } from "../layout/reveal";
import { Illustration } from "../marketing/illustration";
import { SectionHeading } from "../marketing/section-heading";
import { BlockSection, blockGap, type BlockPlace } from "./block-section";

/**
 * A heading over cards with an icon, a title and a text (the outcomes of /how-it-works, the
 * principles of /science, beside a picture), or the /features cards with their points ("featured"). A hidden title
 * names the section for screen readers only.
 */
export function FeatureCardsBlock({ block, place }: { block: PageBlockOf<"feature_cards">; place: BlockPlace }) {
  const featured = block.style === "featured";
  if (block.title && block.title_hidden) {
    const headingId = `block-${place.id}-heading`;
    return (
      <section aria-labelledby={headingId} className={`mx-auto ${place.first ? "" : "mt-24 "}max-w-6xl px-4 sm:px-6`}>
        <h2 id={headingId} className="sr-only">
          {block.title}
        </h2>
        {featured ? <FeaturedCardGrid cards={block.cards} /> : <Cards block={block} />}
      </section>
    );
  }
  if (block.title && block.illustration) {
    const headingId = `block-${place.id}-heading`;
    return (
      <Reveal aria-labelledby={headingId} className={`mx-auto max-w-6xl px-4 sm:px-6 ${blockGap(place)}`}>
        <div className="grid items-center gap-12 lg:grid-cols-2">
          <SectionHeading id={headingId} eyebrow={block.eyebrow || undefined} title={block.title} lead={block.lead || undefined} align="left" />
          <Illustration name={block.illustration} />
        </div>
        {featured ? <FeaturedCardGrid cards={block.cards} className="mt-12" /> : <Cards block={block} />}
      </Reveal>
    );
  }
  return (
    <BlockSection place={place} eyebrow={block.eyebrow} title={block.title} lead={block.lead}>
      {featured ? <FeaturedCardGrid cards={block.cards} className="mt-12" /> : <Cards block={block} />}
    </BlockSection>
  );
}

function Cards({ block }: { block: PageBlockOf<"feature_cards"> }) {
  return (
    <>
      <CardList cards={block.cards} columns={block.cards.length % 4 === 0 ? "2-4" : 3} />
      {block.footnote ? <p className="mx-auto mt-10 max-w-3xl text-center text-lg text-slate-600">{block.footnote}</p> : null}
    </>
  );
}
