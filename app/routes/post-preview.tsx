import { data } from "react-router";
import { blogMessages } from "../../domain/blog";
import { workflowTexts } from "../../domain/post-workflow";
import { getPreviewPost } from "../../server/blog/preview-links.server";
import { Article } from "../components/blog/article";
import { PostNotFound } from "../components/blog/post-not-found";
import { blogMeta } from "../content/blog";
import { articleSeoMeta } from "../lib/blog/article-meta";
import { pageMeta, siteFromMatches } from "../lib/meta";
import "../styles/article.css";
import type { Route } from "./+types/post-preview";

/**
 * /preview/{token}: a post as its article page will show it, drafts and unsaved edits included,
 * for whoever holds an unexpired, unrevoked link. Never indexed, never stored by a cache.
 */
const PRIVATE_HEADERS = {
  "Cache-Control": "no-store",
  "X-Robots-Tag": "noindex, nofollow",
};

export async function loader({ params, context }: Route.LoaderArgs) {
  const post = await getPreviewPost(context.services.db, params.token);
  return data({ post: post ?? null }, { status: post ? 200 : 404, headers: PRIVATE_HEADERS });
}

export const headers: Route.HeadersFunction = () => PRIVATE_HEADERS;

export const meta: Route.MetaFunction = ({ matches, data: loaderData }) => {
  const post = loaderData?.post;
  return pageMeta(siteFromMatches(matches), {
    ...blogMeta,
    title: post ? `${workflowTexts.previewBanner}: ${post.title}` : blogMessages.postNotFound,
    ...(post ? articleSeoMeta(post, post.seo) : {}),
    path: post ? `/blog/${post.slug}` : "/blog",
    noindex: true,
  });
};

export default function PostPreviewPage({ loaderData }: Route.ComponentProps) {
  const { post } = loaderData;
  if (!post) return <PostNotFound />;
  return (
    <>
      <aside
        aria-label={workflowTexts.previewBanner}
        className="fixed inset-x-0 bottom-0 z-50 bg-amber-300 px-4 py-3 text-center text-sm text-slate-900 shadow-lg"
      >
        <strong className="mr-2 rounded bg-slate-900 px-2 py-0.5 text-xs font-bold uppercase tracking-wide text-amber-200">
          {workflowTexts.previewBanner}
        </strong>
        {workflowTexts.previewBannerLead}
      </aside>
      <Article post={post} preview />
    </>
  );
}
