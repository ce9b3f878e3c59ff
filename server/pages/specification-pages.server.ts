import crypto from "node:crypto";
import { withServedDates, type PageBlock } from "../../domain/page-blocks";
import type { PageSeo, PublicPage } from "../../domain/site-pages";
import type { AppDatabase } from "../db/database.server";
import { checkPageBlocks } from "./page-content.server";
import { recordPageRevision } from "./page-revisions.server";
import { findPublishedPage } from "./public-pages.server";
import { aboutPage } from "./seed/about-page";
import { contactPage } from "./seed/contact-page";
import { featuresPage } from "./seed/features-page";
import { homePage } from "./seed/home-page";
import { howItWorksPage } from "./seed/how-it-works-page";
import { sciencePage } from "./seed/science-page";
import { solutionsPage } from "./seed/solutions-page";
import { supportPage } from "./seed/support-page";
import { privacyPage, securityPage, termsPage } from "./seed/legal-pages";
import type { SeedPage } from "./seed/seed-page";

/**
 * The specification's pages as pages the marketing team edits (docs/decisions/199): what a fresh
 * site starts with, written from the specification's copy (domain/site-copy), and how their routes
 * read them.
 */
export const SPECIFICATION_PAGES: Readonly<Record<string, SeedPage>> = {
  "/": homePage,
  "/solutions": solutionsPage,
  "/how-it-works": howItWorksPage,
  "/features": featuresPage,
  "/science": sciencePage,
  "/about": aboutPage,
  "/contact": contactPage,
  "/support": supportPage,
  "/privacy": privacyPage,
  "/terms": termsPage,
  "/security": securityPage,
};

/** A seeded page's first version: its title, SEO fields and checked, cleaned blocks. */
export function seedVersion(path: string): { title: string; seo: PageSeo; blocks: PageBlock[] } {
  const seed = SPECIFICATION_PAGES[path];
  if (!seed) throw new Error(`No specification page at ${path}`);
  const checked = checkPageBlocks(seed.blocks());
  if (!checked.ok) throw new Error(`The seed of ${path} is not a valid page: ${checked.error}`);
  return {
    title: seed.title ?? seed.meta.title,
    seo: { title: seed.meta.title, description: seed.meta.description, social_image_url: "", noindex: false },
    blocks: checked.blocks,
  };
}

/**
 * Creates each specification page no page holds the address of yet, published and marked
 * `system` (editable, never deleted or unpublished). Run at every start, after the migrations,
 * and by `npm run admin -- seed`; a page already there, edited or not, is left as it is.
 */
export async function ensureSpecificationPages(db: AppDatabase, now = new Date()): Promise<string[]> {
  const taken = new Set((await db.selectFrom("site_pages").select("path").execute()).map((row) => row.path));
  const created: string[] = [];
  for (const path of Object.keys(SPECIFICATION_PAGES)) {
    if (taken.has(path)) continue;
    const { title, seo, blocks } = seedVersion(path);
    const at = now.toISOString();
    const id = crypto.randomUUID();
    const inserted = await db
      .insertInto("site_pages")
      .values({
        id,
        path,
        title,
        status: "published",
        system: 1,
        seo: JSON.stringify(seo),
        blocks: JSON.stringify(blocks),
        draft: null,
        publish_at: null,
        published_at: at,
        created_at: at,
        updated_at: at,
      })
      // Another process starting at the same moment may have written it first.
      .onConflict((conflict) => conflict.column("path").doNothing())
      .executeTakeFirst();
    // The seeded content is the page's first revision, so the history can always go back to it.
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) await recordPageRevision(db, id, { path, title, seo, blocks }, { published: true });
    created.push(path);
  }
  return created;
}

/**
 * The live version of a specification page for its route: the published page at its address,
 * or, should none be there (a database the start has not seeded yet), its first version. A
 * legal document dated "served" shows the day it is served, in the server's time zone.
 */
export async function readSpecificationPage(db: AppDatabase, path: string, now = new Date()): Promise<PublicPage> {
  const found = await findPublishedPage(db, path, now);
  if (found.kind === "page") return found.page;
  const first = seedVersion(path);
  return { id: path, path, ...first, blocks: withServedDates(first.blocks, now), updated_at: now.toISOString() };
}
