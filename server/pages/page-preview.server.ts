import { withServedDates } from "../../domain/page-blocks";
import type { PreviewPurpose } from "../../domain/post-workflow";
import type { PublicPage } from "../../domain/site-pages";
import type { AppDatabase } from "../db/database.server";
import { findWorkingLink, issuePreviewToken, mayIssuePreviewLink } from "../preview/preview-tokens.server";
import { newestVersion } from "./site-pages.server";

/**
 * Private preview links to a page (docs/decisions/197), made and checked like a post's
 * (server/preview/preview-tokens.server.ts) and opened at the same `/preview/:token` address: the
 * public route tries a post's link, then a page's. A preview shows the draft, or the live version
 * when no draft waits.
 */

export type CreatedPagePreviewLink = { id: string; token: string; path: string; expires_at: string };
export type CreatePagePreviewResult = { ok: true; link: CreatedPagePreviewLink } | { ok: false; code: "not_found" | "too_many" };

export async function createPagePreviewLink(
  db: AppDatabase,
  pageId: string,
  purpose: PreviewPurpose = "share",
  now = new Date(),
): Promise<CreatePagePreviewResult> {
  const page = await db.selectFrom("site_pages").select("id").where("id", "=", pageId).executeTakeFirst();
  if (!page) return { ok: false, code: "not_found" };
  const working = await db
    .selectFrom("page_preview_links")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .where("page_id", "=", pageId)
    .where("revoked_at", "is", null)
    .where("expires_at", ">", now.toISOString())
    .executeTakeFirstOrThrow();
  if (!mayIssuePreviewLink(Number(working.count))) return { ok: false, code: "too_many" };
  const { id, token, token_hash, path, created_at, expires_at } = issuePreviewToken(purpose, now);
  await db
    .insertInto("page_preview_links")
    .values({ id, page_id: pageId, token_hash, purpose, created_at, expires_at, revoked_at: null })
    .execute();
  return { ok: true, link: { id, token, path, expires_at } };
}

/** A page's working link as the editor lists it: never its token, which is kept only hashed. */
export type PagePreviewLink = { id: string; path: string; purpose: PreviewPurpose; expires_at: string; created_at: string };

/** The page's links that still work, newest first, with the page's address; undefined without the page. */
export async function listPagePreviewLinks(db: AppDatabase, pageId: string, now = new Date()): Promise<PagePreviewLink[] | undefined> {
  const page = await db.selectFrom("site_pages").select("path").where("id", "=", pageId).executeTakeFirst();
  if (!page) return undefined;
  const links = await db
    .selectFrom("page_preview_links")
    .select(["id", "purpose", "expires_at", "created_at"])
    .where("page_id", "=", pageId)
    .where("revoked_at", "is", null)
    .where("expires_at", ">", now.toISOString())
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .execute();
  return links.map((link) => ({ ...link, purpose: link.purpose as PreviewPurpose, path: page.path }));
}

/** Revokes one of the page's links at once; false when the page has no such link still working. */
export async function revokePagePreviewLink(db: AppDatabase, pageId: string, linkId: string, now = new Date()): Promise<boolean> {
  const result = await db
    .updateTable("page_preview_links")
    .set({ revoked_at: now.toISOString() })
    .where("page_id", "=", pageId)
    .where("id", "=", linkId)
    .where("revoked_at", "is", null)
    .where("expires_at", ">", now.toISOString())
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The page a preview token opens, or undefined for an unknown, expired or revoked token. */
export async function getPreviewPage(db: AppDatabase, token: string, now = new Date()): Promise<PublicPage | undefined> {
  const link = await findWorkingLink(db, "page_preview_links", token, now);
  if (!link) return undefined;
  const row = await db.selectFrom("site_pages").selectAll().where("id", "=", link.page_id).executeTakeFirst();
  if (!row) return undefined;
  const { path, title, seo, blocks } = newestVersion(row);
  return { id: row.id, path, title, seo, blocks: withServedDates(blocks, now), updated_at: row.updated_at };
}
