import { describeBlockProblem, parsePageBlocks, type PageBlock } from "../../domain/page-blocks";
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
  return { ok: true, blocks: parsed.blocks.map(cleanBlock) };
}

/** The block with every rich-text field cleaned: a rich text's body, FAQ answers, a legal document's intro and sections. */
function cleanBlock(block: PageBlock): PageBlock {
  switch (block.type) {
    case "rich_text":
      return { ...block, html: cleanArticleHtml(block.html) };
    case "faq":
      return { ...block, items: block.items.map((item) => ({ ...item, answer: cleanArticleHtml(item.answer) })) };
    case "legal_document":
      return {
        ...block,
        intro: cleanArticleHtml(block.intro),
        sections: block.sections.map((section) => ({
          ...section,
          html: cleanArticleHtml(section.html),
          parts: section.parts?.map((part) => (part.kind === "html" ? { ...part, html: cleanArticleHtml(part.html) } : part)),
        })),
      };
    default:
      return block;
  }
}
