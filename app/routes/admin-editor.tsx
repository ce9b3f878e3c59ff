import { useEffect, useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { toast } from "sonner";
import { adminTexts, adminToasts } from "../../domain/admin-messages";
import { NEW_POST_DEFAULTS, type BlogPost, type PostInput } from "../../domain/blog-post";
import { PostForm, type PostFormValues, type SaveOutcome } from "../components/admin/post-form";
import { RequireAdmin } from "../components/admin/require-admin";
import { pageMetaDefaults } from "../content/page-meta";
import { createAdminPost, getAdminPost, updateAdminPost } from "../lib/admin-api";
import { pageMeta, siteFromMatches } from "../lib/meta";
import { useAdminUnauthorized } from "../lib/use-admin-unauthorized";
import type { Route } from "./+types/admin-editor";

export const meta: Route.MetaFunction = ({ matches, params }) =>
  pageMeta(siteFromMatches(matches), {
    ...pageMetaDefaults.adminBlog,
    title: params.id ? adminTexts.editHeading : adminTexts.createHeading,
    path: params.id ? `/admin/blog/edit/${params.id}` : "/admin/blog/new",
  });

/** /admin/blog/new and /admin/blog/edit/{id}: edit mode when an id is present. */
export default function AdminEditorPage() {
  const { id } = useParams();
  return (
    <RequireAdmin>
      <PostEditorScreen key={id ?? "new"} id={id} />
    </RequireAdmin>
  );
}

type Loaded =
  | { status: "loading" }
  | { status: "missing" }
  | { status: "ready"; values: PostFormValues; content: string };

const NEW_POST: Loaded = {
  status: "ready",
  values: {
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
  },
  content: NEW_POST_DEFAULTS.content,
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
  const navigate = useNavigate();
  const onUnauthorized = useAdminUnauthorized();
  const [loaded, setLoaded] = useState<Loaded>(id ? { status: "loading" } : NEW_POST);

  useEffect(() => {
    if (!id) return;
    let cancelled = false;
    void getAdminPost(id).then((result) => {
      if (cancelled) return;
      if (result.ok) {
        setLoaded({ status: "ready", values: toFormValues(result.data), content: result.data.content });
      } else if (!onUnauthorized(result.status)) {
        setLoaded({ status: "missing" });
      }
    });
    return () => {
      cancelled = true;
    };
  }, [id, onUnauthorized]);

  async function save(values: PostInput): Promise<SaveOutcome> {
    const result = id ? await updateAdminPost(id, values) : await createAdminPost(values);
    if (result.ok) {
      const done = id ? adminToasts.updated : adminToasts.created;
      toast.success(done.title, { description: done.description });
      navigate("/admin/blog");
      return { ok: true };
    }
    const failed = id ? adminToasts.updateFailed : adminToasts.createFailed;
    toast.error(failed.title, { description: failed.description });
    if (onUnauthorized(result.status)) return { ok: false };
    return {
      ok: false,
      fields: result.fields,
      error: result.status === 0 ? adminToasts.networkError.description : result.error,
    };
  }

  return (
    <section className="mx-auto max-w-4xl px-4 py-12 sm:px-6">
      <Link to="/admin/blog" className="text-sm font-semibold text-indigo-700 hover:underline">
        <span aria-hidden="true">← </span>
        {adminTexts.backToAdmin}
      </Link>
      <h1 className="mt-4 text-3xl font-bold tracking-tight text-slate-900">
        {id ? adminTexts.editHeading : adminTexts.createHeading}
      </h1>
      <div className="mt-8">
        {loaded.status === "loading" ? (
          <p role="status" className="py-16 text-center text-slate-600">
            {adminTexts.loadingPost}
          </p>
        ) : loaded.status === "missing" ? (
          <p role="alert" className="py-16 text-center text-lg font-semibold text-slate-900">
            {adminTexts.postNotFound}
          </p>
        ) : (
          <PostForm
            mode={id ? "edit" : "create"}
            initialValues={loaded.values}
            initialContent={loaded.content}
            onSave={save}
          />
        )}
      </div>
    </section>
  );
}
