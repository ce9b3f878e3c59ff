import type { PageBlockOf } from "../../../domain/page-blocks";
import { Reveal } from "../layout/reveal";
import { ActionLink } from "../ui/action-link";
import { blockGap, type BlockPlace } from "./block-section";
import { BlockImage } from "./block-image";

/** Customer or partner logos in a row; a linked logo's alt text names its link. */
export function LogoStripBlock({ block, place }: { block: PageBlockOf<"logo_strip">; place: BlockPlace }) {
  const headingId = `block-${place.id}-heading`;
  return (
    <Reveal aria-labelledby={block.title ? headingId : undefined} className={`mx-auto max-w-6xl px-4 sm:px-6 ${blockGap(place)}`}>
      {block.title ? (
        <h2 id={headingId} className="text-center text-sm font-semibold tracking-wide text-slate-700 uppercase">
          {block.title}
        </h2>
      ) : null}
      <ul className="mt-8 flex flex-wrap items-center justify-center gap-x-12 gap-y-8">
        {block.logos.map((logo, index) => {
          const image = <BlockImage image={logo.image} sizes="10rem" className="h-10 w-auto max-w-40 object-contain" />;
          return (
            <li key={index}>
              {logo.url ? (
                <ActionLink to={logo.url} className="block rounded hover:opacity-80">
                  {image}
                </ActionLink>
              ) : (
                image
              )}
            </li>
          );
        })}
      </ul>
    </Reveal>
  );
}
