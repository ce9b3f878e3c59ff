import crypto from "node:crypto";
import { z } from "zod";
import type { PageRevisionTransfer } from "../../domain/page-revisions";
import { PAGE_PATH_PATTERN, isReservedPagePath, pageCreateSchema, pageMessages, type PageVersion } from "../../domain/site-pages";
import { asRecord, fieldErrors } from "../../domain/validation";
import { PAGES_TAG, recordContentChange } from "../cache/content-changes.server";
import type { AppDatabase } from "../db/database.server";
import type { SitePagesTable } from "../db/schema";
import { addressTaken } from "./page-addresses.server";
import { checkPageBlocks } from "./page-content.server";
import { exportPageRevisions, importPageRevisions } from "./page-revisions.server";
import { draftVersion } from "./site-pages.server";

/**
 * Pages in the file `npm run admin -- export` writes and `import` reads, beside the posts: each
 * page's live version, draft and publication, its revisions (decision 200), and the old addresses
 * that answer 301. Preview links stay behind, as a post's do (docs/decisions/129).
 */

export type PageTransfer = Omit<SitePagesTable, "id" | "system" | "seo" | "blocks" | "draft"> & {
  system: boolean;
  seo: PageVersion["seo"];
  blocks: PageVersion["blocks"];
  draft: PageVersion | null;
};
export type PagesExport = { pages: PageTransfer[]; page_redirects: { old_path: string; path: string }[]; page_revisions: PageRevisionTransfer[] };

export async function exportPages(db: AppDatabase): Promise<PagesExport> {
  const rows = await db.selectFrom("site_pages").selectAll().orderBy("created_at").orderBy("id").execute();
  const redirects = await db
    .selectFrom("site_page_redirects")
    .innerJoin("site_pages", "site_pages.id", "site_page_redirects.page_id")
    .select(["site_page_redirects.old_path", "site_pages.path"])
    .orderBy("site_page_redirects.old_path")
    .execute();
  return {
    pages: rows.map(({ id: _id, system, seo, blocks, ...row }) => ({
      ...row,
      system: system === 1,
      seo: JSON.parse(seo) as PageVersion["seo"],
      blocks: JSON.parse(blocks) as PageVersion["blocks"],
      draft: draftVersion(row) ?? null,
    })),
    page_redirects: redirects,
    page_revisions: await exportPageRevisions(db),
  };
}

export type PagesImportResult = {
  created: string[];
  updated: string[];
  refused: { path: string; fields: Record<string, string> }[];
  redirects: { imported: number; skipped: number };
  revisions: { imported: number; skipped: number };
};

const moment = z.iso.datetime({ offset: true }).transform((value) => new Date(value).toISOString());
const publication = z.object({
  status: z.enum(["draft", "scheduled", "published"]),
  system: z.boolean().default(false),
  publish_at: moment.nullable().default(null),
  published_at: moment.nullable().default(null),
  created_at: moment.optional(),
});

/** A version of an imported page checked as the editor's are: address, title, SEO fields, blocks (cleaned). */
function checkedVersion(input: unknown): { ok: true; version: PageVersion } | { ok: false; fields: Record<string, string> } {
  const parsed = pageCreateSchema.safeParse(asRecord(input));
  if (!parsed.success) return { ok: false, fields: fieldErrors(parsed.error) };
  const blocks = checkPageBlocks(parsed.data.blocks);
  if (!blocks.ok) return { ok: false, fields: blocks.fields };
  return { ok: true, version: { path: parsed.data.path, title: parsed.data.title, seo: parsed.data.seo, blocks: blocks.blocks } };
}

/**
 * Creates or updates pages by their live address. Each passes the editor's checks (its rich text
 * cleaned again); a page that fails, or whose address another page holds, is reported, not stored.
 */
export async function importPages(db: AppDatabase, data: unknown): Promise<PagesImportResult> {
  const result: PagesImportResult = { created: [], updated: [], refused: [], redirects: { imported: 0, skipped: 0 }, revisions: { imported: 0, skipped: 0 } };
  const entries = asRecord(data).pages;
  if (!Array.isArray(entries)) return result;
  const startedAt = new Date();
  const now = startedAt.toISOString();
  const imported = new Map<string, string>();
  for (const entry of entries as unknown[]) {
    const fields = asRecord(entry);
    const path = String(fields.path ?? "");
    const live = checkedVersion(fields);
    const draft = fields.draft ? checkedVersion(fields.draft) : undefined;
    const state = publication.safeParse(fields);
    const problems = { ...(live.ok ? {} : live.fields), ...(draft && !draft.ok ? prefixed("draft.", draft.fields) : {}), ...(state.success ? {} : fieldErrors(state.error)) };
    if (!live.ok || (draft && !draft.ok) || !state.success) {
      result.refused.push({ path, fields: problems });
      continue;
    }
    const existing = await db.selectFrom("site_pages").select(["id", "created_at"]).where("path", "=", live.version.path).executeTakeFirst();
    const claimant = { id: existing?.id ?? "", system: state.data.system ? (1 as const) : (0 as const), path: live.version.path };
    const draftPath = draft?.ok ? draft.version.path : undefined;
    if ((await addressTaken(db, live.version.path, claimant)) || (draftPath && (await addressTaken(db, draftPath, claimant)))) {
      result.refused.push({ path, fields: { path: pageMessages.pathTaken } });
      continue;
    }
    const row: SitePagesTable = {
      id: existing?.id ?? crypto.randomUUID(),
      path: live.version.path,
      title: live.version.title,
      seo: JSON.stringify(live.version.seo),
      blocks: JSON.stringify(live.version.blocks),
      draft: draft?.ok ? JSON.stringify(draft.version) : null,
      status: state.data.status,
      system: claimant.system,
      publish_at: state.data.status === "scheduled" ? (state.data.publish_at ?? now) : null,
      published_at: state.data.published_at,
      created_at: existing?.created_at ?? state.data.created_at ?? now,
      updated_at: now,
    };
    if (existing) await db.updateTable("site_pages").set(row).where("id", "=", row.id).execute();
    else await db.insertInto("site_pages").values(row).execute();
    (existing ? result.updated : result.created).push(row.path);
    imported.set(row.path, row.id);
  }
  result.redirects = await importPageRedirects(db, asRecord(data).page_redirects);
  result.revisions = await importPageRevisions(db, asRecord(data).page_revisions, imported, startedAt);
  if (result.created.length + result.updated.length + result.redirects.imported > 0) await recordContentChange(db, [PAGES_TAG]);
  return result;
}

/** Old addresses of pages now here, unless a page holds that address or it already answers. */
async function importPageRedirects(db: AppDatabase, input: unknown): Promise<PagesImportResult["redirects"]> {
  const counts = { imported: 0, skipped: 0 };
  if (!Array.isArray(input)) return counts;
  for (const entry of input as unknown[]) {
    const { old_path: oldPath, path } = asRecord(entry);
    const page = typeof path === "string" ? await db.selectFrom("site_pages").select("id").where("path", "=", path).executeTakeFirst() : undefined;
    const taken =
      typeof oldPath !== "string" ||
      !PAGE_PATH_PATTERN.test(oldPath) ||
      isReservedPagePath(oldPath) ||
      (await db.selectFrom("site_pages").select("id").where("path", "=", oldPath).executeTakeFirst()) !== undefined ||
      (await db.selectFrom("site_page_redirects").select("old_path").where("old_path", "=", oldPath).executeTakeFirst()) !== undefined;
    if (!page || taken) {
      counts.skipped += 1;
      continue;
    }
    await db.insertInto("site_page_redirects").values({ old_path: oldPath as string, page_id: page.id, created_at: new Date().toISOString() }).execute();
    counts.imported += 1;
  }
  return counts;
}

function prefixed(prefix: string, fields: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(fields).map(([key, message]) => [`${prefix}${key}`, message]));
}
