import crypto from "node:crypto";
import type { Selectable } from "kysely";
import {
  NEW_POST_DEFAULTS,
  POST_LIMITS,
  POST_SUMMARY_FIELDS,
  postInputSchema,
  postMessages,
  postPatchSchema,
  type BlogPost,
  type BlogPostSummary,
  type PostInput,
} from "../../domain/blog-post";
import { asRecord, definedOnly, fieldErrors } from "../../domain/validation";
import type { AppDatabase } from "../db/database.server";
import type { BlogPostsTable } from "../db/schema";
import { POSTS_TAG, postTag, recordContentChange } from "../cache/content-changes.server";
import { indexPost, reindexPostDate, unindexPost } from "../search/post-search.server";
import { RESERVED_POST_SLUGS } from "../../domain/blog-taxonomy";
import { cleanArticleHtml } from "./article-html.server";
import { recordSaveRevision } from "./post-revisions.server";
import { forgetPostCards } from "../social-cards/card-store.server";
import type { PostWorkflowValues } from "../../domain/post-publishing";
import { postDeleteRefusal, postWriteRefusal, type PostWriter } from "../../domain/post-access";
import {
  claimSlug,
  deleteWorkflow,
  readWorkflow,
  recordSlugChange,
  saveWorkflow,
  wasPublic,
  workflowValues,
} from "./post-workflow.server";

export type PostWriteResult =
  | { ok: true; post: BlogPost }
  | { ok: false; code: "invalid"; fields: Record<string, string> }
  | { ok: false; code: "slug_taken"; fields: Record<string, string> }
  | { ok: false; code: "not_found" }
  | { ok: false; code: "forbidden"; error: string };

/** Turns a stored row into a post; the body is cleaned again on the way out. */
export function toBlogPost(row: Selectable<BlogPostsTable>, workflow: PostWorkflowValues): BlogPost {
  return { ...storedPost(row, workflow), content: cleanArticleHtml(row.content) };
}

/**
 * A post with its body as stored, for a reader that cleans it once per version itself. Who
 * created and changed it stay in the table (postOwnership): a post's fields are what it says.
 */
function storedPost(row: Selectable<BlogPostsTable>, workflow: PostWorkflowValues): BlogPost {
  const post: Partial<Selectable<BlogPostsTable>> = { ...row };
  delete post.created_by;
  delete post.updated_by;
  return { ...(post as Omit<typeof row, "created_by" | "updated_by">), ...workflow, published: Boolean(row.published), featured: Boolean(row.featured) };
}

/** Who created a post and who changed it last (null on posts older than people); undefined when there is no such post. */
export async function postOwnership(db: AppDatabase, id: string): Promise<{ created_by: string | null; updated_by: string | null } | undefined> {
  return db.selectFrom("blog_posts").select(["created_by", "updated_by"]).where("id", "=", id).executeTakeFirst();
}

/** Who writes: a person with a role, whose rules on posts apply (domain/post-access.ts). Absent for the operator's commands. */
export type WriteOptions = { by?: PostWriter };

type ArticleField =
  | "slug"
  | "title"
  | "excerpt"
  | "content"
  | "category"
  | "author_name"
  | "author_avatar_url"
  | "author_bio"
  | "author_linkedin_url"
  | "featured_image_url"
  | "read_time";

/**
 * The article's own fields as they are stored and shown: empty optional texts become null and the
 * body is cleaned. The saved post and its private preview both go through here.
 */
export function articleFields(input: { [K in ArticleField]: PostInput[K] | BlogPost[K] }) {
  return {
    slug: input.slug,
    title: input.title,
    excerpt: input.excerpt || null,
    content: cleanArticleHtml(input.content),
    category: input.category,
    author_name: input.author_name,
    author_avatar_url: input.author_avatar_url || null,
    author_bio: input.author_bio,
    author_linkedin_url: input.author_linkedin_url || null,
    featured_image_url: input.featured_image_url || null,
    read_time: input.read_time,
  };
}

function toRowValues(input: PostInput) {
  return {
    ...articleFields(input),
    published: input.published ? (1 as const) : (0 as const),
    featured: input.featured ? (1 as const) : (0 as const),
  };
}

/** Every post, drafts included, newest first (the admin list). */
export async function listAllPosts(db: AppDatabase): Promise<BlogPost[]> {
  const rows = await db
    .selectFrom("blog_posts")
    .selectAll()
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .execute();
  const workflow = await readWorkflow(db, rows.map((row) => row.id));
  return rows.map((row) => toBlogPost(row, workflow.get(row.id)!));
}

/**
 * Every post without its body, newest first: what the admin table shows. Bodies may carry pasted
 * images as data URLs, so listing them would move megabytes for one table.
 */
export async function listPostSummaries(db: AppDatabase): Promise<BlogPostSummary[]> {
  const rows = await db
    .selectFrom("blog_posts")
    .select(POST_SUMMARY_FIELDS)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .execute();
  const workflow = await readWorkflow(db, rows.map((row) => row.id));
  return rows.map((row) => ({
    ...row,
    ...workflow.get(row.id)!,
    published: Boolean(row.published),
    featured: Boolean(row.featured),
  }));
}

export async function getPostById(db: AppDatabase, id: string): Promise<BlogPost | undefined> {
  const post = await getStoredPostById(db, id);
  return post ? { ...post, content: cleanArticleHtml(post.content) } : undefined;
}

/**
 * A post with its body as stored (cleaned on the way in), not cleaned again on this read: for a
 * preview, which cleans it once per version of the draft (decision 194), not at every request.
 */
export async function getStoredPostById(db: AppDatabase, id: string): Promise<BlogPost | undefined> {
  const row = await db.selectFrom("blog_posts").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? storedPost(row, (await readWorkflow(db, [id])).get(id)!) : undefined;
}

/** Creates a post from raw input (plain values or `{ value }` objects); defaults fill the gaps. */
export async function createPost(db: AppDatabase, input: unknown, { by }: WriteOptions = {}): Promise<PostWriteResult> {
  const parsed = postInputSchema.safeParse({ ...NEW_POST_DEFAULTS, ...asRecord(input) });
  if (!parsed.success) return { ok: false, code: "invalid", fields: fieldErrors(parsed.error) };
  const workflow = workflowValues(parsed.data);
  const refusal = by && postWriteRefusal(by, undefined, { ...parsed.data, publish_at: workflow.publish_at });
  if (refusal) return { ok: false, code: "forbidden", error: refusal };
  if (await slugTaken(db, parsed.data.slug)) return slugTakenResult();
  const now = new Date().toISOString();
  const person = by?.personId ?? null;
  const row = { id: crypto.randomUUID(), ...toRowValues(parsed.data), created_at: now, updated_at: now };
  try {
    // One transaction: a post meant for later is never public without its publication time.
    await db.transaction().execute(async (trx) => {
      await trx.insertInto("blog_posts").values({ ...row, created_by: person, updated_by: person }).execute();
      await indexPost(trx, row);
      await saveWorkflow(trx, row.id, workflow);
      await claimSlug(trx, row.slug);
    });
  } catch (error) {
    // Two writers racing for the same slug: the unique index decides.
    if (await slugTaken(db, parsed.data.slug)) return slugTakenResult();
    throw error;
  }
  await recordContentChange(db, [POSTS_TAG, postTag(row.slug)]);
  const post = toBlogPost({ ...row, created_by: person, updated_by: person }, workflow);
  await recordSaveRevision(db, post, { savedBy: person });
  return { ok: true, post };
}

/** Applies a partial or full update; the fields sent override the stored ones. */
export async function updatePost(db: AppDatabase, id: string, input: unknown, { by }: WriteOptions = {}): Promise<PostWriteResult> {
  const patch = postPatchSchema.safeParse(asRecord(input));
  if (!patch.success) return { ok: false, code: "invalid", fields: fieldErrors(patch.error) };
  const existing = await db.selectFrom("blog_posts").selectAll().where("id", "=", id).executeTakeFirst();
  if (!existing) return { ok: false, code: "not_found" };
  const stored = (await readWorkflow(db, [id])).get(id)!;
  const merged = postInputSchema.safeParse({ ...fromRow(existing), ...stored, ...definedOnly(patch.data) });
  if (!merged.success) return { ok: false, code: "invalid", fields: fieldErrors(merged.error) };
  const workflow = workflowValues(merged.data);
  const before = { ...fromRow(existing), ...stored } as BlogPost & { created_by: string | null };
  const refusal = by && postWriteRefusal(by, before, { ...merged.data, publish_at: workflow.publish_at });
  if (refusal) return { ok: false, code: "forbidden", error: refusal };
  if (merged.data.slug !== existing.slug && (await slugTaken(db, merged.data.slug, id))) {
    return slugTakenResult();
  }
  const values = { ...toRowValues(merged.data), updated_at: new Date().toISOString(), ...(by ? { updated_by: by.personId } : {}) };
  try {
    // One transaction: the post, its publication time and its old address change together.
    await db.transaction().execute(async (trx) => {
      await trx.updateTable("blog_posts").set(values).where("id", "=", id).execute();
      await indexPost(trx, { ...values, id, created_at: existing.created_at });
      await saveWorkflow(trx, id, workflow);
      if (values.slug !== existing.slug) {
        await recordSlugChange(trx, { id, oldSlug: existing.slug, newSlug: values.slug, wasPublic: wasPublic(existing, stored) });
      }
      if (!wasPublic(values, workflow) || cardFieldsChanged(existing, values)) await forgetPostCards(trx, id);
    });
  } catch (error) {
    if (await slugTaken(db, merged.data.slug, id)) return slugTakenResult();
    throw error;
  }
  // The old address too: a renamed post's old page must stop showing it (it redirects now).
  await recordContentChange(db, [POSTS_TAG, postTag(existing.slug), postTag(values.slug)]);
  const post = toBlogPost({ ...existing, ...values }, workflow);
  // Every save is kept in the post's history (server/blog/post-revisions.server.ts).
  await recordSaveRevision(db, post, { savedBy: by?.personId ?? null });
  return { ok: true, post };
}

/**
 * Dates a post (an import keeping its original date, the example posts spread over days), with
 * its search index entry; the caller records the content change.
 */
export async function setPostDate(db: AppDatabase, id: string, createdAt: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.updateTable("blog_posts").set({ created_at: createdAt }).where("id", "=", id).execute();
    await reindexPostDate(trx, id, createdAt);
  });
}

/**
 * Why the writer may not change the post as it is (not theirs, or published and theirs no more),
 * for doors that change what is kept of it without saving it (an autosave). Undefined when they may.
 */
export async function postChangeRefusal(db: AppDatabase, id: string, writer: PostWriter): Promise<string | undefined> {
  const row = await db.selectFrom("blog_posts").select(["created_by", "published", "featured"]).where("id", "=", id).executeTakeFirst();
  if (!row) return undefined;
  const before = { created_by: row.created_by, published: row.published === 1, featured: row.featured === 1, publish_at: null };
  return postWriteRefusal(writer, before, { published: false, featured: before.featured, publish_at: null });
}

export type DeleteResult = { ok: true } | { ok: false; code: "not_found" } | { ok: false; code: "forbidden"; error: string };

/** Deletes a post, when the person may (domain/post-access.ts). */
export async function deletePostAs(db: AppDatabase, id: string, { by }: WriteOptions = {}): Promise<DeleteResult> {
  const owner = await postOwnership(db, id);
  if (!owner) return { ok: false, code: "not_found" };
  const refusal = by && postDeleteRefusal(by, owner);
  if (refusal) return { ok: false, code: "forbidden", error: refusal };
  return (await deletePost(db, id)) ? { ok: true } : { ok: false, code: "not_found" };
}

/** Deletes a post; false when there was none. */
export async function deletePost(db: AppDatabase, id: string): Promise<boolean> {
  const existing = await db.selectFrom("blog_posts").select("slug").where("id", "=", id).executeTakeFirst();
  const result = await db.transaction().execute(async (trx) => {
    await deleteWorkflow(trx, id);
    await unindexPost(trx, id);
    return trx.deleteFrom("blog_posts").where("id", "=", id).executeTakeFirst();
  });
  const deleted = Number(result.numDeletedRows) > 0;
  if (deleted && existing) await recordContentChange(db, [POSTS_TAG, postTag(existing.slug)]);
  return deleted;
}

async function slugTaken(db: AppDatabase, slug: string, exceptId?: string): Promise<boolean> {
  // /blog/search is a page of its own: no post can have its address (decision 156).
  if (RESERVED_POST_SLUGS.has(slug)) return true;
  let query = db.selectFrom("blog_posts").select("id").where("slug", "=", slug);
  if (exceptId) query = query.where("id", "!=", exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

function slugTakenResult(): PostWriteResult {
  return { ok: false, code: "slug_taken", fields: { slug: postMessages.slugTaken } };
}

/** Whether a save changes what the post's social card shows (its old cards are then deleted). */
function cardFieldsChanged(before: CardFields, after: CardFields): boolean {
  return before.title !== after.title || before.category !== after.category || before.author_name !== after.author_name;
}
type CardFields = Pick<BlogPostsTable, "title" | "category" | "author_name">;

function fromRow(row: Selectable<BlogPostsTable>): Record<string, unknown> {
  return { ...row, published: Boolean(row.published), featured: Boolean(row.featured) };
}

/**
 * Pasted images arrive inside the body as data URLs, so a post may be far bigger than the API's
 * usual JSON cap: room for the largest content any UTF-8 text can take (3 bytes per UTF-16 unit)
 * plus the other fields. Parsed only after the token is checked.
 */
export const ADMIN_POST_BODY_LIMIT = POST_LIMITS.content * 3 + 64 * 1024;
