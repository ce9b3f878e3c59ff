import type { BlogPost } from "../../domain/blog-post";
import type { RevisionTransfer, SlugRedirectTransfer } from "../../domain/post-workflow";
import type { AppDatabase } from "../db/database.server";
import { POSTS_TAG, postTag, recordContentChange } from "../cache/content-changes.server";
import { exportMedia, importMedia, type MediaExport } from "../media/media-transfer.server";
import { exportSlugRedirects, importSlugRedirects } from "./post-workflow.server";
import { exportRevisions, importRevisions, type RevisionImportResult } from "./post-revisions.server";
import { createPost, listAllPosts, setPostDate, updatePost, type PostWriteResult } from "./posts.server";

/**
 * The file `npm run admin -- export` writes and `import` reads: posts, with their uploaded images,
 * revisions and old addresses (docs/decisions/129-what-export-files-carry.md). All but `posts` are
 * optional, so files written before they travelled still import.
 */
export type PostExport = {
  exportedAt: string;
  posts: BlogPost[];
  media?: MediaExport[];
  revisions?: RevisionTransfer[];
  redirects?: SlugRedirectTransfer[];
};

export async function exportPosts(db: AppDatabase): Promise<PostExport> {
  // Oldest first, so an import recreates them in their original order.
  const posts = (await listAllPosts(db)).reverse();
  return {
    exportedAt: new Date().toISOString(),
    posts,
    media: await exportMedia(db),
    revisions: await exportRevisions(db),
    redirects: await exportSlugRedirects(db),
  };
}

export type ImportResult = {
  created: string[];
  updated: string[];
  refused: { slug: string; fields: Record<string, string> }[];
  /** Revisions of the imported posts added, and those skipped (invalid, of a refused post, already there). */
  revisions: RevisionImportResult;
  /** Old addresses of the imported posts added, and those skipped. */
  redirects: { imported: number; skipped: number };
};

/**
 * Imports posts by slug: a new slug creates a post, a known one updates it. Every post passes the
 * same validation and HTML allowlist as the editor's; a post that fails is reported, not stored.
 * Creation dates travel with the posts.
 */
export async function importPosts(db: AppDatabase, data: unknown): Promise<ImportResult> {
  const posts = (data as { posts?: unknown })?.posts;
  if (!Array.isArray(posts)) throw new Error('The file has no "posts" list; it should come from `npm run admin -- export`.');
  const startedAt = new Date();
  const result: ImportResult = { created: [], updated: [], refused: [], revisions: { imported: 0, skipped: 0 }, redirects: { imported: 0, skipped: 0 } };
  const imported = new Map<string, string>();
  // Images first, so the posts' addresses resolve as soon as the posts exist.
  await importMedia(db, (data as { media?: unknown }).media);
  for (const entry of posts as Record<string, unknown>[]) {
    const slug = String(entry?.slug ?? "");
    const existing = slug
      ? await db.selectFrom("blog_posts").select("id").where("slug", "=", slug).executeTakeFirst()
      : undefined;
    const write = existing ? await updatePost(db, existing.id, entry) : await createPost(db, entry);
    if (!write.ok) {
      result.refused.push({ slug, fields: refusedFields(write) });
      continue;
    }
    const createdAt = typeof entry.created_at === "string" ? new Date(entry.created_at) : undefined;
    if (createdAt && !Number.isNaN(createdAt.getTime())) {
      await setPostDate(db, write.post.id, createdAt.toISOString());
      await recordContentChange(db, [POSTS_TAG, postTag(write.post.slug)]);
    }
    (existing ? result.updated : result.created).push(write.post.slug);
    imported.set(write.post.slug, write.post.id);
  }
  // After the posts, whose own import saves are then the newest revisions.
  result.revisions = await importRevisions(db, (data as { revisions?: unknown }).revisions, imported, startedAt);
  result.redirects = await importSlugRedirects(db, (data as { redirects?: unknown }).redirects, imported);
  if (result.redirects.imported > 0) await recordContentChange(db, [POSTS_TAG]);
  return result;
}

/** The operator's import writes with no person, so nothing is forbidden; the type says it all the same. */
function refusedFields(write: Exclude<PostWriteResult, { ok: true }>): Record<string, string> {
  if (write.code === "not_found") return { id: "not found" };
  if (write.code === "forbidden") return { id: write.error };
  return write.fields;
}
