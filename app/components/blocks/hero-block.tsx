import type { PageBlockOf } from "../../../domain/page-blocks";
import { CallToActionButton } from "../marketing/call-to-action";
import { Illustration } from "../marketing/illustration";
import { SplitHero } from "../marketing/split-hero";
import { buttonStyles } from "../ui/button-styles";
import { PageHeader } from "../ui/page-header";
import { toCallToActionLink } from "./block-actions";
import { BlockImage } from "./block-image";

type HeroBlockData = PageBlockOf<"hero">;

/** The page's title band, its title the page's h1: the home page's split hero ("feature") or a page header. */
export function HeroBlock({ block }: { block: HeroBlockData }) {
  if (block.style === "feature") return <FeatureHero block={block} />;
  return (
    <PageHeader eyebrow={block.eyebrow || undefined} title={block.title} lead={block.lead || undefined}>
      {block.actions.length > 0 ? (
        <div className="mt-8 flex flex-col items-center justify-center gap-4 sm:flex-row">
          <HeroActions block={block} />
        </div>
      ) : null}
      {block.jump ? (
        <nav aria-label={block.jump.label} className="mt-8">
          <ul className="flex flex-wrap justify-center gap-3">
            {block.jump.links.map((link) => (
              <li key={link.to}>
                <a
                  href={link.to}
                  className="inline-flex rounded-full border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-700 hover:border-indigo-700 hover:text-indigo-700"
                >
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </PageHeader>
  );
}

function FeatureHero({ block }: { block: HeroBlockData }) {
  return (
    <SplitHero
      eyebrow={block.eyebrow || undefined}
      title={block.title}
      lead={block.lead || undefined}
      actions={block.actions.length > 0 ? <HeroActions block={block} /> : undefined}
      highlights={block.highlights}
      picture={
        block.image ? (
          <BlockImage image={block.image} sizes="(min-width: 768px) 36rem, 100vw" className="mx-auto h-auto w-full max-w-xl rounded-2xl" />
        ) : block.illustration ? (
          <Illustration name={block.illustration} className="mx-auto h-auto w-full max-w-xl" />
        ) : undefined
      }
    />
  );
}

/** The first action filled, the others outlined, as on the home page. */
function HeroActions({ block }: { block: HeroBlockData }) {
  return block.actions.map((action, index) => (
    <CallToActionButton key={index} action={toCallToActionLink(action)} className={index === 0 ? buttonStyles.primary : buttonStyles.secondary} />
  ));
}
