import { escapeHtml } from "../../../domain/editor-content";
import { aboutCopy, aboutMeta } from "../../../domain/site-copy/about";
import { pageIcon, headerHero } from "./seed-blocks";
import { paragraphs } from "./seed-html";
import type { SeedPage } from "./seed-page";

/** /about: the title band, the mission, the principles, who we serve, the commitments, the call to action. */
export const aboutPage: SeedPage = {
  meta: aboutMeta,
  blocks: () => {
    const { header, mission, approach, audience, commitments, cta } = aboutCopy;
    return [
      headerHero(header),
      { id: "mission", type: "rich_text", hidden: false, eyebrow: mission.eyebrow, title: mission.title, html: paragraphs(mission.paragraphs) },
      {
        id: "approach",
        type: "feature_cards",
        hidden: false,
        eyebrow: approach.eyebrow,
        title: approach.title,
        lead: "",
        cards: approach.items.map((card) => ({ ...card, icon: pageIcon(card.icon) })),
      },
      {
        id: "audience",
        type: "feature_cards",
        hidden: false,
        eyebrow: audience.eyebrow,
        title: audience.title,
        lead: "",
        cards: audience.items.map((card) => ({ ...card })),
        footnote: audience.organizations,
      },
      {
        id: "commitments",
        type: "rich_text",
        hidden: false,
        eyebrow: commitments.eyebrow,
        title: commitments.title,
        // Each commitment, then the page that keeps it.
        html: `<ul>${commitments.items
          .map((item) => `<li>${escapeHtml(item.text)}<br><a href="${item.to}">${escapeHtml(item.linkLabel)}</a></li>`)
          .join("")}</ul>`,
      },
      { id: "cta", type: "cta", hidden: false, title: cta.title, body: cta.body, actions: [{ kind: "contact" }, { kind: "demo" }] },
    ];
  },
};
