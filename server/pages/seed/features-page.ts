import { featuresCopy, featuresMeta } from "../../../domain/site-copy/features";
import { commonCopy } from "../../../domain/site-copy/shared";
import { headerHero, siteUseCases } from "./seed-blocks";
import type { SeedPage } from "./seed-page";

/** /features: the title band, the six feature cards, the use cases, the call to action. */
export const featuresPage: SeedPage = {
  meta: featuresMeta,
  blocks: () => {
    const { header, cards, useCases, cta } = featuresCopy;
    return [
      headerHero(header),
      {
        id: "features",
        type: "feature_cards",
        hidden: false,
        eyebrow: "",
        title: cards.title,
        title_hidden: true,
        lead: "",
        style: "featured",
        cards: cards.items.map((card) => ({ ...card, points: [...card.points] })),
      },
      siteUseCases(useCases),
      { id: "cta", type: "cta", hidden: false, title: cta.title, body: cta.body, actions: [{ kind: "demo" }, { kind: "link", label: commonCopy.seeHowItWorks, to: "/how-it-works" }] },
    ];
  },
};
