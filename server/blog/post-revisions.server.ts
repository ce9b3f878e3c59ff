import crypto from "node:crypto";
import type { Selectable } from "kysely";
import { NEW_POST_DEFAULTS, postInputSchema, type BlogPost, type PostInput } from "../../domain/blog-post";
import {
  WORKFLOW_LIMITS,
  autosaveInputSchema,
  revisionTransferSchema,
  type Revision,
  type RevisionKind,
  type RevisionSummary,
  type RevisionTransfer,
} from "../../domain/post-workflow";
import { fieldErrors } from "../../domain/validation";
import type { AppDatabase } from "../db/database.server";
import type { PostRevisionsTable } from "../db/schema";
import { cleanArticleHtml } from "./article-html.server";

/**
 * Revisions of posts (docs/decisions/120-post-revisions-and-autosave.md). Every save of a post keeps one;
 * autosaves of the editor are revisions too and never touch the post itself. Autosaves close
 * together update the latest autosave instead of adding more. Per post, the newest
 * WORKFLOW_LIMITS.revisionsKept are kept, and every published version besides.
 */

type RevisionRow = Selectable<PostRevisionsTable>;

export type AutosaveResult =
  | { ok: true; revision: RevisionSummary }
  | { ok: false; code: "invalid"; fields: Record<string, string> }
  | { ok: false; code: "not_found" };

/** The fields of a post a revision keeps: all but its identity and timestamps. */
function snapshotOf(post: BlogPost): Record<string, unknown> {
  const fields: Record<string, unknown> = { ...post };
  for (const name of ["id", "created_at", "updated_at"]) delete fields[name];
  return fields;
}

function toSummary(row: RevisionRow): RevisionSummary {
  return {
    id: row.id,
    post_id: row.post_id,
    kind: row.kind,
    published: Boolean(row.published),
    title: row.title,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** A stored snapshot read back as post fields: validated again, the body cleaned again. */
function toPostInput(data: string): PostInput {
  let raw: unknown;
  try {
    raw = JSON.parse(data);
  } catch {
    raw = {};
  }
  return revisionFields(raw);
}

/** Fields of a revision from anywhere (the table, an export file) as valid post input, body cleaned. */
function revisionFields(raw: unknown): PostInput {
  const values = { ...NEW_POST_DEFAULTS, ...(raw !== null && typeof raw === "object" ? raw : {}) };
  const parsed = postInputSchema.safeParse(values);
  const post = parsed.success ? parsed.data : fieldByField(values);
  return { ...post, content: cleanArticleHtml(post.content) };
}

/** A snapshot that no longer passes as a whole (rules tightened since): each valid field is kept. */
function fieldByField(values: Record<string, unknown>): PostInput {
  const kept: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(postInputSchema.shape)) {
    const field = schema.safeParse(values[name]);
    const fallback = schema.safeParse(NEW_POST_DEFAULTS[name as keyof typeof NEW_POST_DEFAULTS]);
    kept[name] = field.success ? field.data : fallback.success ? fallback.data : "";
  }
  return kept as PostInput;
}

/** Keeps the revision of a save: every field as saved, and whether it was published. */
export async function recordSaveRevision(db: AppDatabase, post: BlogPost, kind: RevisionKind = "save"): Promise<void> {
  const now = nextTimestamp(await latestRow(db, post.id), new Date());
  await db
    .insertInto("post_revisions")
    .values({
      id: crypto.randomUUID(),
      post_id: post.id,
      kind,
      published: post.published ? 1 : 0,
      title: post.title,
      data: JSON.stringify(snapshotOf(post)),
      created_at: now,
      updated_at: now,
    })
    .execute();
  await pruneRevisions(db, post.id);
}

/**
 * Keeps the editor's unsaved state of an existing post as an autosave revision; the post itself,
 * and so what is published, is not changed.
 */
export async function autosavePost(db: AppDatabase, postId: string, input: unknown): Promise<AutosaveResult> {
  const parsed = autosaveInputSchema.safeParse(input);
  if (!parsed.success) return { ok: false, code: "invalid", fields: fieldErrors(parsed.error) };
  const post = await db.selectFrom("blog_posts").select("id").where("id", "=", postId).executeTakeFirst();
  if (!post) return { ok: false, code: "not_found" };
  const latest = await latestRow(db, postId);
  const now = new Date(nextTimestamp(latest, new Date()));
  const data = JSON.stringify({ ...parsed.data, content: cleanArticleHtml(parsed.data.content) });
  const coalesce =
    latest?.kind === "autosave" &&
    now.getTime() - new Date(latest.created_at).getTime() < WORKFLOW_LIMITS.autosaveCoalesceMs;
  if (latest && coalesce) {
    const changes = { title: parsed.data.title, data, updated_at: now.toISOString() };
    await db.updateTable("post_revisions").set(changes).where("id", "=", latest.id).execute();
    return { ok: true, revision: toSummary({ ...latest, ...changes }) };
  }
  const row: RevisionRow = {
    id: crypto.randomUUID(),
    post_id: postId,
    kind: "autosave",
    // Autosaved text has never been the published version.
    published: 0,
    title: parsed.data.title,
    data,
    created_at: now.toISOString(),
    updated_at: now.toISOString(),
  };
  await db.insertInto("post_revisions").values(row).execute();
  await pruneRevisions(db, postId);
  return { ok: true, revision: toSummary(row) };
}

/** A post's revisions, newest first; undefined when there is no such post. */
export async function listRevisions(db: AppDatabase, postId: string): Promise<RevisionSummary[] | undefined> {
  const post = await db.selectFrom("blog_posts").select("id").where("id", "=", postId).executeTakeFirst();
  if (!post) return undefined;
  const rows = await db
    .selectFrom("post_revisions")
    .select(["id", "post_id", "kind", "published", "title", "created_at", "updated_at"])
    .where("post_id", "=", postId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .execute();
  return rows.map((row) => toSummary({ ...row, data: "" }));
}

export async function getRevision(db: AppDatabase, postId: string, revisionId: string): Promise<Revision | undefined> {
  const row = await db
    .selectFrom("post_revisions")
    .selectAll()
    .where("post_id", "=", postId)
    .where("id", "=", revisionId)
    .executeTakeFirst();
  return row ? { ...toSummary(row), post: toPostInput(row.data) } : undefined;
}

/**
 * The newest autosave of a post when it is newer than the post's last save: the unsaved version
 * the editor offers back, and what a preview shows.
 */
export async function newerAutosave(db: AppDatabase, post: Pick<BlogPost, "id" | "updated_at">): Promise<Revision | undefined> {
  const row = await latestRow(db, post.id);
  // The latest revision being an autosave means no save came after it.
  if (!row || row.kind !== "autosave" || row.updated_at < post.updated_at) return undefined;
  return { ...toSummary(row), post: toPostInput(row.data) };
}

/**
 * Now, or just after the post's latest revision when the clock has not moved on (two writes in
 * one millisecond): the history's order is always the order of the writes.
 */
function nextTimestamp(latest: RevisionRow | undefined, now: Date): string {
  const after = latest ? new Date(latest.created_at).getTime() + 1 : 0;
  return new Date(Math.max(now.getTime(), after)).toISOString();
}

async function latestRow(db: AppDatabase, postId: string): Promise<RevisionRow | undefined> {
  return db
    .selectFrom("post_revisions")
    .selectAll()
    .where("post_id", "=", postId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
}

/** Deletes what is beyond the newest WORKFLOW_LIMITS.revisionsKept, except published versions. */
async function pruneRevisions(db: AppDatabase, postId: string): Promise<void> {
  const newest = await db
    .selectFrom("post_revisions")
    .select("id")
    .where("post_id", "=", postId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(WORKFLOW_LIMITS.revisionsKept)
    .execute();
  if (newest.length < WORKFLOW_LIMITS.revisionsKept) return;
  await db
    .deleteFrom("post_revisions")
    .where("post_id", "=", postId)
    .where("published", "=", 0)
    .where(
      "id",
      "not in",
      newest.map((row) => row.id),
    )
    .execute();
}

/**
 * Every revision of every post, for an export file: the post named by its slug, the fields as
 * `getRevision` shows them. Oldest first within each post.
 */
export async function exportRevisions(db: AppDatabase): Promise<RevisionTransfer[]> {
  const rows = await db
    .selectFrom("post_revisions")
    .innerJoin("blog_posts", "blog_posts.id", "post_revisions.post_id")
    .selectAll("post_revisions")
    .select("blog_posts.slug as post_slug")
    .orderBy("blog_posts.slug")
    .orderBy("post_revisions.created_at")
    .orderBy("post_revisions.id")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    post_slug: row.post_slug,
    kind: row.kind,
    published: Boolean(row.published),
    created_at: row.created_at,
    updated_at: row.updated_at,
    post: toPostInput(row.data),
  }));
}

export type RevisionImportResult = { imported: number; skipped: number };

/**
 * Adds the revisions of an export file to the posts just imported (`postIds`: slug to id). Each
 * is validated (`revisionTransferSchema`, then its fields like any revision, body cleaned); one of
 * a post not imported, dated after the import began (it would pass for unsaved changes newer
 * than the import's own save), or already present (same id: importing a file twice) is skipped.
 * The usual bound applies afterwards: newest 50 per post plus every published version.
 */
export async function importRevisions(
  db: AppDatabase,
  entries: unknown,
  postIds: ReadonlyMap<string, string>,
  startedAt: Date,
): Promise<RevisionImportResult> {
  const result: RevisionImportResult = { imported: 0, skipped: 0 };
  if (!Array.isArray(entries)) return result;
  const touched = new Set<string>();
  for (const entry of entries) {
    const parsed = revisionTransferSchema.safeParse(entry);
    const postId = parsed.success ? postIds.get(parsed.data.post_slug) : undefined;
    if (!parsed.success || !postId || parsed.data.updated_at >= startedAt.toISOString() || parsed.data.created_at > parsed.data.updated_at) {
      result.skipped += 1;
      continue;
    }
    const { id = crypto.randomUUID(), kind, published, created_at, updated_at, post } = parsed.data;
    const fields = revisionFields(post);
    const inserted = await db
      .insertInto("post_revisions")
      .values({ id, post_id: postId, kind, published: published ? 1 : 0, title: fields.title, data: JSON.stringify(fields), created_at, updated_at })
      .onConflict((conflict) => conflict.column("id").doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) {
      result.imported += 1;
      touched.add(postId);
    } else result.skipped += 1;
  }
  for (const postId of touched) await pruneRevisions(db, postId);
  return result;
}
