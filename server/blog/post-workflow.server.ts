import type { PostInput } from "../../domain/blog-post";
import { postStatus, type PostWorkflowValues } from "../../domain/post-publishing";
import { slugRedirectTransferSchema, type SlugRedirectTransfer } from "../../domain/post-workflow";
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
export async function claimSlug(db: AppDatabase, slug: string): Promise<void> {
  await db.deleteFrom("blog_slug_redirects").where("old_slug", "=", slug).execute();
}

/**
 * After a rename: the old address of a post that was public keeps leading to it. Redirects point
 * at the post, so older addresses follow the rename too (chains collapse by design).
 */
export async function recordSlugChange(
  db: AppDatabase,
  post: { id: string; oldSlug: string; newSlug: string; wasPublic: boolean },
): Promise<void> {
  await claimSlug(db, post.newSlug);
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

/** Every old address, for an export file: the old slug and the slug of the post it leads to. */
export async function exportSlugRedirects(db: AppDatabase): Promise<SlugRedirectTransfer[]> {
  return db
    .selectFrom("blog_slug_redirects")
    .innerJoin("blog_posts", "blog_posts.id", "blog_slug_redirects.post_id")
    .select(["blog_slug_redirects.old_slug", "blog_posts.slug as post_slug"])
    .orderBy("blog_slug_redirects.old_slug")
    .execute();
}

/**
 * The old addresses of an export file, for the posts just imported (`postIds`: slug to id). One
 * that is invalid, leads to a post not imported, or is the slug of a post here (the post that
 * has a slug wins) is skipped; one already here is pointed at the imported post.
 */
export async function importSlugRedirects(
  db: AppDatabase,
  entries: unknown,
  postIds: ReadonlyMap<string, string>,
): Promise<{ imported: number; skipped: number }> {
  const result = { imported: 0, skipped: 0 };
  if (!Array.isArray(entries)) return result;
  for (const entry of entries) {
    const parsed = slugRedirectTransferSchema.safeParse(entry);
    const postId = parsed.success ? postIds.get(parsed.data.post_slug) : undefined;
    const taken =
      parsed.success &&
      (await db.selectFrom("blog_posts").select("id").where("slug", "=", parsed.data.old_slug).executeTakeFirst());
    if (!parsed.success || !postId || taken) {
      result.skipped += 1;
      continue;
    }
    await db
      .insertInto("blog_slug_redirects")
      .values({ old_slug: parsed.data.old_slug, post_id: postId, created_at: new Date().toISOString() })
      .onConflict((oc) => oc.column("old_slug").doUpdateSet({ post_id: postId }))
      .execute();
    result.imported += 1;
  }
  return result;
}
