import { data } from "react-router";
import { blogMessages } from "../../domain/blog";
import { workflowTexts } from "../../domain/post-workflow";
import { getPreviewPost } from "../../server/blog/preview-links.server";
import { getPreviewPage } from "../../server/pages/page-preview.server";
import { pageExtras } from "../../server/pages/public-pages.server";
import { Article } from "../components/blog/article";
import { splitComponentsLoaded } from "../components/blocks/split-component";
import { PageBlocks } from "../components/blocks/page-blocks";
import { PostNotFound } from "../components/blog/post-not-found";
import { blogMeta } from "../content/blog";
import { articleSeoMeta } from "../lib/blog/article-meta";
import { pageMeta, siteFromMatches } from "../lib/meta";
import { sitePageMeta } from "../lib/pages/page-meta";
import type { Route } from "./+types/post-preview";

/**
 * /preview/{token}: a post as its article page will show it, drafts and unsaved edits included,
 * for whoever holds an unexpired, unrevoked link; a token that is not a post's may be an edited
 * page's, shown with its draft (docs/decisions/197). Never indexed, never stored by a cache.
 */
const PRIVATE_HEADERS = {
  "Cache-Control": "no-store",
  "X-Robots-Tag": "noindex, nofollow",
};

export async function loader({ params, context }: Route.LoaderArgs) {
  const { db } = context.services;
  const post = await getPreviewPost(db, params.token);
  if (post) {
    // As on the article page (decision 073), the body goes into the server render only, not into
    // the hydration data too: hydration takes it back from the page.
    const { content, ...shown } = post;
    context.articleHtml = content;
    return data({ post: shown, page: null }, { status: 200, headers: PRIVATE_HEADERS });
  }
  const page = await getPreviewPage(db, params.token);
  if (!page) return data({ post: null, page: null }, { status: 404, headers: PRIVATE_HEADERS });
  const [{ posts, images, forms }] = await Promise.all([pageExtras(db, page.blocks), splitComponentsLoaded()]);
  return data({ post: null, page: { ...page, posts, images, forms } }, { status: 200, headers: PRIVATE_HEADERS });
}

export const headers: Route.HeadersFunction = () => PRIVATE_HEADERS;

export const meta: Route.MetaFunction = ({ matches, data: loaderData }) => {
  const post = loaderData?.post;
  const page = loaderData?.page;
  if (page) {
    const shown = sitePageMeta(page);
    return pageMeta(siteFromMatches(matches), { ...shown, title: `${workflowTexts.previewBanner}: ${shown.title}`, noindex: true });
  }
  return pageMeta(siteFromMatches(matches), {
    ...blogMeta,
    title: post ? `${workflowTexts.previewBanner}: ${post.title}` : blogMessages.postNotFound,
    ...(post ? articleSeoMeta(post, post.seo) : {}),
    path: post ? `/blog/${post.slug}` : "/blog",
    noindex: true,
  });
};

export default function PostPreviewPage({ loaderData }: Route.ComponentProps) {
  const { post, page } = loaderData;
  if (page) {
    return (
      <>
        <PreviewBanner />
        <PageBlocks blocks={page.blocks} posts={page.posts} images={page.images} forms={page.forms} />
      </>
    );
  }
  if (!post) return <PostNotFound />;
  return (
    <>
      <PreviewBanner />
      <Article post={post} preview />
    </>
  );
}

/** Says, at the foot of the window, that what is shown is a preview. */
function PreviewBanner() {
  return (
    <aside
      aria-label={workflowTexts.previewBanner}
      className="fixed inset-x-0 bottom-0 z-50 bg-amber-300 px-4 py-3 text-center text-sm text-slate-900 shadow-lg"
    >
      <strong className="mr-2 rounded bg-slate-900 px-2 py-0.5 text-xs font-bold uppercase tracking-wide text-amber-200">
        {workflowTexts.previewBanner}
      </strong>
      {workflowTexts.previewBannerLead}
    </aside>
  );
}
