import { data, Link, useNavigation } from "react-router";
import type { PublicPost } from "../../domain/blog-post";
import { blogMessages } from "../../domain/blog";
import { loadArticle } from "../../server/blog/blog-pages.server";
import { ShareButton } from "../components/blog/share-button";
import { Spinner } from "../components/blog/spinner";
import { articleCopy, blogImages } from "../content/blog";
import { pageMetaDefaults } from "../content/page-meta";
import { articleStructuredData } from "../lib/blog-structured-data";
import { formatPostDate } from "../lib/dates";
import { pageMeta, siteFromMatches } from "../lib/meta";
import { usePrerenderReady } from "../lib/use-prerender-ready";
import "../styles/article.css";
import type { Route } from "./+types/blog-post";

export async function loader({ params, context }: Route.LoaderArgs) {
  const result = await loadArticle(context.services, params.slug);
  if (result.kind === "ok") return { post: result.post };
  // A missing or unpublished post, or a failure: 'Post Not Found', with a status that says which.
  return data({ post: null }, { status: result.kind === "not_found" ? 404 : 503 });
}

export const meta: Route.MetaFunction = ({ matches, data: loaderData }) => {
  const site = siteFromMatches(matches);
  const post = loaderData?.post;
  if (!post) {
    return pageMeta(site, {
      ...pageMetaDefaults.blog,
      title: blogMessages.postNotFound,
      noindex: true,
    });
  }
  return pageMeta(site, {
    title: post.title,
    description: post.excerpt || pageMetaDefaults.blog.description,
    path: `/blog/${post.slug}`,
    keywords: [post.category, ...pageMetaDefaults.blog.keywords],
    type: "article",
    image: post.featured_image_url ?? undefined,
    article: {
      publishedTime: post.created_at,
      modifiedTime: post.updated_at,
      author: post.author_name,
      section: post.category,
    },
    structuredData: articleStructuredData(site, post),
  });
};

export default function BlogPostPage({ loaderData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname.startsWith("/blog/");
  const { post } = loaderData;
  usePrerenderReady(post?.slug ?? "post-not-found");

  if (loading) return <Spinner label={articleCopy.loading} />;
  if (!post) return <PostNotFound />;
  return <Article post={post} />;
}

function Article({ post }: { post: PublicPost }) {
  const avatar = post.author_avatar_url
    ? { src: post.author_avatar_url, width: 96, height: 96 }
    : blogImages.avatarPlaceholder;
  return (
    <article>
      <div className="mx-auto max-w-3xl px-4 pt-10 sm:px-6">
        <nav aria-label={articleCopy.breadcrumbLabel}>
          <ol className="flex flex-wrap items-center gap-2 text-sm text-slate-500">
            <li>
              <Link to="/" className="hover:text-indigo-700">
                {articleCopy.home}
              </Link>
            </li>
            <li aria-hidden="true">/</li>
            <li>
              <Link to="/blog" className="hover:text-indigo-700">
                {articleCopy.blog}
              </Link>
            </li>
            <li aria-hidden="true">/</li>
            <li aria-current="page" className="line-clamp-1 font-medium text-slate-700">
              {post.title}
            </li>
          </ol>
        </nav>

        <Link
          to="/blog"
          className="mt-8 inline-flex items-center gap-2 text-sm font-semibold text-indigo-700 hover:text-indigo-900"
        >
          <span aria-hidden="true">←</span>
          {blogMessages.backToBlog}
        </Link>

        <header className="mt-6">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-2 text-sm text-slate-500">
            <span className="rounded-full bg-indigo-50 px-3 py-1 text-xs font-semibold text-indigo-700">
              {post.category}
            </span>
            <time dateTime={post.created_at}>{formatPostDate(post.created_at)}</time>
            <span aria-hidden="true">·</span>
            <span>{post.author_name}</span>
            <span aria-hidden="true">·</span>
            <span>{post.read_time}</span>
          </div>
          <h1 className="mt-4 text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl">{post.title}</h1>

          <div className="mt-8 flex flex-wrap items-center justify-between gap-6 border-y border-slate-200 py-6">
            <div className="flex items-center gap-4">
              <img
                src={avatar.src}
                width={avatar.width}
                height={avatar.height}
                alt=""
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
            <ShareButton title={post.title} />
          </div>
        </header>

        {post.featured_image_url ? (
          <img
            src={post.featured_image_url}
            width={blogImages.placeholder.width}
            height={blogImages.placeholder.height}
            alt={post.title}
            className="mt-10 aspect-video w-full rounded-2xl bg-indigo-50 object-cover"
          />
        ) : null}

        {/* The body comes only from the server's allowlist (server/blog/article-html.server.ts). */}
        <div className="article-body mt-10" dangerouslySetInnerHTML={{ __html: post.content }} />
      </div>

      <section aria-labelledby="article-cta" className="mx-auto mt-20 max-w-4xl px-4 pb-24 sm:px-6">
        <div className="rounded-3xl bg-indigo-700 px-8 py-12 text-center text-white shadow-xl">
          <h2 id="article-cta" className="text-3xl font-bold tracking-tight">
            {articleCopy.ctaTitle}
          </h2>
          <p className="mx-auto mt-4 max-w-2xl text-indigo-100">{articleCopy.ctaLead}</p>
          <Link
            to={articleCopy.ctaHref}
            className="mt-8 inline-block rounded-full bg-white px-8 py-3 font-semibold text-indigo-700 hover:bg-indigo-50"
          >
            {articleCopy.ctaButton}
          </Link>
        </div>
      </section>
    </article>
  );
}

function PostNotFound() {
  return (
    <section className="mx-auto flex min-h-[60vh] max-w-2xl flex-col items-center justify-center px-6 py-24 text-center">
      <h1 className="text-4xl font-extrabold tracking-tight text-slate-900">{blogMessages.postNotFound}</h1>
      <p className="mt-4 text-lg text-slate-600">{articleCopy.notFoundLead}</p>
      <Link
        to="/blog"
        className="mt-8 rounded-full bg-indigo-700 px-6 py-3 font-semibold text-white hover:bg-indigo-800"
      >
        {blogMessages.backToBlog}
      </Link>
    </section>
  );
}

/** Anything else that fails on the way to an article: 'Post Not Found' (specification, section 2). */
export function ErrorBoundary() {
  return <PostNotFound />;
}
