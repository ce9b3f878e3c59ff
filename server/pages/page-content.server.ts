import { describeBlockProblem, parsePageBlocks, type PageBlock, type PageBlockOf, type PageBlockType } from "../../domain/page-blocks";
import { cleanArticleHtml } from "../blog/article-html.server";

/** Blocks checked and cleaned, or the 400's message (the first problem) and every problem by field. */
export type CheckedBlocks = { ok: true; blocks: PageBlock[] } | { ok: false; error: string; fields: Record<string, string> };

/**
 * Checks a page's blocks with the library's schemas and cleans their rich text with the site's
 * one article allowlist, so what is stored is safe to render as is. A problem's field names its
 * block by its place in the list: `blocks[3].items.0.question`.
 */
export function checkPageBlocks(input: unknown): CheckedBlocks {
  const parsed = parsePageBlocks(input);
  if (!parsed.ok) {
    const fields: Record<string, string> = {};
    for (const problem of parsed.problems) {
      const key = problem.block < 0 ? "blocks" : `blocks[${problem.block}].${problem.field}`;
      fields[key] ??= problem.message;
    }
    return { ok: false, error: describeBlockProblem(parsed.problems[0]!), fields };
  }
  return { ok: true, blocks: parsed.blocks.map((block) => cleanBlock(block)) };
}

/** How one block type's rich-text fields are cleaned; a type without rich text says so with `keep`. */
type BlockCleaner<T extends PageBlockType> = (block: PageBlockOf<T>) => PageBlockOf<T>;

const keep = <T,>(block: T): T => block;

/**
 * One cleaner per block type, with no default: a new block type cannot compile until it says how
 * its fields are cleaned, so a new rich-text field is never stored uncleaned by oversight.
 */
export const blockCleaners: { [T in PageBlockType]: BlockCleaner<T> } = {
  hero: keep,
  rich_text: (block) => ({ ...block, html: cleanArticleHtml(block.html) }),
  feature_cards: keep,
  steps: keep,
  statistic: keep,
  use_cases: keep,
  faq: (block) => ({ ...block, items: block.items.map((item) => ({ ...item, answer: cleanArticleHtml(item.answer) })) }),
  comparison: keep,
  step_explorer: keep,
  quote: keep,
  logo_strip: keep,
  image: keep,
  cta: keep,
  contact_form: keep,
  form: keep,
  latest_posts: keep,
  legal_document: (block) => ({
    ...block,
    intro: cleanArticleHtml(block.intro),
    sections: block.sections.map((section) => ({
      ...section,
      html: cleanArticleHtml(section.html),
      parts: section.parts?.map((part) => (part.kind === "html" ? { ...part, html: cleanArticleHtml(part.html) } : part)),
    })),
  }),
};

/** Thrown for a block whose type has no cleaner: refused, never stored as it came. */
export class UncleanableBlockError extends Error {}

/**
 * The block with every rich-text field cleaned. A type outside the table (only possible if the
 * schemas gain a type the table lacks) throws rather than passing the block through raw.
 */
export function cleanBlock(block: PageBlock, cleaners: Readonly<Record<string, BlockCleaner<never> | undefined>> = blockCleaners): PageBlock {
  const cleaner = Object.hasOwn(cleaners, block.type) ? (cleaners[block.type] as ((b: PageBlock) => PageBlock) | undefined) : undefined;
  if (!cleaner) throw new UncleanableBlockError(`No cleaner for block type ${JSON.stringify(block.type)}`);
  return cleaner(block);
}
