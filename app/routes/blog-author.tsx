import { authorPath } from "../../domain/blog-taxonomy";
import { loadTaxonomyPage } from "../../server/blog/blog-pages.server";
import { getAuthorPage } from "../../server/blog/post-taxonomy.server";
import { TaxonomyError, TaxonomyPage } from "../components/blog/taxonomy-page";
import { readerCopy } from "../content/blog";
import { taxonomyPageOrThrow, taxonomyRouteMeta } from "../lib/blog/taxonomy-meta";
import { usePrerenderReady } from "../lib/browser/use-prerender-ready";
import type { Route } from "./+types/blog-author";

/** /blog/author/:slug (docs/decisions/157-category-and-author-pages.md). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const result = await loadTaxonomyPage(context.services, new URL(request.url), (page) => getAuthorPage(context.services.db, params.slug, page));
  return taxonomyPageOrThrow(result, authorPath, `/blog/author/${params.slug}`);
}

export const meta: Route.MetaFunction = ({ matches, data: loaderData }) => taxonomyRouteMeta(matches, loaderData, readerCopy.authorDescription);

export default function BlogAuthorPage({ loaderData }: Route.ComponentProps) {
  usePrerenderReady(`author-${loaderData.slug}-${loaderData.page}`);
  return (
    <TaxonomyPage
      eyebrow={readerCopy.authorEyebrow}
      name={loaderData.name}
      lead={readerCopy.authorLead(loaderData.name)}
      path={loaderData.path}
      page={loaderData.page}
      pageCount={loaderData.pageCount}
      posts={loaderData.posts}
      profile={loaderData.profile}
    />
  );
}

export const ErrorBoundary = TaxonomyError;
