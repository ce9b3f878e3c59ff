import { data, isRouteErrorResponse, redirect, useNavigation, useRouteError } from "react-router";
import type { PublicPostSummary } from "../../domain/blog-post";
import { blogMessages } from "../../domain/blog";
import { loadBlogIndex } from "../../server/blog/blog-pages.server";
import { BlogPagination } from "../components/blog/blog-pagination";
import { PostCard } from "../components/blog/post-card";
import { SearchForm } from "../components/blog/search-form";
import { Spinner } from "../components/blog/spinner";
import { NotFound } from "../components/layout/not-found";
import { PageHeader } from "../components/ui/page-header";
import { blogCopy, blogMeta } from "../content/blog";
import { pageMeta, siteFromMatches } from "../lib/meta";
import { usePrerenderReady } from "../lib/browser/use-prerender-ready";
import type { Route } from "./+types/blog";

export async function loader({ request, context }: Route.LoaderArgs) {
  const result = await loadBlogIndex(context.services, new URL(request.url));
  if (result.kind === "redirect") throw redirect(result.to, 301);
  if (result.kind === "not_found") throw data(null, { status: 404 });
  if (result.kind === "error") return data({ state: "error" as const }, { status: 503 });
  return { state: "ok" as const, ...result.page };
}

export const meta: Route.MetaFunction = ({ matches, data: loaderData }) => {
  const page = loaderData?.state === "ok" ? loaderData.page : 1;
  const defaults = blogMeta;
  return pageMeta(
    siteFromMatches(matches),
    page === 1
      ? defaults
      : { ...defaults, title: blogCopy.pageTitle(page), path: `${defaults.path}?page=${page}` },
  );
};

export default function BlogPage({ loaderData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === "/blog";
  usePrerenderReady(loaderData.state === "ok" ? `blog-${loaderData.page}` : "blog-error");

  return (
    <>
      <PageHeader title={blogCopy.title} lead={blogCopy.lead}>
        <SearchForm id="blog-search" className="mx-auto mt-8" />
      </PageHeader>
      <div className="mx-auto max-w-6xl px-4 pb-24 sm:px-6">
        {loading ? (
          <Spinner label={blogMessages.loading} showLabel />
        ) : loaderData.state === "error" ? (
          <BlogError />
        ) : (
          <BlogList
            page={loaderData.page}
            pageCount={loaderData.pageCount}
            featured={loaderData.featured}
            hasFeatured={loaderData.hasFeatured}
            posts={loaderData.posts}
          />
        )}
      </div>
    </>
  );
}

function BlogList({
  page,
  pageCount,
  featured,
  hasFeatured,
  posts,
}: {
  page: number;
  pageCount: number;
  featured: PublicPostSummary[];
  hasFeatured: boolean;
  posts: PublicPostSummary[];
}) {
  if (featured.length === 0 && posts.length === 0) {
    return <p className="py-16 text-center text-lg text-slate-600">{blogMessages.empty}</p>;
  }
  return (
    <>
      {featured.length > 0 ? (
        <PostSection heading={blogCopy.featuredHeading} posts={featured} featured leading />
      ) : null}
      {posts.length > 0 ? (
        <PostSection
          heading={hasFeatured ? blogCopy.latestHeading : blogCopy.allHeading}
          posts={posts}
          leading={featured.length === 0}
        />
      ) : null}
      <BlogPagination page={page} pageCount={pageCount} />
    </>
  );
}

/** Cards in the first row of the page's first section: their pictures are not left to load late. */
const FIRST_ROW = 3;

function PostSection({
  heading,
  posts,
  featured = false,
  leading = false,
}: {
  heading: string;
  posts: PublicPostSummary[];
  featured?: boolean;
  /** The page's first section: its first row is what a first view shows. */
  leading?: boolean;
}) {
  const id = featured ? "featured-articles" : "articles";
  return (
    <section aria-labelledby={id} className="mt-16 first:mt-4">
      <h2 id={id} className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
        {heading}
      </h2>
      <ul className="mt-8 grid list-none gap-8 p-0 sm:grid-cols-2 lg:grid-cols-3">
        {posts.map((post, index) => (
          <li key={post.slug} className="flex">
            <PostCard post={post} featured={featured} inFirstView={leading && index < FIRST_ROW} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function BlogError() {
  return (
    <p role="alert" className="mx-auto mt-4 max-w-2xl rounded-xl border border-red-200 bg-red-50 px-6 py-5 text-center text-red-800">
      {blogMessages.listError}
    </p>
  );
}

/** A page past the last one is not found; anything else that fails shows the list's error state. */
export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  return (
    <>
      <PageHeader title={blogCopy.title} lead={blogCopy.lead} />
      <div className="mx-auto max-w-6xl px-4 pb-24 sm:px-6">
        <BlogError />
      </div>
    </>
  );
}
