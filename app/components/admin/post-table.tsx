import { adminTexts } from "../../../domain/admin-messages";
import type { BlogPostSummary } from "../../../domain/blog-post";
import { AdminTime } from "./admin-panels";
import { PostStatusBadge } from "./post-status-badge";
import { SiteLink } from "../ui/site-link";
import { StackedListTable } from "./stacked-list-table";

const actionClass =
  "rounded-md border px-2.5 py-1 text-xs font-semibold disabled:cursor-not-allowed disabled:opacity-50";

/** The admin list: one row per post with its one-click actions. */
export function PostTable({
  posts,
  pendingIds,
  onTogglePublished,
  onToggleFeatured,
  onDelete,
}: {
  posts: readonly BlogPostSummary[];
  pendingIds: ReadonlySet<string>;
  onTogglePublished: (post: BlogPostSummary) => void;
  onToggleFeatured: (post: BlogPostSummary) => void;
  onDelete: (post: BlogPostSummary) => void;
}) {
  const { columns } = adminTexts;
  return (
    <StackedListTable columns={[columns.title, columns.category, columns.status, columns.created, columns.actions]} alignLastRight>
      {posts.map((post) => {
        const pending = pendingIds.has(post.id);
        return (
          <tr key={post.id}>
            <th scope="row" className="max-w-md min-w-48 px-4 py-3 font-normal">
              <span className="flex items-start gap-1.5">
                <span className="font-semibold break-words text-slate-900">{post.title}</span>
                {post.featured ? (
                  <span role="img" aria-label={adminTexts.featuredMark} title={adminTexts.featuredMark} className="text-amber-500">
                    ★
                  </span>
                ) : null}
              </span>
              <span className="mt-0.5 block font-mono text-xs break-all text-slate-500">{post.slug}</span>
            </th>
            <td className="px-4 py-3 text-slate-700">{post.category}</td>
            <td className="px-4 py-3">
              <PostStatusBadge post={post} />
            </td>
            <td className="px-4 py-3 text-slate-700 md:whitespace-nowrap">
              <AdminTime iso={post.created_at} />
            </td>
            <td className="px-4 py-3">
              <div className="flex flex-wrap justify-end gap-2">
                <button
                  type="button"
                  disabled={pending}
                  onClick={() => onTogglePublished(post)}
                  aria-label={`${post.published ? adminTexts.unpublish : adminTexts.publish} ${post.title}`}
                  className={`${actionClass} border-slate-300 text-slate-700 hover:bg-slate-50`}
                >
                  {post.published ? adminTexts.unpublish : adminTexts.publish}
                </button>
                <button
                  type="button"
                  disabled={pending}
                  onClick={() => onToggleFeatured(post)}
                  aria-label={`${post.featured ? adminTexts.unfeature : adminTexts.feature} ${post.title}`}
                  className={`${actionClass} border-amber-300 text-amber-800 hover:bg-amber-50`}
                >
                  {post.featured ? adminTexts.unfeature : adminTexts.feature}
                </button>
                <SiteLink
                  to={`/admin/blog/edit/${encodeURIComponent(post.id)}`}
                  aria-label={`${adminTexts.edit} ${post.title}`}
                  className={`${actionClass} border-indigo-300 text-indigo-700 hover:bg-indigo-50`}
                >
                  {adminTexts.edit}
                </SiteLink>
                <button
                  type="button"
                  disabled={pending}
                  onClick={() => onDelete(post)}
                  aria-label={`${adminTexts.delete} ${post.title}`}
                  className={`${actionClass} border-red-300 text-red-700 hover:bg-red-50`}
                >
                  {adminTexts.delete}
                </button>
              </div>
            </td>
          </tr>
        );
      })}
    </StackedListTable>
  );
}
