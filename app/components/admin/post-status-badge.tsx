import { adminTexts } from "../../../domain/admin-messages";
import { postStatus, publishingTexts, type PostWorkflowValues } from "../../../domain/post-publishing";
import { formatAdminDate } from "../../lib/dates";

const badge = "inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold";

/** Published, Draft (the specification's), or Scheduled with its time in the admin's local time. */
export function PostStatusBadge({ post }: { post: { published: boolean } & Partial<Pick<PostWorkflowValues, "publish_at">> }) {
  const status = postStatus(post);
  if (status === "scheduled" && post.publish_at) {
    return (
      <span className="inline-flex flex-col items-start gap-1">
        <span className={`${badge} bg-amber-100 text-amber-900`}>{publishingTexts.statusScheduled}</span>
        <time dateTime={post.publish_at} className="text-xs whitespace-nowrap text-slate-600">
          {formatAdminDate(post.publish_at)}
        </time>
      </span>
    );
  }
  return (
    <span className={`${badge} ${post.published ? "bg-green-100 text-green-800" : "bg-slate-100 text-slate-700"}`}>
      {post.published ? adminTexts.statusPublished : adminTexts.statusDraft}
    </span>
  );
}
