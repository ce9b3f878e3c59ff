import { categorySlug } from "../../domain/blog-taxonomy";
import type { PublicPostSummary } from "../../domain/blog-post";
import type { ResponsiveImage } from "../../domain/media";
import { withServedDates, type PageBlock, type PageImage } from "../../domain/page-blocks";
import type { PageSeo, PublicPage } from "../../domain/site-pages";
import { latestPublishedPosts } from "../blog/public-posts.server";
import { latestOfTaxonomy } from "../blog/post-taxonomy.server";
import type { AppDatabase } from "../db/database.server";
import type { SitePagesTable } from "../db/schema";
import { responsiveImages } from "../media/media.server";
import { formsByIds } from "../forms/forms.server";
import type { PublicForm } from "../../domain/form-entries";

/**
 * What the public site reads of the pages the marketing team edits: the live version of a
 * published page (or a scheduled one whose time has come), never a draft (docs/decisions/197).
 */

export type PageLookup = { kind: "page"; page: PublicPage } | { kind: "redirect"; to: string } | { kind: "none" };

/** True when the live version of this row is on the site at `now`. */
export function isLive(row: Pick<SitePagesTable, "status" | "publish_at">, now: Date): boolean {
  if (row.status === "published") return true;
  return row.status === "scheduled" && row.publish_at !== null && row.publish_at <= now.toISOString();
}

/** The live version of a row, as the public route renders it. */
export function publicPage(row: Pick<SitePagesTable, "id" | "path" | "title" | "seo" | "blocks" | "updated_at">): PublicPage {
  return {
    id: row.id,
    path: row.path,
    title: row.title,
    seo: JSON.parse(row.seo) as PageSeo,
    blocks: JSON.parse(row.blocks) as PageBlock[],
    updated_at: row.updated_at,
  };
}

/**
 * The page that answers `path` (its canonical spelling: lower case, no trailing slash): the live
 * page, a 301 to where a published page moved, or none.
 */
export async function findPublishedPage(db: AppDatabase, path: string, now = new Date()): Promise<PageLookup> {
  const row = await db
    .selectFrom("site_pages")
    .select(["id", "path", "title", "status", "publish_at", "seo", "blocks", "updated_at"])
    .where("path", "=", path)
    .executeTakeFirst();
  if (row && isLive(row, now)) {
    const page = publicPage(row);
    return { kind: "page", page: { ...page, blocks: withServedDates(page.blocks, now) } };
  }
  if (row) return { kind: "none" };
  const moved = await db
    .selectFrom("site_page_redirects")
    .innerJoin("site_pages", "site_pages.id", "site_page_redirects.page_id")
    .select(["site_pages.path", "site_pages.status", "site_pages.publish_at"])
    .where("site_page_redirects.old_path", "=", path)
    .executeTakeFirst();
  if (moved && isLive(moved, now)) return { kind: "redirect", to: moved.path };
  return { kind: "none" };
}

/** The addresses of the live pages a search engine may list (not `noindex`), for the sitemap. */
export async function sitemapPages(db: AppDatabase, now = new Date()): Promise<{ path: string; updated_at: string }[]> {
  const rows = await db.selectFrom("site_pages").select(["path", "status", "publish_at", "seo", "updated_at"]).execute();
  return rows
    .filter((row) => isLive(row, now) && !(JSON.parse(row.seo) as PageSeo).noindex)
    .map((row) => ({ path: row.path, updated_at: row.updated_at }));
}

/**
 * What a page's blocks show beyond their own fields (app/components/blocks/page-blocks.tsx): the
 * newest posts of each shown "latest posts" block, by block id, and the size and smaller copies
 * of the uploaded images the blocks name, and the forms the form blocks name, by id. `showsPosts`:
 * the page changes when the posts do.
 */
export type PageExtras = {
  posts: Record<string, PublicPostSummary[]>;
  images: Record<string, ResponsiveImage>;
  forms: Record<string, PublicForm>;
  showsPosts: boolean;
};

export async function pageExtras(db: AppDatabase, blocks: readonly PageBlock[]): Promise<PageExtras> {
  const shown = blocks.filter((block) => !block.hidden);
  const postBlocks = shown.flatMap((block) => (block.type === "latest_posts" ? [block] : []));
  const formIds = shown.flatMap((block) => (block.type === "form" ? [block.form_id] : []));
  const [posts, images, forms] = await Promise.all([
    Promise.all(
      postBlocks.map(async (block) => {
        const found = block.category
          ? ((await latestOfTaxonomy(db, "category", categorySlug(block.category), block.count))?.posts ?? [])
          : await latestPublishedPosts(db, block.count);
        return [block.id, found] as const;
      }),
    ),
    responsiveImages(db, shown.flatMap(imagesOf).map((image) => image.src)),
    formsByIds(db, formIds),
  ]);
  return { posts: Object.fromEntries(posts), images: Object.fromEntries(images), forms, showsPosts: postBlocks.length > 0 };
}

function imagesOf(block: PageBlock): PageImage[] {
  if (block.type === "hero") return block.image ? [block.image] : [];
  if (block.type === "quote") return block.photo ? [block.photo] : [];
  if (block.type === "image") return [block.image];
  if (block.type === "logo_strip") return block.logos.map((logo) => logo.image);
  return [];
}
