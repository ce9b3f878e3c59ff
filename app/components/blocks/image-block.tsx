import type { PageBlockOf } from "../../../domain/page-blocks";
import { Reveal } from "../layout/reveal";
import { blockGap, type BlockPlace } from "./block-section";
import { BlockImage } from "./block-image";

/** A picture with its alt text and an optional caption. */
export function ImageBlock({ block, place }: { block: PageBlockOf<"image">; place: BlockPlace }) {
  return (
    <Reveal className={`mx-auto max-w-4xl px-4 sm:px-6 ${blockGap(place)}`}>
      <figure>
        <BlockImage image={block.image} sizes="(min-width: 56rem) 56rem, 100vw" className="h-auto w-full rounded-2xl" />
        {block.caption ? <figcaption className="mt-3 text-center text-sm text-slate-600">{block.caption}</figcaption> : null}
      </figure>
    </Reveal>
  );
}
