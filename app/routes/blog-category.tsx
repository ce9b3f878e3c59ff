import { categoryPath } from "../../domain/blog-taxonomy";
import { loadTaxonomyPage } from "../../server/blog/blog-pages.server";
import { getCategoryPage } from "../../server/blog/post-taxonomy.server";
import { TaxonomyError, TaxonomyPage } from "../components/blog/taxonomy-page";
import { readerCopy } from "../content/blog";
import { taxonomyPageOrThrow, taxonomyRouteMeta } from "../lib/blog/taxonomy-meta";
import { usePrerenderReady } from "../lib/browser/use-prerender-ready";
import type { Route } from "./+types/blog-category";

/** /blog/category/:slug (docs/decisions/157-category-and-author-pages.md). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const result = await loadTaxonomyPage(context.services, new URL(request.url), (page) => getCategoryPage(context.services.db, params.slug, page));
  return taxonomyPageOrThrow(result, categoryPath, `/blog/category/${params.slug}`);
}

export const meta: Route.MetaFunction = ({ matches, data: loaderData }) => taxonomyRouteMeta(matches, loaderData, readerCopy.categoryDescription);

export default function BlogCategoryPage({ loaderData }: Route.ComponentProps) {
  usePrerenderReady(`category-${loaderData.slug}-${loaderData.page}`);
  return (
    <TaxonomyPage
      eyebrow={readerCopy.categoryEyebrow}
      name={loaderData.name}
      lead={readerCopy.categoryLead(loaderData.name)}
      path={loaderData.path}
      page={loaderData.page}
      pageCount={loaderData.pageCount}
      posts={loaderData.posts}
    />
  );
}

export const ErrorBoundary = TaxonomyError;
