import type { PublicPost } from "../../../domain/blog-post";
import { BLOG_IMAGE_SIZES, blogMessages } from "../../../domain/blog";
import { articleCopy } from "../../content/blog";
import { ARTICLE_BODY_ID, useArticleBody } from "../../lib/blog/article-body";
import { formatPostDate } from "../../lib/dates";
import { CalloutPanel } from "../ui/callout-panel";
import { PostImage } from "./post-image";
import { RelatedPosts, type RelatedPost } from "./related-posts";
import { SearchForm } from "./search-form";
import { ShareButton } from "./share-button";
import { TableOfContents, type TocEntry } from "./table-of-contents";
import { SiteLink } from "../ui/site-link";
import { BlogBreadcrumbs } from "./blog-breadcrumbs";

/** A post as the page gets it: the body only when it was not rendered by the server (decision 073). */
export type ArticlePost = Omit<PublicPost, "content"> & { content?: string };

/**
 * One article as the public page shows it; the private preview shows exactly the same, except that
 * Share there offers the post's public address, never the secret preview link.
 */
export function Article({
  post,
  preview = false,
  toc = [],
  related = [],
  links,
}: {
  post: ArticlePost;
  preview?: boolean;
  /** Its headings, when it has three h2 or more (decision 159). */
  toc?: TocEntry[];
  /** Other articles to read next (decision 158). */
  related?: RelatedPost[];
  /** The addresses of its category's and author's pages, when they have one (decision 157). */
  links?: { category?: string; author?: string };
}) {
  const body = useArticleBody(post.content);
  const categoryHref = links?.category;
  const authorHref = links?.author;
  const badgeClass = "rounded-full bg-indigo-50 px-3 py-1 text-xs font-semibold text-indigo-700";
  return (
    <article>
      <div className="mx-auto max-w-3xl px-4 pt-10 sm:px-6">
        <BlogBreadcrumbs current={post.title} currentClassName="line-clamp-1" />

        {preview ? null : <SearchForm id="article-search" className="mt-6" />}

        <SiteLink
          to="/blog"
          className="mt-8 inline-flex items-center gap-2 text-sm font-semibold text-indigo-700 hover:text-indigo-900"
        >
          <span aria-hidden="true">←</span>
          {blogMessages.backToBlog}
        </SiteLink>

        <header className="mt-6">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-2 text-sm text-slate-500">
            {categoryHref ? (
              <SiteLink to={categoryHref} className={`${badgeClass} hover:bg-indigo-100`}>
                {post.category}
              </SiteLink>
            ) : (
              <span className={badgeClass}>{post.category}</span>
            )}
            <time dateTime={post.created_at}>{formatPostDate(post.created_at)}</time>
            <span aria-hidden="true">·</span>
            {authorHref ? (
              <SiteLink to={authorHref} className="underline-offset-2 hover:text-indigo-700 hover:underline">
                {post.author_name}
              </SiteLink>
            ) : (
              <span>{post.author_name}</span>
            )}
            <span aria-hidden="true">·</span>
            <span>{post.read_time}</span>
          </div>
          <h1 className="mt-4 text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl">{post.title}</h1>

          <div className="mt-8 flex flex-wrap items-center justify-between gap-6 border-y border-slate-200 py-6">
            <div className="flex items-center gap-4">
              <PostImage
                src={post.author_avatar_url}
                srcSet={post.author_avatar_srcset}
                sizes={BLOG_IMAGE_SIZES.avatar}
                kind="avatar"
                className="h-14 w-14 rounded-full bg-indigo-50 object-cover"
              />
              <div>
                <p className="font-semibold text-slate-900">{post.author_name}</p>
                <p className="text-sm text-slate-600">{post.author_bio || blogMessages.authorBioFallback}</p>
                {post.author_linkedin_url ? (
                  <a
                    href={post.author_linkedin_url}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="mt-1 inline-block text-sm font-medium text-indigo-700 hover:text-indigo-900"
                  >
                    {articleCopy.authorProfile}
                    <span className="sr-only"> {articleCopy.opensInNewTab}</span>
                  </a>
                ) : null}
              </div>
            </div>
            <ShareButton title={post.title} path={preview ? `/blog/${encodeURIComponent(post.slug)}` : undefined} />
          </div>
        </header>

        {post.featured_image_url ? (
          <PostImage
            src={post.featured_image_url}
            srcSet={post.featured_image_srcset}
            sizes={BLOG_IMAGE_SIZES.article}
            kind="featured"
            alt={post.title}
            className="mt-10 aspect-video w-full rounded-2xl bg-indigo-50 object-cover"
          />
        ) : null}

        <div className="relative">
          <TableOfContents entries={toc} />
          {/* The body comes only from the server's allowlist (server/blog/article-html.server.ts). */}
          <div id={ARTICLE_BODY_ID} className="article-body mt-10" dangerouslySetInnerHTML={{ __html: body }} />
        </div>
      </div>

      <RelatedPosts posts={related} />

      <section aria-labelledby="article-cta" className="mx-auto mt-20 max-w-4xl px-4 pb-24 sm:px-6">
        <CalloutPanel tone="inverse" headingId="article-cta" title={articleCopy.ctaTitle} lead={articleCopy.ctaLead}>
          <SiteLink
            to={articleCopy.ctaHref}
            className="mt-8 inline-block rounded-full bg-white px-8 py-3 font-semibold text-indigo-700 hover:bg-indigo-50"
          >
            {articleCopy.ctaButton}
          </SiteLink>
        </CalloutPanel>
      </section>
    </article>
  );
}
