import type { Transaction } from "kysely";
import type { PublicPost } from "../../domain/blog-post";
import type { PostWorkflowValues } from "../../domain/post-publishing";
import type { CreatedPreviewLink, PreviewLink, PreviewPurpose } from "../../domain/post-workflow";
import type { AppDatabase } from "../db/database.server";
import type { Database } from "../db/schema";
import { imagesInHtml } from "../media/media.server";
import { findWorkingLink, issuePreviewToken, mayIssuePreviewLink, revokeEveryLink } from "../preview/preview-tokens.server";
import { articleBody, draftKey } from "./article-body.server";
import { cleanArticleHtml } from "./article-html.server";
import { articleFields, getStoredPostById } from "./posts.server";
import { postImages, publicImageSources } from "./public-posts.server";
import { newerAutosave } from "./post-revisions.server";

/**
 * Private preview links (docs/decisions/121-private-preview-links.md): an unguessable token,
 * stored only as its SHA-256, expiring, revocable. The preview shows the newest version of the
 * post, its unsaved autosave included, through the same public projection as the article page.
 */

export type CreatePreviewResult =
  | { ok: true; link: CreatedPreviewLink }
  | { ok: false; code: "not_found" | "too_many" };

export async function createPreviewLink(
  db: AppDatabase,
  postId: string,
  purpose: PreviewPurpose,
  now = new Date(),
): Promise<CreatePreviewResult> {
  const post = await db.selectFrom("blog_posts").select("id").where("id", "=", postId).executeTakeFirst();
  if (!post) return { ok: false, code: "not_found" };
  const active = await activeLinks(db, postId, now);
  if (!mayIssuePreviewLink(active.length)) return { ok: false, code: "too_many" };
  const { id, token, token_hash, path, created_at, expires_at } = issuePreviewToken(purpose, now);
  const link: PreviewLink = { id, post_id: postId, purpose, created_at, expires_at };
  await db
    .insertInto("post_preview_links")
    .values({ ...link, token_hash, revoked_at: null })
    .execute();
  return { ok: true, link: { ...link, token, path } };
}

/** The shared links of a post that still work, newest first (the editor's own are not listed). */
export async function listPreviewLinks(db: AppDatabase, postId: string, now = new Date()): Promise<PreviewLink[] | undefined> {
  const post = await db.selectFrom("blog_posts").select("id").where("id", "=", postId).executeTakeFirst();
  if (!post) return undefined;
  return (await activeLinks(db, postId, now)).filter((link) => link.purpose === "share");
}

async function activeLinks(db: AppDatabase, postId: string, now: Date): Promise<PreviewLink[]> {
  return db
    .selectFrom("post_preview_links")
    .select(["id", "post_id", "purpose", "created_at", "expires_at"])
    .where("post_id", "=", postId)
    .where("revoked_at", "is", null)
    .where("expires_at", ">", now.toISOString())
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .execute();
}

/** Revokes a link at once; false when the post has no such link still working. */
export async function revokePreviewLink(db: AppDatabase, postId: string, linkId: string): Promise<boolean> {
  const result = await db
    .updateTable("post_preview_links")
    .set({ revoked_at: new Date().toISOString() })
    .where("post_id", "=", postId)
    .where("id", "=", linkId)
    .where("revoked_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Revokes every preview link of every post (and page) at once, and answers how many of them still worked.
 * The admin's "Revoke all preview links" calls it, and so does every change of the admin password,
 * inside the transaction that stores the new hash and ends the sessions: a link made with a stolen
 * session ends with it (docs/decisions/130-preview-links-end-with-the-password.md).
 */
export async function revokeAllPreviewLinks(
  db: AppDatabase | Transaction<Database>,
  now = new Date(),
  madeBy?: string,
): Promise<number> {
  // A page's links end with a post's (docs/decisions/197); given a person, only the links they made.
  return (await revokeEveryLink(db, "post_preview_links", now, madeBy)) + (await revokeEveryLink(db, "page_preview_links", now, madeBy));
}

/** The previewed post with its SEO fields, which its page's metadata uses as the article's does. */
export type PreviewPost = PublicPost & {
  seo: Pick<PostWorkflowValues, "meta_title" | "meta_description" | "social_image_url">;
};

/**
 * The post a preview token opens, as the article page would show it: the newer of the saved post
 * and its latest autosave. Undefined for an unknown, expired or revoked token.
 */
export async function getPreviewPost(db: AppDatabase, token: string, now = new Date()): Promise<PreviewPost | undefined> {
  const link = await findWorkingLink(db, "post_preview_links", token, now);
  if (!link) return undefined;
  const post = await getStoredPostById(db, link.post_id);
  if (!post) return undefined;
  const autosave = await newerAutosave(db, post);
  const fields = autosave ? { ...post, ...autosave.post, updated_at: autosave.updated_at } : post;
  // The body is cleaned as a save cleans it, then as the article page shows it (uploaded images
  // with their sizes and smaller copies): once per version of the draft, so that a reload, or
  // another reader of the link, costs no cleaning. The other fields as a save writes them.
  const body = await articleBody(draftKey(fields.content), async () => cleanArticleHtml(fields.content), (html) => imagesInHtml(db, html));
  const article = articleFields({ ...fields, content: "" });
  return {
    ...article,
    content: body.html,
    ...publicImageSources(article, await postImages(db, [article])),
    featured: fields.featured,
    created_at: post.created_at,
    updated_at: fields.updated_at,
    seo: {
      meta_title: fields.meta_title ?? post.meta_title,
      meta_description: fields.meta_description ?? post.meta_description,
      social_image_url: (fields.social_image_url ?? post.social_image_url) || null,
    },
  };
}
