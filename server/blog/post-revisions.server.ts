import crypto from "node:crypto";
import { NEW_POST_DEFAULTS, postInputSchema, type BlogPost, type PostInput } from "../../domain/blog-post";
import {
  autosaveInputSchema,
  revisionTransferSchema,
  type Revision,
  type RevisionKind,
  type RevisionSummary,
  type RevisionTransfer,
} from "../../domain/post-workflow";
import { fieldErrors } from "../../domain/validation";
import type { AppDatabase } from "../db/database.server";
import {
  addAutosave,
  addRevision,
  documentExists,
  findRevision,
  insertRevisionOnce,
  latestRevision,
  listStoredRevisions,
  pruneRevisions,
  type RevisionTable,
  type StoredRevision,
} from "../revisions/revision-history.server";
import { cleanArticleHtml } from "./article-html.server";
import { namesOfPeople } from "../people/people.server";
import type { Role } from "../../domain/roles";

/**
 * Revisions of posts (docs/decisions/120-post-revisions-and-autosave.md), on the history pages
 * share (server/revisions). Every save of a post keeps one; autosaves of the editor are revisions
 * too and never touch the post itself. Autosaves close together update the latest autosave
 * instead of adding more. Per post, the newest WORKFLOW_LIMITS.revisionsKept are kept, and every
 * published version besides.
 */

const POST_REVISIONS: RevisionTable = { table: "post_revisions", ownerColumn: "post_id", ownerTable: "blog_posts", authorColumn: "saved_by" };

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

/** `people`: the names of who kept the revisions (namesOfPeople), for "Priya (Editor)" in the history. */
function toSummary(row: StoredRevision, people: ReadonlyMap<string, { name: string; role: Role }> = new Map()): RevisionSummary {
  const by = row.saved_by ? people.get(row.saved_by) : undefined;
  return {
    id: row.id,
    post_id: row.owner_id,
    kind: row.kind,
    published: Boolean(row.published),
    title: row.title,
    created_at: row.created_at,
    updated_at: row.updated_at,
    saved_by: by && row.saved_by ? { id: row.saved_by, ...by } : null,
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
export async function recordSaveRevision(
  db: AppDatabase,
  post: BlogPost,
  { kind = "save", savedBy = null }: { kind?: RevisionKind; savedBy?: string | null } = {},
): Promise<void> {
  await addRevision(db, POST_REVISIONS, post.id, { kind, published: post.published, title: post.title, data: JSON.stringify(snapshotOf(post)), savedBy });
}

/**
 * Keeps the editor's unsaved state of an existing post as an autosave revision; the post itself,
 * and so what is published, is not changed.
 */
export async function autosavePost(db: AppDatabase, postId: string, input: unknown, savedBy: string | null = null): Promise<AutosaveResult> {
  const parsed = autosaveInputSchema.safeParse(input);
  if (!parsed.success) return { ok: false, code: "invalid", fields: fieldErrors(parsed.error) };
  if (!(await documentExists(db, POST_REVISIONS, postId))) return { ok: false, code: "not_found" };
  const data = JSON.stringify({ ...parsed.data, content: cleanArticleHtml(parsed.data.content) });
  const revision = await addAutosave(db, POST_REVISIONS, postId, { title: parsed.data.title, data, savedBy });
  return { ok: true, revision: toSummary(revision, await namesOfPeople(db, [savedBy ?? ""])) };
}

/** A post's revisions, newest first; undefined when there is no such post. */
export async function listRevisions(db: AppDatabase, postId: string): Promise<RevisionSummary[] | undefined> {
  if (!(await documentExists(db, POST_REVISIONS, postId))) return undefined;
  const rows = await listStoredRevisions(db, POST_REVISIONS, postId);
  const people = await namesOfPeople(db, rows.map((row) => row.saved_by ?? ""));
  return rows.map((row) => toSummary(row, people));
}

export async function getRevision(db: AppDatabase, postId: string, revisionId: string): Promise<Revision | undefined> {
  const row = await findRevision(db, POST_REVISIONS, postId, revisionId);
  return row ? { ...toSummary(row, await namesOfPeople(db, [row.saved_by ?? ""])), post: toPostInput(row.data) } : undefined;
}

/**
 * The newest autosave of a post when it is newer than the post's last save: the unsaved version
 * the editor offers back, and what a preview shows.
 */
export async function newerAutosave(db: AppDatabase, post: Pick<BlogPost, "id" | "updated_at">): Promise<Revision | undefined> {
  const row = await latestRevision(db, POST_REVISIONS, post.id);
  // The latest revision being an autosave means no save came after it.
  if (!row || row.kind !== "autosave" || row.updated_at < post.updated_at) return undefined;
  return { ...toSummary(row), post: toPostInput(row.data) };
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
    const revision: StoredRevision = {
      id,
      owner_id: postId,
      kind,
      published: published ? 1 : 0,
      title: fields.title,
      data: JSON.stringify(fields),
      created_at,
      updated_at,
      saved_by: null,
      saved_by_person: null,
    };
    if (await insertRevisionOnce(db, POST_REVISIONS, revision)) {
      result.imported += 1;
      touched.add(postId);
    } else result.skipped += 1;
  }
  for (const postId of touched) await pruneRevisions(db, POST_REVISIONS, postId);
  return result;
}
