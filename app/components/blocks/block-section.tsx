import { Reveal } from "../layout/reveal";
import { Section } from "../marketing/section-heading";

/** Where a block sits on its page: its id (for the heading's id) and whether it opens the page's content. */
export type BlockPlace = { id: string; first: boolean };

/**
 * A block's section: opened and named by its heading (eyebrow, h2, lead) when it has a title, as the
 * site's sections are; a plain revealed section when it has none.
 */
export function BlockSection({
  place,
  eyebrow,
  title,
  lead,
  narrow = false,
  children,
}: {
  place: BlockPlace;
  eyebrow?: string;
  title?: string;
  lead?: string;
  narrow?: boolean;
  children: React.ReactNode;
}) {
  if (title) {
    return (
      <Section name={`block-${place.id}`} first={place.first} narrow={narrow} eyebrow={eyebrow || undefined} title={title} lead={lead || undefined}>
        {children}
      </Section>
    );
  }
  return <Reveal className={`mx-auto ${place.first ? "" : "mt-24 "}${narrow ? "max-w-3xl" : "max-w-6xl"} px-4 sm:px-6`}>{children}</Reveal>;
}

/** The gap above a block that is not the first of the page's content. */
export function blockGap(place: BlockPlace): string {
  return place.first ? "" : "mt-24";
}
