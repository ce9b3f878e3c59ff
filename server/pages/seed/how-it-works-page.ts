import { howItWorksCopy, howItWorksMeta } from "../../../domain/site-copy/how-it-works";
import { commonCopy } from "../../../domain/site-copy/shared";
import type { PageIllustration } from "./seed-blocks";
import { headerHero } from "./seed-blocks";
import type { SeedPage } from "./seed-page";

const illustrations: Record<(typeof howItWorksCopy.steps.items)[number]["illustration"], PageIllustration> = {
  upload: "UploadIllustration",
  program: "ProgramIllustration",
  conversation: "ConversationIllustration",
};

/** /how-it-works: the title band, the step explorer, what changes, the call to action. */
export const howItWorksPage: SeedPage = {
  meta: howItWorksMeta,
  blocks: () => {
    const { header, steps, outcomes, cta } = howItWorksCopy;
    return [
      headerHero(header),
      {
        id: "steps",
        type: "step_explorer",
        hidden: false,
        title: steps.title,
        list_label: steps.listLabel,
        step_label: steps.stepLabel,
        steps: steps.items.map((step) => ({ ...step, points: [...step.points], illustration: illustrations[step.illustration] })),
      },
      { id: "outcomes", type: "feature_cards", hidden: false, eyebrow: outcomes.eyebrow, title: outcomes.title, lead: "", cards: outcomes.items.map((card) => ({ ...card })) },
      {
        id: "cta",
        type: "cta",
        hidden: false,
        title: cta.title,
        body: cta.body,
        actions: [{ kind: "demo" }, { kind: "link", label: commonCopy.exploreFeatures, to: "/features" }],
      },
    ];
  },
};
