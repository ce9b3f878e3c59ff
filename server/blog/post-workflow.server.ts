import type { PostInput } from "../../domain/blog-post";
import { postStatus, type PostWorkflowValues } from "../../domain/post-publishing";
import type { AppDatabase } from "../db/database.server";
import { publicFilter } from "./post-visibility.server";

/**
 * The posts service's editorial part: the stored form of the scheduling and SEO fields, and the
 * redirects of renamed published posts (docs/decisions/125 and 127).
 */

/**
 * Stored values of the editorial fields. A schedule only means something on a published post:
 * saving a draft or unpublishing drops it, so 'unscheduled' is simply a draft again.
 */
export function workflowValues(input: PostInput): PostWorkflowValues {
  return {
    publish_at: input.published ? (input.publish_at ?? null) : null,
    meta_title: input.meta_title ?? "",
    meta_description: input.meta_description ?? "",
    social_image_url: input.social_image_url || null,
  };
}

const NONE: PostWorkflowValues = { publish_at: null, meta_title: "", meta_description: "", social_image_url: null };

/** The editorial fields of the given posts; posts without a row get the empty values. */
export async function readWorkflow(db: AppDatabase, ids: string[]): Promise<Map<string, PostWorkflowValues>> {
  const found = new Map<string, PostWorkflowValues>();
  for (let start = 0; start < ids.length; start += 500) {
    const rows = await db
      .selectFrom("blog_post_editorial")
      .selectAll()
      .where("post_id", "in", ids.slice(start, start + 500))
      .execute();
    for (const { post_id, ...values } of rows) found.set(post_id, values);
  }
  return new Map(ids.map((id) => [id, found.get(id) ?? NONE]));
}

/** Stores a post's editorial fields; a post with none keeps no row. */
export async function saveWorkflow(db: AppDatabase, postId: string, values: PostWorkflowValues): Promise<void> {
  const empty = !values.publish_at && !values.meta_title && !values.meta_description && !values.social_image_url;
  if (empty) {
    await db.deleteFrom("blog_post_editorial").where("post_id", "=", postId).execute();
    return;
  }
  await db
    .insertInto("blog_post_editorial")
    .values({ post_id: postId, ...values })
    .onConflict((oc) => oc.column("post_id").doUpdateSet(values))
    .execute();
}

/** A slug now used by a post is nobody's old address any more: the post that took it wins. */
export async function claimSlug(db: AppDatabase, slug: string, postId: string): Promise<void> {
  await db.deleteFrom("blog_slug_redirects").where("old_slug", "=", slug).execute();
  void postId;
}

/**
 * After a rename: the old address of a post that was public keeps leading to it. Redirects point
 * at the post, so older addresses follow the rename too (chains collapse by design).
 */
export async function recordSlugChange(
  db: AppDatabase,
  post: { id: string; oldSlug: string; newSlug: string; wasPublic: boolean },
): Promise<void> {
  await claimSlug(db, post.newSlug, post.id);
  if (!post.wasPublic) return;
  await db
    .insertInto("blog_slug_redirects")
    .values({ old_slug: post.oldSlug, post_id: post.id, created_at: new Date().toISOString() })
    .onConflict((oc) => oc.column("old_slug").doUpdateSet({ post_id: post.id }))
    .execute();
}

export function wasPublic(row: { published: 0 | 1 }, workflow: PostWorkflowValues): boolean {
  return postStatus({ published: row.published === 1, publish_at: workflow.publish_at }) === "published";
}

/** A deleted post's editorial row and old addresses go with it. */
export async function deleteWorkflow(db: AppDatabase, postId: string): Promise<void> {
  await db.deleteFrom("blog_slug_redirects").where("post_id", "=", postId).execute();
  await db.deleteFrom("blog_post_editorial").where("post_id", "=", postId).execute();
}

/**
 * The current slug for an old one, when the post it now belongs to is public; undefined
 * otherwise. Callers look for a post with the slug itself first.
 */
export async function findSlugRedirect(db: AppDatabase, oldSlug: string): Promise<string | undefined> {
  const row = await db
    .selectFrom("blog_slug_redirects")
    .innerJoin("blog_posts", "blog_posts.id", "blog_slug_redirects.post_id")
    .select("blog_posts.slug")
    .where("blog_slug_redirects.old_slug", "=", oldSlug)
    .where(await publicFilter(db))
    .executeTakeFirst();
  return row && row.slug !== oldSlug ? row.slug : undefined;
}

/** The SEO fields of a public post, for its page's metadata. */
export async function publicPostSeo(
  db: AppDatabase,
  slug: string,
): Promise<{ meta_title: string; meta_description: string; social_image_url: string | null } | undefined> {
  return db
    .selectFrom("blog_posts")
    .innerJoin("blog_post_editorial", "blog_post_editorial.post_id", "blog_posts.id")
    .select(["meta_title", "meta_description", "social_image_url"])
    .where("blog_posts.slug", "=", slug)
    .where(await publicFilter(db))
    .executeTakeFirst();
}
