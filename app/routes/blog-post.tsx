import { data, redirect, useNavigation } from "react-router";
import { blogMessages } from "../../domain/blog";
import { loadArticle } from "../../server/blog/blog-pages.server";
import { Article, type ArticlePost } from "../components/blog/article";
import { PostNotFound } from "../components/blog/post-not-found";
import { Spinner } from "../components/blog/spinner";
import { articleCopy, blogMeta } from "../content/blog";
import { articleSeoMeta } from "../lib/blog/article-meta";
import { articleStructuredData } from "../lib/blog/structured-data";
import { callApi } from "../lib/api-client";
import { pageMeta, siteFromMatches } from "../lib/meta";
import { usePrerenderReady } from "../lib/browser/use-prerender-ready";
import type { Route } from "./+types/blog-post";

export async function loader({ params, context }: Route.LoaderArgs) {
  const result = await loadArticle(context.services, params.slug);
  if (result.kind === "ok") {
    // The body goes into the server render only, not into the hydration data.
    const { content, ...post } = result.post;
    context.articleHtml = content;
    // The related posts it shows drop its cached page when they change (decision 158).
    context.cacheTags = result.cacheTags;
    return { post: post as ArticlePost, seo: result.seo, toc: result.toc, related: result.related, links: result.links, socialCard: result.socialCard };
  }
  if (result.kind === "redirect") throw redirect(result.to, 301);
  // A missing or unpublished post, or a failure: 'Post Not Found', with a status that says which.
  return data({ post: null as ArticlePost | null }, { status: result.kind === "not_found" ? 404 : 503 });
}

/**
 * Navigating within the site: the body from the public API, and beside it what the server's
 * loader adds (table of contents, related articles, SEO fields), both at once.
 */
export async function clientLoader({ params, serverLoader }: Route.ClientLoaderArgs) {
  const [answer, server] = await Promise.all([callApi<ArticlePost>(`/api/posts/${encodeURIComponent(params.slug)}`), serverLoader().catch(() => undefined)]);
  if (!answer.ok) return { post: null as ArticlePost | null };
  const extra = server && "toc" in server ? server : undefined;
  return { toc: [], related: [], ...extra, post: answer.data };
}

export const meta: Route.MetaFunction = ({ matches, data: loaderData }) => {
  const site = siteFromMatches(matches);
  const post = loaderData?.post;
  const seo = loaderData && "seo" in loaderData ? loaderData.seo : undefined;
  if (!post) {
    return pageMeta(site, {
      ...blogMeta,
      title: blogMessages.postNotFound,
      noindex: true,
    });
  }
  const socialCard = loaderData && "socialCard" in loaderData ? loaderData.socialCard : undefined;
  const { description, image } = articleSeoMeta(post, seo);
  // The post's own SEO fields when set, the specification's defaults otherwise; without any
  // image, the post's own generated card (decision 160).
  return pageMeta(site, {
    title: seo?.meta_title || post.title,
    description,
    image: image ?? socialCard,
    path: `/blog/${post.slug}`,
    keywords: [post.category, ...blogMeta.keywords],
    type: "article",
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
  const toc = "toc" in loaderData ? loaderData.toc : undefined;
  const related = "related" in loaderData ? loaderData.related : undefined;
  const links = "links" in loaderData ? loaderData.links : undefined;
  return <Article key={post.slug} post={post} toc={toc} related={related} links={links} />;
}

/** Anything else that fails on the way to an article: 'Post Not Found' (specification, section 2). */
export function ErrorBoundary() {
  return <PostNotFound />;
}
