import { solutionsCopy, solutionsMeta } from "../../../domain/site-copy/solutions";
import { headerHero, pageIcon } from "./seed-blocks";
import type { SeedPage } from "./seed-page";

/** /solutions: the title band with links to each use case, a section per use case, more use cases, the call to action. */
export const solutionsPage: SeedPage = {
  meta: solutionsMeta,
  blocks: () => {
    const { header, jumpLabel, sampleLabel, speakers, sections, more, cta } = solutionsCopy;
    return [
      { ...headerHero(header), jump: { label: jumpLabel, links: sections.map((section) => ({ label: section.title, to: `#${section.id}` })) } },
      {
        id: "use-cases",
        type: "use_cases",
        hidden: false,
        eyebrow: "",
        title: "",
        lead: "",
        style: "sections",
        sample_label: sampleLabel,
        speaker_labels: { ...speakers },
        items: sections.map((section) => ({
          anchor: section.id,
          icon: pageIcon(section.icon),
          audience: section.audience,
          title: section.title,
          text: section.body,
          outcomes: [...section.outcomes],
          sample: section.sample.map((line) => ({ ...line })),
        })),
      },
      { id: "more-use-cases", type: "feature_cards", hidden: false, eyebrow: more.eyebrow, title: more.title, lead: more.lead, cards: more.items.map((card) => ({ ...card })) },
      { id: "cta", type: "cta", hidden: false, title: cta.title, body: cta.body, actions: [{ kind: "demo" }, { kind: "contact" }] },
    ];
  },
};
