import { LEGAL_CONTACT_ITEMS, PAGE_BLOCK_LIMITS, PAGE_ICONS, PAGE_ILLUSTRATIONS, type PageBlockType } from "../../../../domain/page-blocks";
import { actionKindLabels, blockFieldLabels, legalPartKindLabels, type BlockFieldLabel } from "../../../content/admin-pages";

/**
 * The form of each block type as data: one generic form (block-fields.tsx) draws them all. A
 * field's `name` is its key in the block, so a problem's path from parsePageBlocks
 * ("items.0.question") finds the input it belongs to.
 */
/** `when`: the field is shown (and kept) only while its parent's values say so, as a link's address only for a link. */
type Named = { name: string; label: BlockFieldLabel; when?: (parent: Value) => boolean };
type Value = Record<string, unknown>;

export type BlockField =
  | (Named & { kind: "line" | "text" | "html" | "date" | "checkbox" })
  /** A form built under Forms, chosen from their list (its id is stored). */
  | (Named & { kind: "form" })
  /** An image's address, typed or chosen from the media library; the focus then goes to the sibling field `next` (its alt text). */
  | (Named & { kind: "media"; next: string })
  | (Named & { kind: "number"; min: number; max: number })
  | (Named & { kind: "select"; options: readonly string[]; optional?: boolean; optionLabels?: Record<string, string> })
  | (Named & { kind: "strings"; itemLabel: BlockFieldLabel; max: number; min?: number })
  /** An object that may be left out (an image, a link, a source): added and removed as a whole. */
  | (Named & { kind: "group"; fields: BlockField[]; empty: () => Value; optional: boolean })
  | (Named & { kind: "items"; itemLabel: BlockFieldLabel; fields: BlockField[]; empty: () => Value; max: number; min?: number });

const ITEMS = PAGE_BLOCK_LIMITS.itemsPerBlock;
const line = (name: string, label: BlockFieldLabel = name as BlockFieldLabel): BlockField => ({ kind: "line", name, label });
const text = (name: string, label: BlockFieldLabel = name as BlockFieldLabel): BlockField => ({ kind: "text", name, label });
const html = (name: string, label: BlockFieldLabel = "html"): BlockField => ({ kind: "html", name, label });
const icon: BlockField = { kind: "select", name: "icon", label: "icon", options: PAGE_ICONS, optional: true };
const illustration: BlockField = { kind: "select", name: "illustration", label: "illustration", options: PAGE_ILLUSTRATIONS, optional: true };
const heading = [line("eyebrow"), line("title"), text("lead")];

const emptyImage = () => ({ src: "", alt: "", decorative: false });
const imageFields: BlockField[] = [{ kind: "media", name: "src", label: "src", next: "alt" }, line("alt"), { kind: "checkbox", name: "decorative", label: "decorative" }];
const image = (name = "image", label: BlockFieldLabel = "image", optional = true): BlockField => ({ kind: "group", name, label, fields: imageFields, empty: emptyImage, optional });
const link: BlockField = { kind: "group", name: "link", label: "link", fields: [line("label"), line("to")], empty: () => ({ label: "", to: "" }), optional: true };
const isLink = (action: Value) => action.kind === "link";
const actions = (max: number, min = 0): BlockField => ({
  kind: "items",
  name: "actions",
  label: "actions",
  itemLabel: "action",
  max,
  min,
  empty: () => ({ kind: "demo" }),
  fields: [
    { kind: "select", name: "kind", label: "kind", options: ["link", "demo", "contact"], optionLabels: actionKindLabels },
    { kind: "line", name: "label", label: "label", when: isLink },
    { kind: "line", name: "to", label: "to", when: isLink },
  ],
});
const cardFields = [icon, line("title"), text("text")];
const emptyCard = () => ({ title: "", text: "" });
const points: BlockField = { kind: "strings", name: "points", label: "points", itemLabel: "point", max: 8 };
const checkbox = (name: string, label: BlockFieldLabel): BlockField => ({ kind: "checkbox", name, label });
const anchor: BlockField = line("anchor");
/** Links of their own (a label and an address each), as a list. */
const links = (name: string, label: BlockFieldLabel, max: number): BlockField => ({
  kind: "items",
  name,
  label,
  itemLabel: "link",
  fields: [line("label"), line("to")],
  empty: () => ({ label: "", to: "" }),
  max,
});
const isPart = (kind: string) => (part: Value) => part.kind === kind;
/** What follows a legal section's text: more text, terms and their definitions, a button, the company's contact details. */
const legalParts: BlockField = {
  kind: "items",
  name: "parts",
  label: "parts",
  itemLabel: "part",
  max: ITEMS,
  empty: () => ({ kind: "html", html: "" }),
  fields: [
    { kind: "select", name: "kind", label: "partKind", options: ["html", "definitions", "button", "contact"], optionLabels: legalPartKindLabels },
    { ...html("html"), when: isPart("html") },
    {
      kind: "items",
      name: "items",
      label: "definitions",
      itemLabel: "definition",
      fields: [line("term"), text("definition")],
      empty: () => ({ term: "", definition: "" }),
      max: ITEMS,
      when: isPart("definitions"),
    },
    { ...line("label"), when: isPart("button") },
    { ...line("to"), when: isPart("button") },
    { kind: "strings", name: "items", label: "contactItems", itemLabel: "contactItem", max: LEGAL_CONTACT_ITEMS.length, when: isPart("contact") },
  ],
};

export const BLOCK_FIELDS: Record<PageBlockType, BlockField[]> = {
  hero: [
    { kind: "select", name: "style", label: "style", options: ["header", "feature"] },
    ...heading,
    actions(3),
    { kind: "strings", name: "highlights", label: "highlights", itemLabel: "highlight", max: 6 },
    illustration,
    image(),
    {
      kind: "group",
      name: "jump",
      label: "jump",
      fields: [line("label", "jumpLabel"), links("links", "links", ITEMS)],
      empty: () => ({ label: "", links: [] }),
      optional: true,
    },
  ],
  rich_text: [line("eyebrow"), line("title"), html("html")],
  feature_cards: [
    { kind: "select", name: "style", label: "style", options: ["plain", "featured"], optional: true },
    ...heading,
    checkbox("title_hidden", "titleHidden"),
    illustration,
    { kind: "items", name: "cards", label: "cards", itemLabel: "card", fields: [...cardFields, points], empty: emptyCard, max: ITEMS, min: 1 },
    text("footnote"),
  ],
  steps: [...heading, { kind: "items", name: "items", label: "steps", itemLabel: "step", fields: [line("title"), text("text")], empty: emptyCard, max: ITEMS, min: 1 }, link],
  statistic: [
    line("eyebrow"),
    line("title"),
    line("figure"),
    line("label"),
    text("body"),
    { kind: "group", name: "source", label: "source", fields: [line("label"), line("url")], empty: () => ({ label: "" }), optional: true },
    illustration,
    { kind: "items", name: "cards", label: "cards", itemLabel: "card", fields: cardFields, empty: emptyCard, max: ITEMS },
  ],
  use_cases: [
    { kind: "select", name: "style", label: "style", options: ["cards", "sections"], optional: true },
    ...heading,
    line("sample_label", "sampleLabel"),
    { kind: "group", name: "speaker_labels", label: "speakerLabels", fields: [line("coach"), line("learner")], empty: () => ({ coach: "", learner: "" }), optional: true },
    {
      kind: "items",
      name: "items",
      label: "items",
      itemLabel: "useCase",
      fields: [
        ...cardFields,
        link,
        anchor,
        line("audience"),
        { kind: "strings", name: "outcomes", label: "outcomes", itemLabel: "outcome", max: 8 },
        {
          kind: "items",
          name: "sample",
          label: "sample",
          itemLabel: "sampleLine",
          fields: [{ kind: "select", name: "speaker", label: "speaker", options: ["coach", "learner"] }, text("text")],
          empty: () => ({ speaker: "coach", text: "" }),
          max: 8,
        },
      ],
      empty: emptyCard,
      max: ITEMS,
      min: 1,
    },
  ],
  faq: [
    line("title"),
    { kind: "items", name: "items", label: "items", itemLabel: "faqItem", fields: [line("question"), html("answer", "answer")], empty: () => ({ question: "", answer: "" }), max: ITEMS, min: 1 },
    {
      kind: "group",
      name: "contact",
      label: "supportPanel",
      fields: [line("title"), text("body"), line("email_label", "emailLabel"), line("phone_label", "phoneLabel"), line("links_title", "linksTitle"), links("links", "links", 6)],
      empty: () => ({ title: "", body: "", email_label: "", phone_label: "", links: [] }),
      optional: true,
    },
  ],
  comparison: [
    ...heading,
    line("row_label", "rowLabel"),
    { kind: "strings", name: "columns", label: "columns", itemLabel: "column", max: 4, min: 2 },
    {
      kind: "items",
      name: "rows",
      label: "rows",
      itemLabel: "row",
      fields: [line("label"), line("question"), { kind: "strings", name: "values", label: "values", itemLabel: "value", max: 4, min: 2 }],
      empty: () => ({ label: "", question: "", values: ["", ""] }),
      max: ITEMS,
      min: 1,
    },
    line("statement"),
    text("statement_detail", "statementDetail"),
  ],
  step_explorer: [
    line("title"),
    line("list_label", "listLabel"),
    line("step_label", "stepLabel"),
    {
      kind: "items",
      name: "steps",
      label: "steps",
      itemLabel: "step",
      fields: [line("title"), text("summary"), text("details"), { kind: "strings", name: "points", label: "points", itemLabel: "point", max: 8 }, illustration],
      empty: () => ({ title: "", summary: "", details: "", points: [] }),
      max: ITEMS,
      min: 1,
    },
  ],
  quote: [text("text", "quoteText"), line("name"), line("role"), line("company"), image("photo", "photo")],
  logo_strip: [
    line("title"),
    { kind: "items", name: "logos", label: "logos", itemLabel: "logo", fields: [image("image", "image", false), line("url")], empty: () => ({ image: emptyImage() }), max: ITEMS, min: 1 },
  ],
  image: [image("image", "image", false), line("caption")],
  cta: [line("title"), text("body"), actions(2, 1), anchor],
  contact_form: [line("title"), text("lead")],
  form: [{ kind: "form", name: "form_id", label: "form" }, line("title"), text("lead")],
  latest_posts: [line("title"), line("category"), { kind: "number", name: "count", label: "count", min: 1, max: 12 }],
  legal_document: [
    line("title"),
    { kind: "date", name: "effective_date", label: "effectiveDate" },
    links("header_links", "headerLinks", 3),
    html("intro", "intro"),
    {
      kind: "items",
      name: "sections",
      label: "sections",
      itemLabel: "section",
      fields: [line("id", "sectionId"), line("heading"), html("html"), legalParts],
      empty: () => ({ id: "", heading: "", html: "" }),
      max: ITEMS,
      min: 1,
    },
  ],
};

/** A new block's fields: every list with the items its type needs at least, every text empty. */
export function emptyBlockFields(type: PageBlockType): Value {
  return Object.fromEntries(BLOCK_FIELDS[type].flatMap((field) => emptyValue(field)));
}

function emptyValue(field: BlockField): [string, unknown][] {
  switch (field.kind) {
    case "line":
    case "text":
    case "html":
    case "date":
    case "media":
    case "form":
      return [[field.name, ""]];
    case "checkbox":
      return [[field.name, false]];
    case "number":
      return [[field.name, Math.min(field.max, Math.max(field.min, 3))]];
    case "select":
      return field.optional ? [] : [[field.name, field.options[0]]];
    case "strings":
      return [[field.name, Array.from({ length: field.min ?? 0 }, () => "")]];
    case "group":
      return field.optional ? [] : [[field.name, field.empty()]];
    case "items":
      return [[field.name, Array.from({ length: field.min ?? 0 }, field.empty)]];
  }
}

/**
 * A field's place in words, from a problem's path: "items.0.answer" of a FAQ is "Question 1 ›
 * Answer". A path the table does not know (a field of the schema the form has no input for) is
 * named as far as it is known.
 */
export function fieldPlace(type: PageBlockType, path: string): string {
  const names: string[] = [];
  let fields: readonly BlockField[] | undefined = BLOCK_FIELDS[type];
  let list: BlockField | undefined;
  for (const part of path.split(".")) {
    if (/^\d+$/.test(part) && list && (list.kind === "items" || list.kind === "strings")) {
      names[names.length - 1] = `${blockFieldLabels[list.itemLabel]} ${Number(part) + 1}`;
      continue;
    }
    const field: BlockField | undefined = fields?.find((each) => each.name === part);
    if (!field) break;
    names.push(blockFieldLabels[field.label]);
    list = field;
    fields = field.kind === "items" || field.kind === "group" ? field.fields : undefined;
  }
  return names.join(" › ") || path;
}
