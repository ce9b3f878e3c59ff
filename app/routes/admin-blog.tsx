import { useEffect, useState } from "react";
import { toast } from "sonner";
import { adminTexts, adminToasts } from "../../domain/admin-messages";
import type { BlogPostSummary } from "../../domain/blog-post";
import { QueryStatus } from "../components/admin/admin-panels";
import { PostTable } from "../components/admin/post-table";
import { RevokeAllPreviewLinks } from "../components/admin/workflow/revoke-all-preview-links";
import { MessagePanel } from "../components/ui/message-panel";
import { adminPageMeta } from "../content/admin-page-meta";
import { adminApi, type AdminApiResult } from "../lib/admin/client";
import { useAdminCall, useAdminQuery } from "../lib/admin/hooks";
import { useAdminLogout } from "../lib/admin/use-logout";
import { onPostsChanged, toastTakenDown } from "../lib/admin/post-undo";
import { pageMeta, siteFromMatches } from "../lib/meta";
import type { Route } from "./+types/admin-blog";
import { SiteLink } from "../components/ui/site-link";
import { WaitingReviews } from "../components/admin/waiting-reviews";
import { may } from "../../domain/roles";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteFromMatches(matches), adminPageMeta.blog);

const INBOXES = [
  { to: "/admin/messages", label: adminTexts.contactMessages },
  { to: "/admin/reports", label: adminTexts.securityReports },
];

type Toast = { title: string; description: string };

export default function AdminBlog() {
  const logout = useAdminLogout();
  const run = useAdminCall();
  const { query: list, reload } = useAdminQuery("posts", adminApi.listPosts);
  const { query: me } = useAdminQuery("me", adminApi.me);
  const reviewer = me.status === "ready" && may(me.data.role, "posts.review");
  const [pendingIds, setPendingIds] = useState<ReadonlySet<string>>(new Set());
  // An Undo changed a post after the list loaded: read it again.
  useEffect(() => onPostsChanged(reload), [reload]);

  /** Runs one change to a post, toasts its outcome and reloads the list whatever happened. */
  async function change(post: BlogPostSummary, request: () => Promise<AdminApiResult<unknown>>, success: Toast | (() => void), failure: Toast) {
    setPendingIds((ids) => new Set(ids).add(post.id));
    const result = await run(request());
    setPendingIds((ids) => {
      const next = new Set(ids);
      next.delete(post.id);
      return next;
    });
    if (result.ok) {
      if (typeof success === "function") success();
      else toast.success(success.title, { description: success.description });
    } else {
      toast.error(failure.title, { description: failure.description });
      if (result.status === 401) return;
    }
    reload();
  }

  function togglePublished(post: BlogPostSummary) {
    const published = !post.published;
    void change(
      post,
      () => adminApi.updatePost(post.id, { published }),
      // Unpublishing offers Undo: one click puts the post back as it was (decision 182).
      published ? adminToasts.published : () => toastTakenDown(adminToasts.unpublished, post),
      adminToasts.statusFailed,
    );
  }

  function toggleFeatured(post: BlogPostSummary) {
    const featured = !post.featured;
    void change(
      post,
      () => adminApi.updatePost(post.id, { featured }),
      featured ? adminToasts.featured : adminToasts.unfeatured,
      adminToasts.featuredFailed,
    );
  }

  function remove(post: BlogPostSummary) {
    if (!window.confirm(adminTexts.confirmDelete(post.title))) return;
    void change(post, () => adminApi.deletePost(post.id), adminToasts.deleted, adminToasts.deleteFailed);
  }


  return (
    <section className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">{adminTexts.listHeading}</h1>
        <div className="flex flex-wrap items-center gap-3">
          <SiteLink to="/blog" className="rounded-md border border-slate-300 px-4 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-50">
            {adminTexts.viewBlog}
          </SiteLink>
          <SiteLink to="/admin/blog/new" className="rounded-md bg-indigo-700 px-4 py-2 text-sm font-semibold text-white hover:bg-indigo-800">
            {adminTexts.newPost}
          </SiteLink>
          <button
            type="button"
            onClick={() => void logout()}
            className="rounded-md border border-slate-300 px-4 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-50"
          >
            {adminTexts.logout}
          </button>
        </div>
      </div>
      <nav aria-label={adminTexts.inboxesNav} className="mt-4">
        <ul className="flex flex-wrap gap-4 text-sm">
          {INBOXES.map((inbox) => (
            <li key={inbox.to}>
              <SiteLink to={inbox.to} className="font-semibold text-indigo-700 underline-offset-4 hover:underline">
                {inbox.label}
              </SiteLink>
            </li>
          ))}
        </ul>
      </nav>
      {reviewer ? <WaitingReviews /> : null}
      <div className="mt-8">
        <QueryStatus query={list} loading={adminTexts.loadingPosts} failed={adminTexts.loadPostsFailed} className="py-16 text-center" />
        {list.status !== "ready" ? null : list.data.length === 0 ? (
          <EmptyState />
        ) : (
          <PostTable
            posts={list.data}
            pendingIds={pendingIds}
            onTogglePublished={togglePublished}
            onToggleFeatured={toggleFeatured}
            onDelete={remove}
          />
        )}
      </div>
      {/* Links exist only for posts: with none, there is nothing to revoke. */}
      {list.status === "ready" && list.data.length > 0 ? <RevokeAllPreviewLinks /> : null}
    </section>
  );
}

function EmptyState() {
  return (
    <MessagePanel
      className="rounded-2xl border-2 border-dashed border-slate-200 px-6 py-16 text-center"
      heading={<h2 className="text-xl font-semibold text-slate-900">{adminTexts.emptyHeading}</h2>}
      lead={adminTexts.emptyLead}
      leadClassName="mt-2 text-slate-600"
      linkClassName="mt-6 inline-block rounded-md bg-indigo-700 px-4 py-2 text-sm font-semibold text-white hover:bg-indigo-800"
      link={{ to: "/admin/blog/new", label: adminTexts.createFirstPost }}
    />
  );
}
