import { data, isRouteErrorResponse, redirect, useRouteError } from "react-router";
import { blogMessages } from "../../domain/blog";
import { categoryPath } from "../../domain/blog-taxonomy";
import { loadTaxonomyPage } from "../../server/blog/blog-pages.server";
import { getCategoryPage } from "../../server/blog/post-taxonomy.server";
import { TaxonomyPage } from "../components/blog/taxonomy-page";
import { NotFound } from "../components/layout/not-found";
import { PageHeader } from "../components/ui/page-header";
import { blogCopy, readerCopy } from "../content/blog";
import { taxonomyMeta } from "../lib/blog/taxonomy-meta";
import { siteFromMatches } from "../lib/meta";
import { usePrerenderReady } from "../lib/browser/use-prerender-ready";
import type { Route } from "./+types/blog-category";

/** /blog/category/:slug (docs/decisions/157-category-and-author-pages.md). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { db } = context.services;
  const result = await loadTaxonomyPage(context.services, new URL(request.url), (page) => getCategoryPage(db, params.slug, page));
  if (result.kind === "redirect") throw redirect(result.to, 301);
  if (result.kind === "not_found") throw data(null, { status: 404 });
  if (result.kind === "error") throw data(null, { status: 503 });
  return { ...result.page, path: categoryPath(result.page.name) ?? `/blog/category/${params.slug}` };
}

export const meta: Route.MetaFunction = ({ matches, data: loaderData }) => {
  if (!loaderData) return [];
  const { name, path, page } = loaderData;
  return taxonomyMeta(siteFromMatches(matches), {
    name,
    path,
    page,
    title: readerCopy.listPageTitle(name, page),
    description: readerCopy.categoryDescription(name),
  });
};

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

/** No such category or page: not found; a failure: the blog list's error message. */
export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  return (
    <>
      <PageHeader title={blogCopy.title} lead={blogCopy.lead} />
      <p role="alert" className="mx-auto mt-4 mb-24 max-w-2xl rounded-xl border border-red-200 bg-red-50 px-6 py-5 text-center text-red-800">
        {blogMessages.listError}
      </p>
    </>
  );
}
