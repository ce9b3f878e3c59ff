import { scienceCopy, scienceMeta } from "../../../domain/site-copy/science";
import { commonCopy } from "../../../domain/site-copy/shared";
import { headerHero } from "./seed-blocks";
import type { SeedPage } from "./seed-page";

/** /science: the title band, the learning science beside the forgetting curve, the Kirkpatrick comparison, the call to action. */
export const sciencePage: SeedPage = {
  meta: scienceMeta,
  blocks: () => {
    const { header, learningScience, kirkpatrick, cta } = scienceCopy;
    return [
      headerHero(header),
      {
        id: "learning-science",
        type: "feature_cards",
        hidden: false,
        eyebrow: learningScience.eyebrow,
        title: learningScience.title,
        lead: learningScience.lead,
        illustration: "ForgettingCurveFigure",
        cards: learningScience.principles.map((card) => ({ ...card })),
      },
      {
        id: "kirkpatrick",
        type: "comparison",
        hidden: false,
        eyebrow: kirkpatrick.eyebrow,
        title: kirkpatrick.title,
        lead: kirkpatrick.lead,
        row_label: kirkpatrick.levelLabel,
        columns: [kirkpatrick.traditionalLabel, kirkpatrick.withDialogicLabel],
        rows: kirkpatrick.levels.map((level) => ({ label: level.name, question: level.question, values: [level.traditional, level.withDialogic] })),
        statement: kirkpatrick.statement,
        statement_detail: kirkpatrick.statementDetail,
      },
      { id: "cta", type: "cta", hidden: false, title: cta.title, body: cta.body, actions: [{ kind: "demo" }, { kind: "link", label: commonCopy.seeHowItWorks, to: "/how-it-works" }] },
    ];
  },
};
