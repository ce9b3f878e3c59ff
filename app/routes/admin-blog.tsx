import { useCallback, useEffect, useState } from "react";
import { Link, useNavigate } from "react-router";
import { toast } from "sonner";
import { adminTexts, adminToasts } from "../../domain/admin-messages";
import type { BlogPostSummary } from "../../domain/blog-post";
import { PostTable } from "../components/admin/post-table";
import { RequireAdmin } from "../components/admin/require-admin";
import { pageMetaDefaults } from "../content/page-meta";
import { deleteAdminPost, listAdminPosts, logoutAdmin, updateAdminPost } from "../lib/admin-api";
import { clearAdminToken } from "../lib/admin-session";
import { pageMeta, siteFromMatches } from "../lib/meta";
import { useAdminUnauthorized } from "../lib/use-admin-unauthorized";
import type { Route } from "./+types/admin-blog";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteFromMatches(matches), pageMetaDefaults.adminBlog);

export default function AdminBlogPage() {
  return (
    <RequireAdmin>
      <AdminBlog />
    </RequireAdmin>
  );
}

type ListState = { status: "loading" } | { status: "failed" } | { status: "ready"; posts: BlogPostSummary[] };
type Toast = { title: string; description: string };

function AdminBlog() {
  const navigate = useNavigate();
  const onUnauthorized = useAdminUnauthorized();
  const [list, setList] = useState<ListState>({ status: "loading" });
  const [pendingIds, setPendingIds] = useState<ReadonlySet<string>>(new Set());

  const refresh = useCallback(async () => {
    const result = await listAdminPosts();
    if (result.ok) return setList({ status: "ready", posts: result.data });
    if (!onUnauthorized(result.status)) setList({ status: "failed" });
  }, [onUnauthorized]);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  /** Runs one change to a post, toasts its outcome and reloads the list whatever happened. */
  async function change(post: BlogPostSummary, run: () => Promise<{ ok: boolean; status?: number }>, success: Toast, failure: Toast) {
    setPendingIds((ids) => new Set(ids).add(post.id));
    const result = await run();
    setPendingIds((ids) => {
      const next = new Set(ids);
      next.delete(post.id);
      return next;
    });
    if (result.ok) {
      toast.success(success.title, { description: success.description });
    } else {
      toast.error(failure.title, { description: failure.description });
      if (onUnauthorized(result.status ?? 0)) return;
    }
    await refresh();
  }

  function togglePublished(post: BlogPostSummary) {
    const published = !post.published;
    void change(
      post,
      () => updateAdminPost(post.id, { published }),
      published ? adminToasts.published : adminToasts.unpublished,
      adminToasts.statusFailed,
    );
  }

  function toggleFeatured(post: BlogPostSummary) {
    const featured = !post.featured;
    void change(
      post,
      () => updateAdminPost(post.id, { featured }),
      featured ? adminToasts.featured : adminToasts.unfeatured,
      adminToasts.featuredFailed,
    );
  }

  function remove(post: BlogPostSummary) {
    if (!window.confirm(adminTexts.confirmDelete(post.title))) return;
    void change(post, () => deleteAdminPost(post.id), adminToasts.deleted, adminToasts.deleteFailed);
  }

  async function logout() {
    await logoutAdmin();
    clearAdminToken();
    toast.success(adminToasts.loggedOut.title);
    navigate("/admin/login");
  }

  return (
    <section className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">{adminTexts.listHeading}</h1>
        <div className="flex flex-wrap items-center gap-3">
          <Link to="/blog" className="rounded-md border border-slate-300 px-4 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-50">
            {adminTexts.viewBlog}
          </Link>
          <Link to="/admin/blog/new" className="rounded-md bg-indigo-700 px-4 py-2 text-sm font-semibold text-white hover:bg-indigo-800">
            {adminTexts.newPost}
          </Link>
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
          <li>
            <Link to="/admin/messages" className="font-semibold text-indigo-700 underline-offset-4 hover:underline">
              {adminTexts.contactMessages}
            </Link>
          </li>
          <li>
            <Link to="/admin/reports" className="font-semibold text-indigo-700 underline-offset-4 hover:underline">
              {adminTexts.securityReports}
            </Link>
          </li>
        </ul>
      </nav>
      <div className="mt-8">
        {list.status === "loading" ? (
          <p role="status" className="py-16 text-center text-slate-600">
            {adminTexts.loadingPosts}
          </p>
        ) : list.status === "failed" ? (
          <p role="alert" className="py-16 text-center text-red-700">
            {adminTexts.loadPostsFailed}
          </p>
        ) : list.posts.length === 0 ? (
          <EmptyState />
        ) : (
          <PostTable
            posts={list.posts}
            pendingIds={pendingIds}
            onTogglePublished={togglePublished}
            onToggleFeatured={toggleFeatured}
            onDelete={remove}
          />
        )}
      </div>
    </section>
  );
}

function EmptyState() {
  return (
    <div className="rounded-2xl border-2 border-dashed border-slate-200 px-6 py-16 text-center">
      <h2 className="text-xl font-semibold text-slate-900">{adminTexts.emptyHeading}</h2>
      <p className="mt-2 text-slate-600">{adminTexts.emptyLead}</p>
      <Link
        to="/admin/blog/new"
        className="mt-6 inline-block rounded-md bg-indigo-700 px-4 py-2 text-sm font-semibold text-white hover:bg-indigo-800"
      >
        {adminTexts.createFirstPost}
      </Link>
    </div>
  );
}
