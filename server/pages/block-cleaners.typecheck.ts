// Type-only proof (checked by `npm run typecheck`, never run): the cleaner table and a switch
// ending in assertNever refuse to compile when a block type is left out.
import { assertNever } from "../../domain/exhaustive";
import type { PageBlock, PageBlockType } from "../../domain/page-blocks";
import { blockCleaners } from "./page-content.server";

// @ts-expect-error a table without `hero` lacks a cleaner for one block type
export const missingCleaner: typeof blockCleaners = { ...blockCleaners, hero: undefined };

export function missingCase(block: PageBlock): string {
  switch (block.type) {
    case "rich_text":
      return block.html;
    default:
      // @ts-expect-error every other block type is still possible here, so this is not `never`
      return assertNever(block, "block type");
  }
}

export function everyCase(type: PageBlockType): boolean {
  switch (type) {
    case "hero": case "rich_text": case "feature_cards": case "steps": case "statistic": case "use_cases":
    case "faq": case "comparison": case "step_explorer": case "quote": case "logo_strip": case "image":
    case "cta": case "contact_form": case "form": case "latest_posts": case "legal_document":
      return true;
    default:
      return assertNever(type, "block type");
  }
}
