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

/** The page a preview token opens, or undefined for an unknown, expired or revoked token. */
export async function getPreviewPage(db: AppDatabase, token: string, now = new Date()): Promise<PublicPage | undefined> {
  const link = await findWorkingLink(db, "page_preview_links", token, now);
  if (!link) return undefined;
  const row = await db.selectFrom("site_pages").selectAll().where("id", "=", link.page_id).executeTakeFirst();
  if (!row) return undefined;
  const { path, title, seo, blocks } = newestVersion(row);
  return { id: row.id, path, title, seo, blocks: withServedDates(blocks, now), updated_at: row.updated_at };
}
