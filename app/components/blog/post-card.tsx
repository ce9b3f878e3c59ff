import { BLOG_IMAGE_SIZES } from "../../../domain/blog";
import type { PublicPostSummary } from "../../../domain/blog-post";
import { categoryLinkLabel } from "../../content/blog";
import { formatPostDate } from "../../lib/dates";
import { PostImage } from "./post-image";
import { SiteLink } from "../ui/site-link";

/**
 * One post in the blog grid. The title's link covers the whole card, so the card is one click
 * target; the category's link label repeats it for people who read to the end. Pictures load
 * when scrolled near, except in the cards a first view shows (`inFirstView`).
 */
export function PostCard({
  post,
  featured = false,
  inFirstView = false,
}: {
  post: PublicPostSummary;
  featured?: boolean;
  inFirstView?: boolean;
}) {
  const href = `/blog/${post.slug}`;
  const label = categoryLinkLabel(post.category);
  return (
    <article
      className={`group relative flex w-full flex-col overflow-hidden rounded-2xl border bg-white shadow-sm transition-shadow hover:shadow-lg ${
        featured ? "border-indigo-200" : "border-slate-200"
      }`}
    >
      <PostImage
        src={post.featured_image_url}
        srcSet={post.featured_image_srcset}
        sizes={BLOG_IMAGE_SIZES.card}
        kind="featured"
        lazy={!inFirstView}
        className="aspect-video w-full bg-indigo-50 object-cover"
      />
      <div className="flex flex-1 flex-col p-6">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-500">
          <span className="rounded-full bg-indigo-50 px-3 py-1 text-xs font-semibold text-indigo-700">
            {post.category}
          </span>
          <span className="whitespace-nowrap">
            <time dateTime={post.created_at}>{formatPostDate(post.created_at)}</time>
            <span aria-hidden="true"> · </span>
            {post.read_time}
          </span>
        </div>
        <h3 className="mt-4 text-xl font-bold leading-snug text-slate-900 group-hover:text-indigo-700">
          <SiteLink to={href} className="after:absolute after:inset-0 after:content-['']">
            {post.title}
          </SiteLink>
        </h3>
        {post.excerpt ? <p className="mt-3 line-clamp-3 text-slate-600">{post.excerpt}</p> : null}
        <div className="mt-auto flex items-center justify-between gap-4 pt-6 text-sm">
          <span className="font-medium text-slate-700">{post.author_name}</span>
          <SiteLink
            to={href}
            aria-label={`${label}: ${post.title}`}
            className="relative z-10 inline-flex items-center gap-1 font-semibold text-indigo-700 hover:text-indigo-900"
          >
            {label}
            <span aria-hidden="true">→</span>
          </SiteLink>
        </div>
      </div>
    </article>
  );
}
