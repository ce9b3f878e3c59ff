import { escapeHtml } from "../../../domain/editor-content";
import { supportCopy, supportMeta } from "../../../domain/site-copy/support";
import { headerHero } from "./seed-blocks";
import { paragraphs } from "./seed-html";
import type { SeedPage } from "./seed-page";

/** /support: the title band, then the FAQ with the support team's panel beside it. */
export const supportPage: SeedPage = {
  meta: supportMeta,
  blocks: () => {
    const { header, contact, faq } = supportCopy;
    return [
      headerHero(header),
      {
        id: "faq",
        type: "faq",
        hidden: false,
        title: faq.title,
        items: faq.items.map((item) => ({
          question: item.question,
          answer: paragraphs(item.answer) + ("link" in item && item.link ? `<p><a href="${item.link.to}">${escapeHtml(item.link.label)}</a></p>` : ""),
        })),
        contact: {
          title: contact.title,
          body: contact.body,
          email_label: contact.emailLabel,
          phone_label: contact.phoneLabel,
          links_title: contact.otherTitle,
          links: contact.links.map((link) => ({ ...link })),
        },
      },
    ];
  },
};
