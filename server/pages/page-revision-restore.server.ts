import { workflowApiMessages } from "../../domain/post-workflow";
import type { AppDatabase } from "../db/database.server";
import { getPageRevision, type RevisionOptions } from "./page-revisions.server";
import { updatePage, type PageWriteResult } from "./site-pages.server";

export type RestoreResult = PageWriteResult | { ok: false; code: "revision_not_found"; error: string };

/**
 * Makes a revision the page's draft, as a save would (checked again, kept as a revision itself).
 * The live version keeps serving until the page is published. An address another page has taken
 * since is refused (409), as on any save.
 */
export async function restorePageRevision(
  db: AppDatabase,
  pageId: string,
  revisionId: string,
  revision: Omit<RevisionOptions, "kind"> = {},
): Promise<RestoreResult> {
  const found = await getPageRevision(db, pageId, revisionId);
  if (!found) return { ok: false, code: "revision_not_found", error: workflowApiMessages.revisionNotFound };
  const { path, title, seo, blocks } = found.page;
  return updatePage(db, pageId, { path, title, seo, blocks }, new Date(), { ...revision, kind: "save" });
}
