import type { PageBlockOf } from "../../../domain/page-blocks";
import { Reveal } from "../layout/reveal";
import { CardList } from "../marketing/card-list";
import { Illustration } from "../marketing/illustration";
import { SectionHeading } from "../marketing/section-heading";
import { ActionLink } from "../ui/action-link";
import { blockGap, type BlockPlace } from "./block-section";

/** One large figure with its label, text, source and picture, then cards (the home page's problem). */
export function StatisticBlock({ block, place }: { block: PageBlockOf<"statistic">; place: BlockPlace }) {
  const headingId = `block-${place.id}-heading`;
  return (
    <Reveal aria-labelledby={block.title ? headingId : undefined} className={`mx-auto max-w-6xl px-4 sm:px-6 ${blockGap(place)}`}>
      <div className={`grid items-center gap-12${block.illustration ? " lg:grid-cols-2" : ""}`}>
        <div>
          {block.title ? <SectionHeading id={headingId} eyebrow={block.eyebrow || undefined} title={block.title} align="left" /> : null}
          <p className="mt-6 flex items-baseline gap-3">
            <span className="text-6xl font-extrabold tracking-tight text-indigo-700">{block.figure}</span>{" "}
            <span className="text-xl font-semibold text-slate-900">{block.label}</span>
          </p>
          {block.body ? <p className="mt-4 text-lg text-slate-600">{block.body}</p> : null}
          {block.source ? (
            <p className="mt-3 text-sm text-slate-600">
              <cite>{block.source.url ? <ActionLink to={block.source.url} className="underline hover:text-indigo-700">{block.source.label}</ActionLink> : block.source.label}</cite>
            </p>
          ) : null}
        </div>
        {block.illustration ? <Illustration name={block.illustration} /> : null}
      </div>
      {block.cards.length > 0 ? <CardList cards={block.cards} /> : null}
    </Reveal>
  );
}
