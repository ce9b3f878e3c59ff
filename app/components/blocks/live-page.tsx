import type { ComponentProps } from "react";
import type { PageBlock } from "../../../domain/page-blocks";
import { FormBlocksContext, type FormPostState } from "./form-block-state";
import { PageBlocks } from "./page-blocks";

/** What a route's loader read for a live page: its blocks, and what they show beyond their fields. */
export type LivePageContent = { page: { blocks: PageBlock[] } } & Pick<ComponentProps<typeof PageBlocks>, "posts" | "images" | "forms">;

/**
 * A live page (a landing page or a specification page), its form blocks showing what the route's
 * action answered one of them sent without JavaScript (docs/decisions/221).
 */
export function LivePage({ content, posted }: { content: LivePageContent; posted?: FormPostState | null }) {
  return (
    <FormBlocksContext.Provider value={{ forms: {}, posted: posted ?? undefined }}>
      <PageBlocks blocks={content.page.blocks} posts={content.posts} images={content.images} forms={content.forms} />
    </FormBlocksContext.Provider>
  );
}
