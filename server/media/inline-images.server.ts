import type { AppDatabase } from "../db/database.server";
import { updatePost } from "../blog/posts.server";
import { storeImage } from "./media.server";

/** An inline image in stored article HTML (the allowlist writes `src` in double quotes). */
const INLINE_IMAGE = /(<img\b[^>]*?\bsrc=")data:image\/(?:png|jpeg|gif|webp);base64,([a-z0-9+/]+={0,2})(")/gi;

export type InlineImageReport = { posts: number; images: number; kept: number };

/**
 * `npm run admin -- move-inline-images`: base64 images pasted into posts before uploads existed
 * become stored images referenced by address. Each post is saved through the posts service (so
 * its change is seen like an edit); an image that would be refused as an upload stays inline.
 */
export async function moveInlineImages(db: AppDatabase): Promise<InlineImageReport> {
  const report: InlineImageReport = { posts: 0, images: 0, kept: 0 };
  const candidates = await db
    .selectFrom("blog_posts")
    .select("id")
    .where("content", "like", "%data:image/%")
    .orderBy("id")
    .execute();
  for (const { id } of candidates) {
    const row = await db.selectFrom("blog_posts").select("content").where("id", "=", id).executeTakeFirst();
    if (!row) continue;
    let moved = 0;
    const urls = new Map<string, string | undefined>();
    for (const match of row.content.matchAll(INLINE_IMAGE)) {
      const base64 = match[2]!;
      if (urls.has(base64)) continue;
      const stored = await storeImage(db, Buffer.from(base64, "base64"));
      urls.set(base64, stored.ok ? stored.url : undefined);
    }
    const content = row.content.replace(INLINE_IMAGE, (whole, before: string, base64: string, after: string) => {
      const url = urls.get(base64);
      if (!url) {
        report.kept += 1;
        return whole;
      }
      moved += 1;
      return `${before}${url}${after}`;
    });
    if (moved === 0) continue;
    const saved = await updatePost(db, id, { content });
    if (!saved.ok) throw new Error(`Post ${id} could not be saved: ${saved.code}`);
    report.posts += 1;
    report.images += moved;
  }
  return report;
}
