import { data, isRouteErrorResponse, redirect, useRouteError } from "react-router";
import { SEARCH_PATH } from "../../domain/blog-taxonomy";
import { searchPageHref, type SnippetPart } from "../../domain/search";
import { loadSearchPage } from "../../server/search/search-page.server";
import { BlogPagination } from "../components/blog/blog-pagination";
import { SearchForm } from "../components/blog/search-form";
import { NotFound } from "../components/layout/not-found";
import { PageHeader } from "../components/ui/page-header";
import { SiteLink } from "../components/ui/site-link";
import { blogMeta, readerCopy } from "../content/blog";
import { formatPostDate } from "../lib/dates";
import { pageMeta, siteFromMatches } from "../lib/meta";
import { usePrerenderReady } from "../lib/browser/use-prerender-ready";
import type { Route } from "./+types/blog-search";

/** /blog/search?q= (docs/decisions/156-post-search.md): server-rendered, a plain GET form, noindex. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const result = await loadSearchPage(context.services, new URL(request.url), context.clientKey);
  if (result.kind === "redirect") throw redirect(result.to, 301);
  if (result.kind === "not_found") throw data(null, { status: 404 });
  if (result.kind === "invalid") return data({ state: "invalid" as const, query: result.query, error: result.error }, { status: 400 });
  if (result.kind === "limited") {
    const headers = { "Retry-After": String(result.limited.retryAfterSeconds), "Cache-Control": "no-store" };
    return data({ state: "limited" as const, query: result.query, error: result.limited.error }, { status: 429, headers });
  }
  if (result.kind === "error") return data({ state: "error" as const, query: result.query }, { status: 503 });
  return { state: "ok" as const, query: result.query, results: result.results };
}

/** A refusal says when to come back (Retry-After); every other answer has only the page's own headers. */
export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: Route.MetaFunction = ({ matches, data: loaderData }) => {
  const query = loaderData && loaderData.state !== "invalid" ? loaderData.query : "";
  const page = loaderData?.state === "ok" ? (loaderData.results?.page ?? 1) : 1;
  return pageMeta(siteFromMatches(matches), {
    title: page > 1 ? readerCopy.searchPageTitle(query, page) : readerCopy.searchTitle(query),
    description: readerCopy.searchDescription,
    path: query ? searchPageHref(query, page) : SEARCH_PATH,
    keywords: blogMeta.keywords,
    // A page of results is not a page for search engines; the search form alone is.
    noindex: query !== "" || loaderData?.state !== "ok",
  });
};

function Snippet({ parts }: { parts: SnippetPart[] }) {
  return (
    <p className="mt-2 text-slate-600">
      {parts.map((part, index) =>
        part.match ? (
          <mark key={index} className="rounded bg-amber-100 px-0.5 text-slate-900">
            {part.text}
          </mark>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </p>
  );
}

export default function BlogSearchPage({ loaderData }: Route.ComponentProps) {
  const query = loaderData.state === "invalid" ? "" : loaderData.query;
  usePrerenderReady(`search-${query}-${loaderData.state === "ok" ? (loaderData.results?.page ?? 1) : 0}`);
  return (
    <>
      <PageHeader title={readerCopy.searchHeading(query)} lead={readerCopy.searchLead}>
        <SearchForm id="search-page-query" query={loaderData.state === "invalid" ? loaderData.query : query} className="mx-auto mt-8" />
      </PageHeader>
      <div className="mx-auto max-w-3xl px-4 pb-24 sm:px-6">
        {loaderData.state === "invalid" || loaderData.state === "limited" ? (
          <p role="alert" className="rounded-xl border border-red-200 bg-red-50 px-6 py-5 text-center text-red-800">
            {loaderData.error}
          </p>
        ) : loaderData.state === "error" ? (
          <p role="alert" className="rounded-xl border border-red-200 bg-red-50 px-6 py-5 text-center text-red-800">
            {readerCopy.searchError}
          </p>
        ) : loaderData.results ? (
          <SearchResults query={query} results={loaderData.results} />
        ) : null}
      </div>
    </>
  );
}

type Results = NonNullable<Extract<Route.ComponentProps["loaderData"], { state: "ok" }>["results"]>;

function SearchResults({ query, results }: { query: string; results: Results }) {
  if (results.items.length === 0) {
    return <p className="py-8 text-center text-lg text-slate-600">{readerCopy.searchEmpty(query)}</p>;
  }
  return (
    <section aria-label={readerCopy.searchHeading(query)}>
      <p className="text-sm text-slate-600">{readerCopy.searchResultCount(results.total)}</p>
      <ol className="mt-6 list-none space-y-8 p-0">
        {results.items.map((item) => (
          <li key={item.slug}>
            <article>
              <p className="text-sm text-slate-600">
                {item.category}
                <span aria-hidden="true"> · </span>
                <time dateTime={item.created_at}>{formatPostDate(item.created_at)}</time>
              </p>
              <h2 className="mt-1 text-xl font-bold text-slate-900">
                <SiteLink to={`/blog/${item.slug}`} className="hover:text-indigo-700">
                  {item.title}
                </SiteLink>
              </h2>
              <Snippet parts={item.snippet} />
            </article>
          </li>
        ))}
      </ol>
      <BlogPagination page={results.page} pageCount={results.totalPages} href={(page) => searchPageHref(query, page)} />
    </section>
  );
}

/** A page past the last one is not found. */
export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  return (
    <PageHeader title={readerCopy.searchHeading("")} lead={readerCopy.searchError} />
  );
}
