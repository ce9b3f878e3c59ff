import type { PageBlockOf } from "../../../domain/page-blocks";
import { Reveal } from "../layout/reveal";
// Not split: its questions must answer the keyboard from the first paint (a split component's
// markup is replaced when its code arrives, taking the focus with it), and it is small.
import { FaqAccordion } from "../marketing/faq-accordion";
import { BlockSection, blockGap, type BlockPlace } from "./block-section";
import { splitComponent } from "./split-component";

const SupportContactPanel = splitComponent(() => import("../marketing/support-contact-panel").then((module) => module.SupportContactPanel));

/**
 * Questions that open one at a time (the FAQ of /support), their answers rich text cleaned on
 * save; with the support team's panel beside them when the block has one.
 */
/** Links in the answers, as the site's own FAQ shows them. */
const answerLinks = "[&_a]:font-semibold [&_a]:text-indigo-700 [&_a:hover]:text-indigo-800 [&_a:hover]:underline";

export function FaqBlock({ block, place }: { block: PageBlockOf<"faq">; place: BlockPlace }) {
  const accordion = <FaqAccordion name={`faq-${place.id}`} items={block.items.map((item) => ({ question: item.question, answerHtml: item.answer }))} />;
  if (block.contact) {
    const headingId = `block-${place.id}-heading`;
    const { title, body, email_label, phone_label, links_title, links } = block.contact;
    return (
      <div className={`mx-auto grid max-w-6xl gap-12 px-4 sm:px-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)] ${blockGap(place)}`}>
        <SupportContactPanel
          headingId={`block-${place.id}-contact-heading`}
          contact={{ title, body, emailLabel: email_label, phoneLabel: phone_label, linksTitle: links_title || undefined, links }}
        />
        <Reveal aria-labelledby={block.title ? headingId : undefined}>
          {block.title ? (
            <h2 id={headingId} className="text-3xl font-bold tracking-tight text-slate-900">
              {block.title}
            </h2>
          ) : null}
          <div className={`${block.title ? "mt-8 " : ""}${answerLinks}`}>{accordion}</div>
        </Reveal>
      </div>
    );
  }
  return (
    <BlockSection place={place} title={block.title} narrow>
      <div className={`${block.title ? "mt-8 " : ""}${answerLinks}`}>{accordion}</div>
    </BlockSection>
  );
}
