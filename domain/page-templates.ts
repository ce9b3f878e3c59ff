import type { PageBlock } from "./page-blocks";

/**
 * Starting points for a new page (docs/decisions/224): blocks of the library filled with
 * placeholder text in square brackets that she replaces. Each template passes the block schema as
 * it is, so a page made from one can be saved at once; the editor gives every block a fresh id.
 */

export const PAGE_TEMPLATE_KEYS = ["blank", "webinar", "product_launch", "case_study", "comparison"] as const;
export type PageTemplateKey = (typeof PAGE_TEMPLATE_KEYS)[number];

/** A block of a template: a block without its id, which each new page draws afresh. */
type TemplateBlock = PageBlock extends infer B ? (B extends PageBlock ? Omit<B, "id"> : never) : never;

export type PageTemplate = { label: string; description: string; title: string; path: string; blocks: readonly TemplateBlock[] };

const header = (eyebrow: string, title: string, lead: string): TemplateBlock => ({
  type: "hero",
  hidden: false,
  style: "header",
  eyebrow,
  title,
  lead,
  actions: [{ kind: "demo" }],
  highlights: [],
});
const closing = (title: string, body: string): TemplateBlock => ({ type: "cta", hidden: false, title, body, actions: [{ kind: "demo" }, { kind: "contact" }] });
const questions = (items: { question: string; answer: string }[]): TemplateBlock => ({ type: "faq", hidden: false, title: "Questions", items });

export const PAGE_TEMPLATES: Record<PageTemplateKey, PageTemplate> = {
  blank: { label: "Blank page", description: "No blocks: start from the library.", title: "", path: "", blocks: [] },
  webinar: {
    label: "Webinar",
    description: "A title band, what attendees learn, the agenda, the speaker and a sign-up call to action.",
    title: "[Webinar title]",
    path: "/webinar",
    blocks: [
      header("[Date and time, time zone]", "[Webinar title]", "[One or two sentences on what attendees will take away.]"),
      {
        type: "feature_cards",
        hidden: false,
        eyebrow: "",
        title: "What you will learn",
        lead: "",
        cards: [
          { icon: "target", title: "[First takeaway]", text: "[A sentence on why it matters.]" },
          { icon: "chart", title: "[Second takeaway]", text: "[A sentence on why it matters.]" },
          { icon: "people", title: "[Third takeaway]", text: "[A sentence on why it matters.]" },
        ],
      },
      {
        type: "rich_text",
        hidden: false,
        title: "Agenda",
        html: "<ul><li>[Time]: [Welcome and introductions]</li><li>[Time]: [Main session]</li><li>[Time]: [Questions and answers]</li></ul>",
      },
      { type: "quote", hidden: false, text: "[A line from the speaker, or a past attendee, on the topic.]", name: "[Speaker's name]", role: "[Role]", company: "[Company]" },
      questions([{ question: "[Will there be a recording?]", answer: "<p>[Yes: everyone who signs up receives it after the session.]</p>" }]),
      closing("[Save your seat]", "[A sentence inviting people to sign up.]"),
    ],
  },
  product_launch: {
    label: "Product launch",
    description: "A feature hero, the new capabilities, how it works, a figure and a call to action.",
    title: "[Product or feature name]",
    path: "/launch",
    blocks: [
      header("New", "[Product or feature name]", "[What it does, for whom, in one sentence.]"),
      {
        type: "feature_cards",
        hidden: false,
        eyebrow: "",
        title: "What is new",
        lead: "",
        cards: [
          { icon: "sparkles", title: "[First capability]", text: "[What it lets a team do.]" },
          { icon: "adaptive", title: "[Second capability]", text: "[What it lets a team do.]" },
          { icon: "shield", title: "[Third capability]", text: "[What it lets a team do.]" },
        ],
      },
      {
        type: "steps",
        hidden: false,
        eyebrow: "",
        title: "How it works",
        lead: "",
        items: [
          { title: "[First step]", text: "[What happens.]" },
          { title: "[Second step]", text: "[What happens.]" },
          { title: "[Third step]", text: "[What happens.]" },
        ],
      },
      { type: "statistic", hidden: false, eyebrow: "", title: "", figure: "[40%]", label: "[What the figure measures]", body: "", cards: [] },
      closing("[See it in action]", "[A sentence inviting people to a demo.]"),
    ],
  },
  case_study: {
    label: "Case study",
    description: "A customer's story: the challenge, the solution, the results and their words.",
    title: "[Customer name] case study",
    path: "/customers/customer-name",
    blocks: [
      header("Case study", "[How Customer name achieved a result]", "[One sentence summing up the outcome.]"),
      { type: "rich_text", hidden: false, title: "The challenge", html: "<p>[What the customer needed, and why it was hard.]</p>" },
      { type: "rich_text", hidden: false, title: "The solution", html: "<p>[How they used the product.]</p><ul><li>[First part of the rollout]</li><li>[Second part]</li></ul>" },
      {
        type: "statistic",
        hidden: false,
        eyebrow: "The results",
        title: "",
        figure: "[3x]",
        label: "[What improved]",
        body: "",
        cards: [
          { title: "[Second result]", text: "[A sentence on it.]" },
          { title: "[Third result]", text: "[A sentence on it.]" },
        ],
      },
      { type: "quote", hidden: false, text: "[The customer's words about the change.]", name: "[Name]", role: "[Role]", company: "[Customer name]" },
      closing("[Get results like these]", "[A sentence inviting people to talk to the team.]"),
    ],
  },
  comparison: {
    label: "Comparison",
    description: "The product compared with another way, row by row, with questions and a call to action.",
    title: "[Product] compared with [alternative]",
    path: "/compare",
    blocks: [
      header("Compare", "[Product] compared with [alternative]", "[One sentence on the difference that matters most.]"),
      {
        type: "comparison",
        hidden: false,
        eyebrow: "",
        title: "Side by side",
        lead: "",
        row_label: "Feature",
        columns: ["[Product]", "[Alternative]"],
        rows: [
          { label: "[First feature]", question: "", values: ["[How the product does it]", "[How the alternative does it]"] },
          { label: "[Second feature]", question: "", values: ["[How the product does it]", "[How the alternative does it]"] },
          { label: "[Third feature]", question: "", values: ["[How the product does it]", "[How the alternative does it]"] },
        ],
        statement: "",
        statement_detail: "",
      },
      questions([{ question: "[Can we switch from the alternative?]", answer: "<p>[How moving over works.]</p>" }]),
      closing("[See the difference for yourself]", "[A sentence inviting people to a demo.]"),
    ],
  },
};
