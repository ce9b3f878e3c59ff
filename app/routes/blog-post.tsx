import { data, redirect, useNavigation } from "react-router";
import { blogMessages } from "../../domain/blog";
import { loadArticle } from "../../server/blog/blog-pages.server";
import { Article, type ArticlePost } from "../components/blog/article";
import { PostNotFound } from "../components/blog/post-not-found";
import { Spinner } from "../components/blog/spinner";
import { articleCopy, blogMeta } from "../content/blog";
import { articleSeoMeta } from "../lib/blog/article-meta";
import { articleStructuredData } from "../lib/blog/structured-data";
import { pageMeta, siteFromMatches } from "../lib/meta";
import { usePrerenderReady } from "../lib/browser/use-prerender-ready";
import "../styles/article.css";
import type { Route } from "./+types/blog-post";

export async function loader({ params, context }: Route.LoaderArgs) {
  const result = await loadArticle(context.services, params.slug);
  if (result.kind === "ok") {
    // The body goes into the server render only, not into the hydration data.
    const { content, ...post } = result.post;
    context.articleHtml = content;
    return { post: post as ArticlePost, seo: result.seo };
  }
  if (result.kind === "redirect") throw redirect(result.to, 301);
  // A missing or unpublished post, or a failure: 'Post Not Found', with a status that says which.
  return data({ post: null as ArticlePost | null }, { status: result.kind === "not_found" ? 404 : 503 });
}

/** Navigating within the site: the whole post, body included, from the public API. */
export async function clientLoader({ params }: Route.ClientLoaderArgs) {
  const response = await fetch(`/api/posts/${encodeURIComponent(params.slug)}`, {
    headers: { accept: "application/json" },
  });
  if (!response.ok) return { post: null as ArticlePost | null };
  return { post: (await response.json()) as ArticlePost };
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
  // The post's own SEO fields when set, the specification's defaults otherwise.
  return pageMeta(site, {
    title: seo?.meta_title || post.title,
    ...articleSeoMeta(post, seo),
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
  return <Article key={post.slug} post={post} />;
}

/** Anything else that fails on the way to an article: 'Post Not Found' (specification, section 2). */
export function ErrorBoundary() {
  return <PostNotFound />;
}
