import { useNavigate, useParams } from "react-router";
import { toast } from "sonner";
import { adminTexts, adminToasts } from "../../domain/admin-messages";
import { NEW_POST_DEFAULTS, type BlogPost } from "../../domain/blog-post";
import { postStatus } from "../../domain/post-publishing";
import { BackToAdmin, QueryStatus } from "../components/admin/admin-panels";
import type { PostDraft, PostFormValues, PostSave, SaveOutcome } from "../components/admin/post-form";
import { WorkflowEditor } from "../components/admin/workflow/workflow-editor";
import { adminPageMeta } from "../content/admin-page-meta";
import { adminApi } from "../lib/admin/client";
import { toastTakenDown } from "../lib/admin/post-undo";
import { useAdminCall, useAdminQuery } from "../lib/admin/hooks";
import { pageMeta, siteFromMatches } from "../lib/meta";
import type { Route } from "./+types/admin-editor";
import { PostPerformance } from "../components/admin/post-performance";
import { ReviewPanel } from "../components/admin/workflow/review-panel";
import { reviewTexts } from "../../domain/post-review";
import { may, type Role } from "../../domain/roles";
import type { AdminApiResult } from "../lib/admin/client";

export const meta: Route.MetaFunction = ({ matches, params }) =>
  pageMeta(siteFromMatches(matches), {
    ...adminPageMeta.blog,
    title: params.id ? adminTexts.editHeading : adminTexts.createHeading,
    path: params.id ? `/admin/blog/edit/${params.id}` : "/admin/blog/new",
  });

/** /admin/blog/new and /admin/blog/edit/{id}: edit mode when an id is present. */
export default function AdminEditorPage() {
  const { id } = useParams();
  return <PostEditorScreen key={id ?? "new"} id={id} />;
}

const NEW_POST_VALUES: PostFormValues = {
  title: NEW_POST_DEFAULTS.title,
  slug: NEW_POST_DEFAULTS.slug,
  excerpt: NEW_POST_DEFAULTS.excerpt,
  category: NEW_POST_DEFAULTS.category,
  author_name: NEW_POST_DEFAULTS.author_name,
  author_avatar_url: NEW_POST_DEFAULTS.author_avatar_url,
  author_bio: NEW_POST_DEFAULTS.author_bio,
  author_linkedin_url: NEW_POST_DEFAULTS.author_linkedin_url,
  featured_image_url: NEW_POST_DEFAULTS.featured_image_url,
  read_time: NEW_POST_DEFAULTS.read_time,
  featured: NEW_POST_DEFAULTS.featured,
};

/** A stored post as form values: missing excerpt and URLs become empty strings. */
function toFormValues(post: BlogPost): PostFormValues {
  return {
    title: post.title,
    slug: post.slug,
    excerpt: post.excerpt ?? "",
    category: post.category,
    author_name: post.author_name,
    author_avatar_url: post.author_avatar_url ?? "",
    author_bio: post.author_bio ?? "",
    author_linkedin_url: post.author_linkedin_url ?? "",
    featured_image_url: post.featured_image_url ?? "",
    read_time: post.read_time,
    featured: post.featured,
  };
}

function PostEditorScreen({ id }: { id?: string }) {
  return (
    <section className="mx-auto max-w-4xl px-4 py-12 sm:px-6">
      <BackToAdmin />
      <h1 className="mt-4 text-3xl font-bold tracking-tight text-slate-900">
        {id ? adminTexts.editHeading : adminTexts.createHeading}
      </h1>
      <div className="mt-8">
        {id ? <ExistingPost id={id} /> : <Editor initial={{ values: NEW_POST_VALUES, content: NEW_POST_DEFAULTS.content }} />}
      </div>
    </section>
  );
}

/** Loads a stored post into the form; a missing post (or any failure) is 'Post Not Found'. */
function ExistingPost({ id }: { id: string }) {
  const { query } = useAdminQuery(`post:${id}`, () => adminApi.getPost(id));
  if (query.status === "ready") {
    const { publish_at, meta_title, meta_description, social_image_url, published } = query.data;
    return (
      <Editor
        id={id}
        savedAt={query.data.updated_at}
        initial={{
          values: toFormValues(query.data),
          content: query.data.content,
          workflow: { publish_at, meta_title, meta_description, social_image_url, published },
        }}
      />
    );
  }
  return (
    <QueryStatus
      query={query}
      loading={adminTexts.loadingPost}
      failed={adminTexts.postNotFound}
      className="py-16 text-center"
      failedClassName="text-lg font-semibold text-slate-900"
    />
  );
}

const NO_REVIEW: AdminApiResult<null> = { ok: true, data: null };

function Editor({ id, savedAt, initial }: { id?: string; savedAt?: string; initial: PostDraft }) {
  const { query: me } = useAdminQuery("me", adminApi.me);
  // Until the role is known, nothing is offered that it may not do; an answer that fails leaves the editor as it always was.
  if (me.status === "loading") return null;
  const role: Role = me.status === "ready" ? me.data.role : "owner";
  return <RoleEditor id={id} savedAt={savedAt} initial={initial} role={role} />;
}

function RoleEditor({ id, savedAt, initial, role }: { id?: string; savedAt?: string; initial: PostDraft; role: Role }) {
  const navigate = useNavigate();
  const run = useAdminCall();
  const stored = initial.workflow;
  const { query: reviewQuery, reload: reloadReview } = useAdminQuery(`review:${id ?? ""}`, () => (id ? adminApi.latestReview(id) : Promise.resolve(NO_REVIEW)));
  const review = reviewQuery.status === "ready" ? reviewQuery.data : null;
  // Contributors submit their drafts for review instead of publishing them (decision 210).
  const submitsForReview = !may(role, "posts.publish");

  /** `draftId`: a new post an autosave already stored as a draft; saving it still reads as creating. */
  async function save(request: PostSave, draftId: string | undefined): Promise<SaveOutcome> {
    const target = id ?? draftId;
    // Update is offered only on a stored post; the default `published` only types the impossible case.
    const result = await run(target ? adminApi.updatePost(target, request.input) : adminApi.createPost({ published: false, ...request.input }));
    if (result.ok && request.intent === "review") return submitForReview(result.data.id);
    if (result.ok) {
      const done = id ? adminToasts.updated : adminToasts.created;
      // Save Draft took a live post off the site: the same toast, with Undo (decision 182).
      if (id && stored && request.intent === "draft" && postStatus(stored) !== "draft") toastTakenDown(done, { id, publish_at: stored.publish_at });
      else toast.success(done.title, { description: done.description });
      void navigate("/admin/blog");
      return { ok: true };
    }
    const failed = id ? adminToasts.updateFailed : adminToasts.createFailed;
    toast.error(failed.title, { description: failed.description });
    if (result.status === 401) return { ok: false };
    return {
      ok: false,
      fields: result.fields,
      error: result.status === 0 ? adminToasts.networkError.description : result.error,
    };
  }

  /** The draft is saved: it waits for review now, and this screen shows it. */
  async function submitForReview(postId: string): Promise<SaveOutcome> {
    const submitted = await run(adminApi.submitForReview(postId));
    if (!submitted.ok) {
      toast.error(reviewTexts.failed, { description: submitted.error });
      return { ok: false, error: submitted.error ?? reviewTexts.failed };
    }
    toast.success(reviewTexts.submitted);
    if (id) reloadReview();
    else void navigate(`/admin/blog/edit/${encodeURIComponent(postId)}`);
    return { ok: true };
  }

  return (
    <>
      <ReviewPanel review={review} reviewer={may(role, "posts.review")} onChanged={reloadReview} />
      {/* settingsExtra: panels for the settings column beside the writing area (a stored post's figures, say). */}
      <WorkflowEditor
        id={id}
        savedAt={savedAt}
        initial={initial}
        onSave={save}
        settingsExtra={id && may(role, "analytics.read") ? <PostPerformance id={id} /> : undefined}
        review={submitsForReview ? { waiting: review?.status === "waiting" } : undefined}
      />
    </>
  );
}
