import { commonCopy } from "../../../domain/site-copy/shared";
import { useCases } from "../../../domain/site-copy/use-cases";
import { PAGE_ICONS, type PAGE_ILLUSTRATIONS, type PageBlockOf } from "../../../domain/page-blocks";

export type PageIllustration = (typeof PAGE_ILLUSTRATIONS)[number];
export type PageIcon = (typeof PAGE_ICONS)[number];

/** An icon of the copy as a block names it: one of the icons a page may use. */
export function pageIcon(name: string): PageIcon {
  if (!(PAGE_ICONS as readonly string[]).includes(name)) throw new Error(`Not an icon a page may name: ${name}`);
  return name as PageIcon;
}

/** A page's title band: eyebrow, title (the page's h1) and lead. */
export function headerHero(header: { eyebrow?: string; title: string; lead?: string }): PageBlockOf<"hero"> {
  return {
    id: "header",
    type: "hero",
    hidden: false,
    style: "header",
    eyebrow: header.eyebrow ?? "",
    title: header.title,
    lead: header.lead ?? "",
    actions: [],
    highlights: [],
  };
}

/** The site's four use cases, each a card linking to its section of /solutions (the home and features pages). */
export function siteUseCases(heading: { eyebrow: string; title: string; lead: string }): PageBlockOf<"use_cases"> {
  return {
    id: "use-cases",
    type: "use_cases",
    hidden: false,
    ...heading,
    items: useCases.map((useCase) => ({
      icon: pageIcon(useCase.icon),
      title: useCase.title,
      text: useCase.summary,
      link: { label: commonCopy.learnMore, to: `/solutions#${useCase.id}` },
    })),
  };
}
