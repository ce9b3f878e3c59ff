import crypto from "node:crypto";
import type { PageBlock } from "../../domain/page-blocks";
import type { PageSeo } from "../../domain/site-pages";
import { PAGES_TAG, recordContentChange } from "../../server/cache/content-changes.server";
import { withDatabase } from "./blog-data";

export type PageSeed = { path: string; title: string; blocks: PageBlock[]; seo?: Partial<PageSeo>; oldPaths?: string[]; publishAt?: string };

/**
 * Published (or, with `publishAt`, scheduled) pages written straight into the SQLite file the server under test reads, as the
 * pages service stores them (live version in the row, no draft), with their old addresses; the
 * server hears of the change as it would of a publication.
 */
export async function seedPages(dataDir: string, pages: PageSeed[]): Promise<void> {
  await withDatabase(dataDir, async (db) => {
    const now = new Date().toISOString();
    for (const { path, title, blocks, seo, oldPaths = [], publishAt } of pages) {
      const id = crypto.randomUUID();
      await db
        .insertInto("site_pages")
        .values({
          id,
          path,
          title,
          status: publishAt ? "scheduled" : "published",
          system: 0,
          seo: JSON.stringify({ title: "", description: "", social_image_url: "", noindex: false, ...seo }),
          blocks: JSON.stringify(blocks),
          draft: null,
          publish_at: publishAt ?? null,
          published_at: publishAt ?? now,
          created_at: now,
          updated_at: now,
        })
        .execute();
      for (const old of oldPaths) await db.insertInto("site_page_redirects").values({ old_path: old, page_id: id, created_at: now }).execute();
    }
    await recordContentChange(db, [PAGES_TAG]);
  });
}
