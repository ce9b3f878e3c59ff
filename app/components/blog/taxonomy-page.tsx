import { isRouteErrorResponse, useRouteError } from "react-router";
import type { PublicPostSummary } from "../../../domain/blog-post";
import { BLOG_IMAGE_SIZES, blogMessages } from "../../../domain/blog";
import { blogCopy, readerCopy } from "../../content/blog";
import { NotFound } from "../layout/not-found";
import { PageHeader } from "../ui/page-header";
import { BlogBreadcrumbs } from "./blog-breadcrumbs";
import { BlogPagination } from "./blog-pagination";
import { PostCard } from "./post-card";
import { PostImage } from "./post-image";

/** A category's or author's page (decision 157): its name as heading, its posts as on /blog. */
export function TaxonomyPage({
  eyebrow,
  name,
  lead,
  path,
  page,
  pageCount,
  posts,
  profile,
}: {
  eyebrow: string;
  name: string;
  lead: string;
  path: string;
  page: number;
  pageCount: number;
  posts: PublicPostSummary[];
  profile?: { avatar_url: string | null; avatar_srcset: string | null; bio: string };
}) {
  return (
    <>
      <PageHeader eyebrow={eyebrow} title={name} lead={profile?.bio || lead}>
        {profile ? (
          <PostImage
            src={profile.avatar_url}
            srcSet={profile.avatar_srcset}
            sizes={BLOG_IMAGE_SIZES.avatar}
            kind="avatar"
            className="mx-auto mt-6 h-14 w-14 rounded-full bg-indigo-50 object-cover"
          />
        ) : null}
      </PageHeader>
      <div className="mx-auto max-w-6xl px-4 pb-24 sm:px-6">
        <BlogBreadcrumbs current={name} />
        <section aria-labelledby="articles" className="mt-10">
          <div className="flex flex-wrap items-baseline justify-between gap-4">
            <h2 id="articles" className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
              {readerCopy.articlesHeading}
            </h2>
            <a href={`${path}/rss.xml`} className="text-sm font-semibold text-indigo-700 hover:text-indigo-900">
              {readerCopy.feedLabel(name)}
            </a>
          </div>
          <ul className="mt-8 grid list-none gap-8 p-0 sm:grid-cols-2 lg:grid-cols-3">
            {posts.map((post, index) => (
              <li key={post.slug} className="flex">
                <PostCard post={post} inFirstView={index < 3} />
              </li>
            ))}
          </ul>
        </section>
        <BlogPagination page={page} pageCount={pageCount} href={(value) => (value === 1 ? path : `${path}?page=${value}`)} />
      </div>
    </>
  );
}

/** A category's or author's error boundary: no such name or page is not found; a failure, the blog list's error message. */
export function TaxonomyError() {
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
