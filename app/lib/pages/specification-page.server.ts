import type { AppLoadContext } from "react-router";
import { PAGES_TAG, POSTS_TAG } from "../../../server/cache/content-changes.server";
import { pageExtras } from "../../../server/pages/public-pages.server";
import { readSpecificationPage } from "../../../server/pages/specification-pages.server";
import { splitComponentsLoaded } from "../../components/blocks/split-component";
import { answerFormPost } from "../forms/form-post.server";
import type { PageMetaInput } from "../meta";
import { sitePageMeta } from "./page-meta";

/**
 * The loader of a specification page's route (docs/decisions/199): the live version of the page
 * at its address, with what its blocks show beyond their fields, and its metadata: its own SEO
 * fields and address, with what the route adds beyond them (keywords, structured data) from the
 * specification's copy. Made here, so the browser's code of these routes carries none of it.
 * Kept in the page cache until a page changes (PAGES_TAG), or a post does when it lists posts.
 */
export async function loadSpecificationPage(context: AppLoadContext, specified: PageMetaInput) {
  context.cacheTags = [PAGES_TAG];
  const page = await readSpecificationPage(context.services.db, specified.path);
  const [{ posts, images, forms, showsPosts }] = await Promise.all([pageExtras(context.services.db, page.blocks), splitComponentsLoaded()]);
  if (showsPosts) context.cacheTags = [PAGES_TAG, POSTS_TAG];
  const own = sitePageMeta(page);
  const meta: PageMetaInput = { ...specified, ...own, image: own.image ?? specified.image };
  return { page, posts, images, forms, meta };
}

/**
 * The action of a specification page's route: a form block of the page sent without JavaScript
 * (docs/decisions/221), answered as a landing page answers it; any other post finds nothing here.
 */
export function specificationPageAction(specified: PageMetaInput) {
  return async ({ request, context }: { request: Request; context: AppLoadContext }) =>
    answerFormPost(request, context, await readSpecificationPage(context.services.db, specified.path));
}
