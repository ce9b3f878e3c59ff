import { homeCopy, homeMeta } from "../../../domain/site-copy/home";
import { commonCopy } from "../../../domain/site-copy/shared";
import { pageIcon, siteUseCases } from "./seed-blocks";
import type { SeedPage } from "./seed-page";

/** The home page: the split hero, the problem and its figure, the approach, the use cases, the contact band. */
export const homePage: SeedPage = {
  title: "Home",
  meta: homeMeta,
  blocks: () => {
    const { hero, problem, approach, useCases, contact } = homeCopy;
    return [
      {
        id: "hero",
        type: "hero",
        hidden: false,
        style: "feature",
        eyebrow: hero.eyebrow,
        title: hero.title,
        lead: hero.lead,
        actions: [{ kind: "demo" }, { kind: "link", label: commonCopy.seeHowItWorks, to: "/how-it-works" }],
        highlights: [...hero.highlights],
        illustration: "HeroIllustration",
      },
      {
        id: "problem",
        type: "statistic",
        hidden: false,
        eyebrow: problem.eyebrow,
        title: problem.title,
        figure: problem.statistic,
        label: problem.statisticLabel,
        body: problem.body,
        illustration: "ForgettingCurveFigure",
        cards: problem.points.map((card) => ({ ...card, icon: pageIcon(card.icon) })),
      },
      {
        id: "approach",
        type: "steps",
        hidden: false,
        eyebrow: approach.eyebrow,
        title: approach.title,
        lead: approach.lead,
        items: approach.steps.map((step) => ({ ...step })),
        link: { label: commonCopy.seeHowItWorks, to: "/how-it-works" },
      },
      siteUseCases(useCases),
      {
        id: "contact",
        type: "cta",
        hidden: false,
        anchor: "contact",
        title: contact.title,
        body: contact.body,
        actions: [{ kind: "contact" }, { kind: "demo" }],
      },
    ];
  },
};
