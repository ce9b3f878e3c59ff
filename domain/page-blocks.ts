import { z } from "zod";
import { isMediaPath } from "./media";
import { SITE_PAGE_IDS } from "./page-ids";
import { singleLineString, storableString } from "./text-rules";
import { tooLongMessage } from "./text-length";

/**
 * The block library of the pages the marketing team edits (docs/decisions/197): one Zod schema
 * per block type, used by the editor and the server alike. Rich-text fields (`html`, a FAQ's
 * answer, a legal section's body) are checked for size here and cleaned by the site's one article
 * allowlist on the server before they are stored; links and images take only safe addresses.
 */

export const PAGE_BLOCK_LIMITS = {
  blocksPerPage: 60,
  itemsPerBlock: 24,
  line: 200,
  text: 2_000,
  html: 100_000,
  url: 2_000,
  id: 40,
} as const;

export const pageBlockMessages = {
  required: "Required",
  tooLong: tooLongMessage,
  linkFormat: "Enter a page of this site (/...), a full web address (https://...) or an email (mailto:...)",
  imageFormat: "Enter an image uploaded to this site (/media/...) or a full https:// address",
  altRequired: "Describe the image, or mark it as decorative",
  unknownType: "Unknown block type",
  tooManyItems: `At most ${PAGE_BLOCK_LIMITS.itemsPerBlock} items`,
  tooManyBlocks: `At most ${PAGE_BLOCK_LIMITS.blocksPerPage} blocks`,
} as const;

/** Icons and drawings a block may name: the design system's own (app/components/marketing). */
export const PAGE_ICONS = [
  "conversation", "grounded", "sparkles", "chart", "adaptive", "shield", "onboarding", "compliance",
  "sales", "customer", "mail", "phone", "check", "lock", "eye", "people", "target",
] as const;
export type PageIcon = (typeof PAGE_ICONS)[number];
export const PAGE_ILLUSTRATIONS = [
  "HeroIllustration", "UploadIllustration", "ProgramIllustration", "ConversationIllustration", "ForgettingCurveFigure",
] as const;

/** A one-line text; required unless `optional`. */
function line(max: number = PAGE_BLOCK_LIMITS.line) {
  return singleLineString({ error: pageBlockMessages.required }).min(1, pageBlockMessages.required).max(max, pageBlockMessages.tooLong(max));
}
function optionalLine(max: number = PAGE_BLOCK_LIMITS.line) {
  return singleLineString().max(max, pageBlockMessages.tooLong(max)).default("");
}
/** A paragraph of plain text (line breaks allowed). */
function text(max: number = PAGE_BLOCK_LIMITS.text) {
  return storableString({ error: pageBlockMessages.required }).trim().min(1, pageBlockMessages.required).max(max, pageBlockMessages.tooLong(max));
}
function optionalText(max: number = PAGE_BLOCK_LIMITS.text) {
  return storableString().trim().max(max, pageBlockMessages.tooLong(max)).default("");
}
/** Rich text: HTML the server cleans with the article allowlist before storing. */
function html() {
  return storableString().max(PAGE_BLOCK_LIMITS.html, pageBlockMessages.tooLong(PAGE_BLOCK_LIMITS.html)).default("");
}
function list<T extends z.ZodType>(item: T, min = 1) {
  return z.array(item).min(min, pageBlockMessages.required).max(PAGE_BLOCK_LIMITS.itemsPerBlock, pageBlockMessages.tooManyItems);
}

/** A link's address: a path of this site, an http(s) address or an email; never `javascript:` or `//host`. */
export function isSafeLinkTarget(value: string): boolean {
  return /^\/(?!\/)[^\s]*$/.test(value) || /^#[A-Za-z][\w-]*$/.test(value) || /^https?:\/\/[^\s/]+[^\s]*$/i.test(value) || /^mailto:[^\s@]+@[^\s@]+$/i.test(value);
}
/** An image's address: uploaded here (/media/…) or https. */
export function isSafeImageSource(value: string): boolean {
  return isMediaPath(value) || /^https:\/\/[^\s/]+[^\s]*$/i.test(value);
}

const linkTarget = singleLineString({ error: pageBlockMessages.required })
  .min(1, pageBlockMessages.required)
  .max(PAGE_BLOCK_LIMITS.url, pageBlockMessages.tooLong(PAGE_BLOCK_LIMITS.url))
  .refine(isSafeLinkTarget, pageBlockMessages.linkFormat);
const imageSource = singleLineString({ error: pageBlockMessages.required })
  .min(1, pageBlockMessages.required)
  .max(PAGE_BLOCK_LIMITS.url, pageBlockMessages.tooLong(PAGE_BLOCK_LIMITS.url))
  .refine(isSafeImageSource, pageBlockMessages.imageFormat);

export const linkSchema = z.object({ label: line(), to: linkTarget });

/**
 * An image: alt text is required unless the image is marked decorative (then it has none, and
 * assistive technology skips it).
 */
export const imageSchema = z
  .object({ src: imageSource, alt: optionalLine(300), decorative: z.boolean().default(false) })
  .refine((image) => image.decorative || image.alt !== "", { message: pageBlockMessages.altRequired, path: ["alt"] })
  .transform((image) => (image.decorative ? { ...image, alt: "" } : image));

/** One action of a hero or a call to action: a page or address, the demo page, or the contact page. */
export const actionSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("link"), label: line(), to: linkTarget }),
  z.object({ kind: z.literal("demo") }),
  z.object({ kind: z.literal("contact") }),
]);

/** A legal document's effective date when it is the day the page is served. */
export const LEGAL_DATE_SERVED = "served";
/** The company's contact details a legal section shows, read from the site configuration. */
export const LEGAL_CONTACT_ITEMS = ["email", "phone", "address", "securityEmail"] as const;

/** A part of a legal section after its text: paragraphs, definitions, a button or the contact details. */
const legalPartSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("html"), html: html() }),
  z.object({ kind: z.literal("definitions"), items: list(z.object({ term: line(), definition: text() })) }),
  z.object({ kind: z.literal("button"), label: line(), to: linkTarget }),
  z.object({ kind: z.literal("contact"), items: z.array(z.enum(LEGAL_CONTACT_ITEMS)).min(1, pageBlockMessages.required).max(LEGAL_CONTACT_ITEMS.length) }),
]);
export type LegalPart = z.infer<typeof legalPartSchema>;

/** What every block has: a stable id (for the editor's list and the page's anchors) and a hidden flag. */
/** An anchor on the page (`#name`) for links to a block or section; empty for none. */
const anchor = z
  .union([
    z.literal(""),
    z
      .string()
      .regex(/^[a-z][a-z0-9-]*$/, "Lower-case letters, digits and hyphens, starting with a letter")
      .max(PAGE_BLOCK_LIMITS.id)
      .refine((value) => !SITE_PAGE_IDS.has(value), "The site's own page uses this anchor: choose another"),
  ])
  .optional();

const base = {
  id: z.string().regex(/^[A-Za-z0-9_-]+$/, pageBlockMessages.required).max(PAGE_BLOCK_LIMITS.id),
  hidden: z.boolean().default(false),
};
/** A section's heading: optional eyebrow, title and lead above its content. */
const heading = { eyebrow: optionalLine(), title: optionalLine(), lead: optionalText() };
const card = z.object({ icon: z.enum(PAGE_ICONS).optional(), title: line(), text: text() });
/** A feature card may list a few check-marked points under its text. */
const featureCard = card.extend({ points: z.array(line()).max(8, pageBlockMessages.tooManyItems).optional() });

export const pageBlockSchemas = {
  hero: z.object({
    ...base,
    type: z.literal("hero"),
    /** "feature": the home page's split hero with actions and a picture; "header": a page's title band. */
    style: z.enum(["feature", "header"]).default("header"),
    eyebrow: optionalLine(),
    title: line(),
    lead: optionalText(),
    actions: z.array(actionSchema).max(3, pageBlockMessages.tooManyItems).default([]),
    highlights: z.array(line()).max(6, pageBlockMessages.tooManyItems).default([]),
    illustration: z.enum(PAGE_ILLUSTRATIONS).optional(),
    image: imageSchema.optional(),
    /** Links to the page's sections under the title, a navigation named by `label` (/solutions). */
    jump: z.object({ label: line(), links: list(linkSchema) }).optional(),
  }),
  rich_text: z.object({
    ...base,
    type: z.literal("rich_text"),
    /** A short line above the title, as the site's sections have. */
    eyebrow: singleLineString().max(PAGE_BLOCK_LIMITS.line, pageBlockMessages.tooLong(PAGE_BLOCK_LIMITS.line)).optional(),
    title: optionalLine(),
    html: html(),
  }),
  feature_cards: z.object({
    ...base,
    type: z.literal("feature_cards"),
    ...heading,
    /** "featured": the /features cards (a filled icon tile, check-marked points, three a row); plain by default. */
    style: z.enum(["plain", "featured"]).optional(),
    /** The title is read by screen readers only (the cards speak for themselves on screen). */
    title_hidden: z.boolean().optional(),
    /** A picture beside the heading, which then sits on the left (the learning science of /science). */
    illustration: z.enum(PAGE_ILLUSTRATIONS).optional(),
    cards: list(featureCard),
    /** A closing sentence under the cards. */
    footnote: storableString().trim().max(PAGE_BLOCK_LIMITS.text, pageBlockMessages.tooLong(PAGE_BLOCK_LIMITS.text)).optional(),
  }),
  steps: z.object({ ...base, type: z.literal("steps"), ...heading, items: list(z.object({ title: line(), text: text() })), link: linkSchema.optional() }),
  statistic: z.object({
    ...base,
    type: z.literal("statistic"),
    eyebrow: optionalLine(),
    title: optionalLine(),
    figure: line(20),
    label: line(),
    body: optionalText(),
    source: z.object({ label: line(), url: linkTarget.optional() }).optional(),
    illustration: z.enum(PAGE_ILLUSTRATIONS).optional(),
    cards: z.array(card).max(PAGE_BLOCK_LIMITS.itemsPerBlock, pageBlockMessages.tooManyItems).default([]),
  }),
  use_cases: z.object({
    ...base,
    type: z.literal("use_cases"),
    ...heading,
    /**
     * "sections": each use case a section of its own, its title an h2, with its audience, outcomes
     * and a sample exchange beside it, alternating sides (/solutions); cards by default.
     */
    style: z.enum(["cards", "sections"]).optional(),
    /** The caption of each sample exchange and the names read out before each line (sections only). */
    sample_label: z.string().max(PAGE_BLOCK_LIMITS.line).optional(),
    speaker_labels: z.object({ coach: line(60), learner: line(60) }).optional(),
    items: list(
      z.object({
        icon: z.enum(PAGE_ICONS).optional(),
        title: line(),
        text: text(),
        link: linkSchema.optional(),
        /** The section's anchor, for links to it (sections only). */
        anchor,
        audience: z.string().max(PAGE_BLOCK_LIMITS.line).optional(),
        outcomes: z.array(line(300)).max(8, pageBlockMessages.tooManyItems).optional(),
        sample: z.array(z.object({ speaker: z.enum(["coach", "learner"]), text: text(600) })).max(8, pageBlockMessages.tooManyItems).optional(),
      }),
    ),
  }),
  faq: z.object({
    ...base,
    type: z.literal("faq"),
    title: optionalLine(),
    items: list(z.object({ question: line(300), answer: html() })),
    /** The support team's panel beside the questions (/support): the email and phone come from the site configuration. */
    contact: z
      .object({
        title: line(),
        body: text(),
        email_label: line(),
        phone_label: line(),
        links_title: optionalLine(),
        links: z.array(linkSchema).max(6, pageBlockMessages.tooManyItems).default([]),
      })
      .optional(),
  }),
  comparison: z.object({
    ...base,
    type: z.literal("comparison"),
    ...heading,
    row_label: line(60),
    columns: z.array(line(80)).min(2, pageBlockMessages.required).max(4, pageBlockMessages.tooManyItems),
    rows: list(z.object({ label: line(80), question: optionalLine(300), values: z.array(text()).min(2).max(4) })),
    statement: optionalLine(),
    statement_detail: optionalText(),
  }),
  step_explorer: z.object({
    ...base,
    type: z.literal("step_explorer"),
    title: optionalLine(),
    list_label: line(60),
    step_label: line(60),
    steps: list(
      z.object({
        title: line(),
        summary: text(),
        details: text(),
        points: z.array(line(300)).max(8, pageBlockMessages.tooManyItems).default([]),
        illustration: z.enum(PAGE_ILLUSTRATIONS).optional(),
      }),
    ),
  }),
  quote: z.object({
    ...base,
    type: z.literal("quote"),
    text: text(),
    name: line(),
    role: optionalLine(),
    company: optionalLine(),
    photo: imageSchema.optional(),
  }),
  logo_strip: z.object({
    ...base,
    type: z.literal("logo_strip"),
    title: optionalLine(),
    logos: list(z.object({ image: imageSchema, url: linkTarget.optional() })),
  }),
  image: z.object({ ...base, type: z.literal("image"), image: imageSchema, caption: optionalLine(300) }),
  cta: z.object({
    ...base,
    type: z.literal("cta"),
    /** The band's anchor, for links to it (the home page's `/#contact`). */
    anchor,
    title: line(),
    body: optionalText(),
    actions: z.array(actionSchema).min(1, pageBlockMessages.required).max(2, pageBlockMessages.tooManyItems),
  }),
  contact_form: z.object({ ...base, type: z.literal("contact_form"), title: optionalLine(), lead: optionalText() }),
  /** A form the team built (docs/decisions/220), named by its id; its fields come from the form. */
  form: z.object({ ...base, type: z.literal("form"), form_id: line(PAGE_BLOCK_LIMITS.id), title: optionalLine(), lead: optionalText() }),
  latest_posts: z.object({
    ...base,
    type: z.literal("latest_posts"),
    title: optionalLine(),
    category: optionalLine(60),
    count: z.number().int().min(1).max(12).default(3),
  }),
  legal_document: z.object({
    ...base,
    type: z.literal("legal_document"),
    /** With a title, the document opens the page: its title (the page's h1), effective date and header links above it. */
    title: singleLineString().max(PAGE_BLOCK_LIMITS.line, pageBlockMessages.tooLong(PAGE_BLOCK_LIMITS.line)).optional(),
    /**
     * "YYYY-MM-DD", shown as "Effective date: …"; "served" for the day the page is served, in the
     * server's time zone (the disclosure policy's, as the specification says); empty for none.
     */
    effective_date: z.union([z.literal(""), z.literal(LEGAL_DATE_SERVED), z.iso.date()]).default(""),
    /** Under the title: the first a primary button, the second a secondary one, the others plain links. */
    header_links: z.array(linkSchema).max(3, pageBlockMessages.tooManyItems).optional(),
    intro: html(),
    sections: list(
      z.object({
        id: z.string().regex(/^[a-z0-9-]+$/).max(60),
        heading: line(),
        html: html(),
        /** What follows the section's text, in order: more text, terms and definitions, a button, the company's contact details. */
        parts: z.array(legalPartSchema).max(PAGE_BLOCK_LIMITS.itemsPerBlock, pageBlockMessages.tooManyItems).optional(),
      }),
    ),
  }),
} as const;

export type PageBlockType = keyof typeof pageBlockSchemas;
export const PAGE_BLOCK_TYPES = Object.keys(pageBlockSchemas) as PageBlockType[];
export type PageBlockOf<T extends PageBlockType> = z.infer<(typeof pageBlockSchemas)[T]>;
export type PageBlock = { [T in PageBlockType]: PageBlockOf<T> }[PageBlockType];
export type PageAction = z.infer<typeof actionSchema>;
export type PageImage = z.infer<typeof imageSchema>;

/** The library as the editor's "Add block" menu and `GET /api/admin/page-blocks` describe it. */
export const PAGE_BLOCK_LIBRARY: Record<PageBlockType, { label: string; description: string }> = {
  hero: { label: "Hero", description: "The page's title band: eyebrow, title, lead, buttons, highlights and a picture." },
  rich_text: { label: "Rich text", description: "Paragraphs, headings, lists, links and images, cleaned like articles." },
  feature_cards: { label: "Feature cards", description: "A heading and cards, each with an icon, a title and a text." },
  steps: { label: "Steps", description: "Numbered steps in a row, with an optional link below." },
  statistic: { label: "Statistic", description: "One large figure with its label, its source and an optional picture." },
  use_cases: { label: "Use cases", description: "Who the product is for, one card per audience." },
  faq: { label: "FAQ", description: "Questions that open one at a time, with rich-text answers." },
  comparison: { label: "Comparison table", description: "Rows compared across two to four columns." },
  step_explorer: { label: "Step explorer", description: "Steps chosen from a list on wide screens and opened one by one on phones." },
  quote: { label: "Quote", description: "A customer's words with their name, role, company and photo." },
  logo_strip: { label: "Logo strip", description: "Customer or partner logos, each with alt text and an optional link." },
  image: { label: "Image", description: "A picture with alt text and an optional caption." },
  cta: { label: "Call to action", description: "A closing band with one or two buttons." },
  contact_form: { label: "Contact form", description: "The contact form; messages reach the team's inbox and email." },
  form: { label: "Form", description: "A form built under Forms; each submission is a lead in the inbox, named by its form." },
  latest_posts: { label: "Latest posts", description: "The newest blog posts, of one category or all." },
  legal_document: { label: "Legal document", description: "Headed sections with an effective date and a table of contents." },
};

/** One block's problem: which block (position and type) and which field, in words an editor reads. */
export type BlockProblem = { block: number; type: string; field: string; message: string };

/**
 * Checks a page's list of blocks. On success the blocks with their defaults; on failure every
 * problem, each naming its block and field (the API answers 400 with them).
 */
export function parsePageBlocks(input: unknown): { ok: true; blocks: PageBlock[] } | { ok: false; problems: BlockProblem[] } {
  if (!Array.isArray(input)) return { ok: false, problems: [{ block: -1, type: "", field: "blocks", message: "Must be a list of blocks" }] };
  if (input.length > PAGE_BLOCK_LIMITS.blocksPerPage) {
    return { ok: false, problems: [{ block: -1, type: "", field: "blocks", message: pageBlockMessages.tooManyBlocks }] };
  }
  const blocks: PageBlock[] = [];
  const problems: BlockProblem[] = [];
  const ids = new Set<string>();
  input.forEach((raw, index) => {
    const type = raw !== null && typeof raw === "object" ? (raw as { type?: unknown }).type : undefined;
    const schema = typeof type === "string" && Object.hasOwn(pageBlockSchemas, type) ? pageBlockSchemas[type as PageBlockType] : undefined;
    if (!schema) {
      problems.push({ block: index, type: String(type ?? ""), field: "type", message: pageBlockMessages.unknownType });
      return;
    }
    const parsed = schema.safeParse(raw);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) problems.push({ block: index, type: type as string, field: issue.path.join(".") || "block", message: issue.message });
      return;
    }
    if (ids.has(parsed.data.id)) {
      problems.push({ block: index, type: type as string, field: "id", message: "Another block of the page has this id" });
      return;
    }
    ids.add(parsed.data.id);
    blocks.push(parsed.data as PageBlock);
  });
  return problems.length ? { ok: false, problems } : { ok: true, blocks };
}

/** A problem as one line: "Block 3 (faq), items.0.question: Required". */
export function describeBlockProblem(problem: BlockProblem): string {
  if (problem.block < 0) return `${problem.field}: ${problem.message}`;
  return `Block ${problem.block + 1} (${problem.type || "no type"}), ${problem.field}: ${problem.message}`;
}

/**
 * The blocks as shown on `now`'s day: a legal document dated "served" shows that day, in the time
 * zone of the clock that serves it (the server's for a page and its preview link, the browser's for
 * the editor's live preview).
 */
export function withServedDates(blocks: readonly PageBlock[], now: Date): PageBlock[] {
  const day = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, "0")}-${String(now.getDate()).padStart(2, "0")}`;
  return blocks.map((block) => (block.type === "legal_document" && block.effective_date === LEGAL_DATE_SERVED ? { ...block, effective_date: day } : block));
}
