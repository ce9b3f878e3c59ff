import type { PageBlockOf } from "../../../domain/page-blocks";
import { Reveal } from "../layout/reveal";
import { blockGap, type BlockPlace } from "./block-section";
import { BlockImage } from "./block-image";

/** A customer's words, with their name, role, company and photo. */
export function QuoteBlock({ block, place }: { block: PageBlockOf<"quote">; place: BlockPlace }) {
  const role = [block.role, block.company].filter(Boolean).join(", ");
  return (
    <Reveal className={`mx-auto max-w-3xl px-4 sm:px-6 ${blockGap(place)}`}>
      <figure className="rounded-3xl bg-indigo-50 px-6 py-10 text-center sm:px-12">
        <blockquote className="text-xl font-medium leading-relaxed whitespace-pre-line text-slate-900 sm:text-2xl">
          <p>{block.text}</p>
        </blockquote>
        <figcaption className="mt-8 flex items-center justify-center gap-4">
          {block.photo ? <BlockImage image={block.photo} sizes="3.5rem" className="h-14 w-14 rounded-full bg-white object-cover" /> : null}
          <span className="text-left">
            <span className="block font-semibold text-slate-900">{block.name}</span>
            {role ? <span className="block text-sm text-slate-600">{role}</span> : null}
          </span>
        </figcaption>
      </figure>
    </Reveal>
  );
}
