import { data, redirect, useActionData } from "react-router";
import { PAGE_PATH_PATTERN } from "../../domain/site-pages";
import { PAGES_TAG, POSTS_TAG } from "../../server/cache/content-changes.server";
import { findPublishedPage, pageExtras } from "../../server/pages/public-pages.server";
import { splitComponentsLoaded } from "../components/blocks/split-component";
import { LivePage } from "../components/blocks/live-page";
import { answerFormPost } from "../lib/forms/form-post.server";
import { NotFound } from "../components/layout/not-found";
import { pageMeta, siteFromMatches } from "../lib/meta";
import { sitePageMeta } from "../lib/pages/page-meta";
import type { Route } from "./+types/not-found";
import { notFoundMeta } from "../content/not-found";

/**
 * Any address no other route answers: a page the marketing team published there
 * (docs/decisions/197), a 301 to where such a page moved, or 'Page not found' with status 404.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  // Kept in the page cache until a page is published, moved or unpublished: a 404 kept at
  // /webinar goes when a page is published there. A page that lists posts goes when they change.
  context.cacheTags = [PAGES_TAG];
  const { pathname, search } = new URL(request.url);
  const path = pageAddress(pathname);
  if (!PAGE_PATH_PATTERN.test(path)) return notFound();
  const found = await findPublishedPage(context.services.db, path);
  if (found.kind === "redirect") throw redirect(`${found.to}${search}`, 301);
  if (found.kind === "none") return notFound();
  if (path !== pathname) throw redirect(`${path}${search}`, 301);
  const [{ posts, images, forms, showsPosts }] = await Promise.all([pageExtras(context.services.db, found.page.blocks), splitComponentsLoaded()]);
  if (showsPosts) context.cacheTags = [PAGES_TAG, POSTS_TAG];
  return { page: found.page, posts, images, forms };
}

/** A form of the page sent without JavaScript (docs/decisions/221); any other post finds nothing here. */
export async function action({ request, context }: Route.ActionArgs) {
  const path = pageAddress(new URL(request.url).pathname);
  const found = PAGE_PATH_PATTERN.test(path) ? await findPublishedPage(context.services.db, path) : undefined;
  return answerFormPost(request, context, found?.kind === "page" ? found.page : undefined);
}

/** A page's address in its one spelling: lower case, no trailing slash. Others cannot be a page. */
function pageAddress(pathname: string): string {
  return pathname.toLowerCase().replace(/\/+$/, "");
}

function notFound() {
  return data({ page: null }, { status: 404 });
}

export const meta: Route.MetaFunction = ({ matches, data: loaderData }) =>
  pageMeta(siteFromMatches(matches), loaderData?.page ? sitePageMeta(loaderData.page) : notFoundMeta);

export default function NotFoundPage({ loaderData }: Route.ComponentProps) {
  const posted = useActionData<typeof action>();
  if (!loaderData.page) return <NotFound />;
  return <LivePage content={loaderData} posted={posted} />;
}
