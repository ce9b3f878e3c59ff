import crypto from "node:crypto";
import type { Transaction } from "kysely";
import {
  pageCreateSchema,
  pageDeleteSchema,
  pageMessages,
  pagePatchSchema,
  pagePublishSchema,
  type PageSeo,
  type PageStatus,
  type PageSummary,
  type PageVersion,
  type SitePage,
} from "../../domain/site-pages";
import type { PageBlock } from "../../domain/page-blocks";
import { asRecord, fieldErrors } from "../../domain/validation";
import { PAGES_TAG, recordContentChange } from "../cache/content-changes.server";
import type { AppDatabase } from "../db/database.server";
import type { Database, SitePagesTable } from "../db/schema";
import { addressTaken, moveLiveAddress } from "./page-addresses.server";
import { checkPageBlocks } from "./page-content.server";
import { deletePageRevisions, recordPageRevision, type RevisionOptions } from "./page-revisions.server";
import { isLive } from "./public-pages.server";

/**
 * The pages service (docs/decisions/197). A row's columns hold the live version, its `draft` the
 * unpublished one: saving writes the draft only, publishing makes it live, so a published page
 * keeps serving what it showed until then.
 *
 * A page that was never published has no live version to keep: its live columns mirror its draft
 * (status "draft" keeps them off the site), so the unique `path` column holds the address it
 * claims. Publishing with `at` in the future schedules the draft: it becomes the live version,
 * shown from `publish_at` on (a page already on the site cannot be scheduled: its changes are
 * published at once, or it is unpublished first).
 */

export type PageFailure = {
  ok: false;
  /** `live_page`: a page on the site cannot be scheduled. */
  code: "invalid" | "not_found" | "path_taken" | "system_page" | "live_page";
  error: string;
  fields?: Record<string, string>;
};
export type PageWriteResult = { ok: true; page: SitePage } | PageFailure;

type PageRow = SitePagesTable;

const notFound: PageFailure = { ok: false, code: "not_found", error: pageMessages.notFound };
const pathTaken: PageFailure = { ok: false, code: "path_taken", error: pageMessages.pathTaken, fields: { path: pageMessages.pathTaken } };

function invalid(fields: Record<string, string>, error = Object.values(fields)[0] ?? "Invalid page"): PageFailure {
  return { ok: false, code: "invalid", error, fields };
}

function liveVersion(row: PageRow): PageVersion {
  return { path: row.path, title: row.title, seo: JSON.parse(row.seo) as PageSeo, blocks: JSON.parse(row.blocks) as PageBlock[] };
}

export function draftVersion(row: Pick<PageRow, "draft">): PageVersion | undefined {
  return row.draft === null ? undefined : (JSON.parse(row.draft) as PageVersion);
}

/** What an editor works on: the draft when one waits, else the live version. */
export function newestVersion(row: PageRow): PageVersion {
  return draftVersion(row) ?? liveVersion(row);
}

function liveColumns(version: PageVersion) {
  return { path: version.path, title: version.title, seo: JSON.stringify(version.seo), blocks: JSON.stringify(version.blocks) };
}

/** The status an editor sees: a scheduled page whose time has come is published. */
function shownStatus(row: PageRow, now: Date): PageStatus {
  return row.status === "scheduled" && isLive(row, now) ? "published" : row.status;
}

function pageSummary(row: PageRow, now: Date): PageSummary {
  return {
    id: row.id,
    path: row.path,
    title: row.title,
    status: shownStatus(row, now),
    updated_at: row.updated_at,
    system: row.system === 1,
    has_draft: row.draft !== null,
    publish_at: row.publish_at,
  };
}

/** The page as the admin reads it: the live version at the top, the unpublished one in `draft`. */
function sitePage(row: PageRow, now: Date): SitePage {
  const { seo, blocks } = liveVersion(row);
  const draft = draftVersion(row);
  return {
    ...pageSummary(row, now),
    blocks,
    seo,
    ...(draft ? { draft, draft_blocks: draft.blocks } : {}),
    created_at: row.created_at,
    published_at: row.published_at,
  };
}

async function pageRow(db: AppDatabase, id: string): Promise<PageRow | undefined> {
  return db.selectFrom("site_pages").selectAll().where("id", "=", id).executeTakeFirst();
}

/** Every page, by address. */
export async function listPages(db: AppDatabase, now = new Date()): Promise<PageSummary[]> {
  const rows = await db.selectFrom("site_pages").selectAll().orderBy("path").execute();
  return rows.map((row) => pageSummary(row, now));
}

export async function getPage(db: AppDatabase, id: string, now = new Date()): Promise<SitePage | undefined> {
  const row = await pageRow(db, id);
  return row && sitePage(row, now);
}

/** A new page, always a draft (its live columns mirror it until it is first published). */
export async function createPage(db: AppDatabase, input: unknown, now = new Date(), revision: RevisionOptions = {}): Promise<PageWriteResult> {
  const parsed = pageCreateSchema.safeParse(asRecord(input));
  if (!parsed.success) return invalid(fieldErrors(parsed.error));
  const blocks = checkPageBlocks(parsed.data.blocks);
  if (!blocks.ok) return invalid(blocks.fields, blocks.error);
  const version: PageVersion = { path: parsed.data.path, title: parsed.data.title, seo: parsed.data.seo, blocks: blocks.blocks };
  if (await addressTaken(db, version.path, undefined)) return pathTaken;
  const at = now.toISOString();
  const row: PageRow = {
    id: crypto.randomUUID(),
    ...liveColumns(version),
    status: "draft",
    system: 0,
    draft: JSON.stringify(version),
    publish_at: null,
    published_at: null,
    created_at: at,
    updated_at: at,
  };
  const written = await writeClaimingAddress(db, version.path, row.id, async (trx) => {
    await trx.insertInto("site_pages").values(row).execute();
    await moveLiveAddress(trx, row.id, { from: version.path, to: version.path, leaveRedirect: false }, at);
  });
  if (!written) return pathTaken;
  // The new page's address stops answering a redirect another page left there.
  await recordContentChange(db, [PAGES_TAG]);
  await recordPageRevision(db, row.id, version, { ...revision, published: false });
  return { ok: true, page: sitePage(row, now) };
}

/** Saves changes into the draft (kept as a revision); the live version, if any, keeps serving. */
export async function updatePage(db: AppDatabase, id: string, input: unknown, now = new Date(), revision: RevisionOptions = {}): Promise<PageWriteResult> {
  const fields = asRecord(input);
  const parsed = pagePatchSchema.safeParse(fields);
  if (!parsed.success) return invalid(fieldErrors(parsed.error));
  const row = await pageRow(db, id);
  if (!row) return notFound;
  const base = newestVersion(row);
  let blocks = base.blocks;
  if (parsed.data.blocks !== undefined) {
    const checked = checkPageBlocks(parsed.data.blocks);
    if (!checked.ok) return invalid(checked.fields, checked.error);
    blocks = checked.blocks;
  }
  const path = parsed.data.path ?? base.path;
  if (path !== base.path) {
    if (row.system === 1 && path !== row.path) return { ok: false, code: "system_page", error: pageMessages.systemPath, fields: { path: pageMessages.systemPath } };
    if (await addressTaken(db, path, row)) return pathTaken;
  }
  const draft: PageVersion = { path, title: parsed.data.title ?? base.title, seo: { ...base.seo, ...namedSeo(parsed.data.seo, fields.seo) }, blocks };
  const neverPublished = row.status === "draft" && row.published_at === null;
  const updated: PageRow = {
    ...row,
    ...(neverPublished ? liveColumns(draft) : {}),
    draft: JSON.stringify(draft),
    updated_at: now.toISOString(),
  };
  const written = await writeClaimingAddress(db, updated.path, id, async (trx) => {
    await trx.updateTable("site_pages").set(updated).where("id", "=", id).execute();
    if (updated.path !== row.path) await moveLiveAddress(trx, id, { from: row.path, to: updated.path, leaveRedirect: false }, updated.updated_at);
  });
  if (!written) return pathTaken;
  if (updated.path !== row.path) await recordContentChange(db, [PAGES_TAG]);
  await recordPageRevision(db, id, draft, { ...revision, published: false });
  return { ok: true, page: sitePage(updated, now) };
}

/**
 * Only the SEO fields the request named: the schema's defaults would otherwise reset the others
 * (a partial of fields with defaults fills them in).
 */
function namedSeo(parsed: Partial<PageSeo> | undefined, raw: unknown): Partial<PageSeo> {
  if (!parsed) return {};
  const named = asRecord(raw);
  return Object.fromEntries(Object.entries(parsed).filter(([key]) => Object.hasOwn(named, key)));
}

/**
 * Makes the draft (or, without one, the live version again) the live version: now, or from `at`
 * when that is later. A live page published under a new address leaves a 301 at the old one.
 */
export async function publishPage(db: AppDatabase, id: string, input: unknown, now = new Date(), revision: RevisionOptions = {}): Promise<PageWriteResult> {
  const parsed = pagePublishSchema.safeParse(asRecord(input));
  if (!parsed.success) return invalid(fieldErrors(parsed.error));
  const row = await pageRow(db, id);
  if (!row) return notFound;
  const live = isLive(row, now);
  const at = now.toISOString();
  const later = parsed.data.at !== undefined && parsed.data.at > at ? parsed.data.at : undefined;
  if (later && live) return { ok: false, code: "live_page", error: pageMessages.scheduleLive, fields: { at: pageMessages.scheduleLive } };
  const version = newestVersion(row);
  if (version.path !== row.path && (await addressTaken(db, version.path, row))) return pathTaken;
  const updated: PageRow = {
    ...row,
    ...liveColumns(version),
    draft: null,
    status: later ? "scheduled" : "published",
    publish_at: later ?? null,
    published_at: later ?? (live ? (row.published_at ?? at) : at),
    updated_at: at,
  };
  const written = await writeClaimingAddress(db, updated.path, id, async (trx) => {
    await trx.updateTable("site_pages").set(updated).where("id", "=", id).execute();
    await moveLiveAddress(trx, id, { from: row.path, to: updated.path, leaveRedirect: live }, at);
  });
  if (!written) return pathTaken;
  await recordContentChange(db, [PAGES_TAG]);
  await recordPageRevision(db, id, version, { ...revision, kind: "save", published: true });
  return { ok: true, page: sitePage(updated, now) };
}

/** A page that may leave the site: any but the specification's, which must keep answering. */
async function removablePage(db: AppDatabase, id: string): Promise<PageRow | PageFailure> {
  const row = await pageRow(db, id);
  if (!row) return notFound;
  return row.system === 1 ? { ok: false, code: "system_page", error: pageMessages.systemPage } : row;
}

/** Takes a page off the site (its live version and any draft are kept); never one of the specification's pages. */
export async function unpublishPage(db: AppDatabase, id: string, now = new Date()): Promise<PageWriteResult> {
  const row = await removablePage(db, id);
  if ("ok" in row) return row;
  const updated: PageRow = { ...row, status: "draft", publish_at: null, updated_at: now.toISOString() };
  await db.updateTable("site_pages").set({ status: "draft", publish_at: null, updated_at: updated.updated_at }).where("id", "=", id).execute();
  await recordContentChange(db, [PAGES_TAG]);
  return { ok: true, page: sitePage(updated, now) };
}

/**
 * Deletes a page with its preview links and revisions; never one of the specification's pages.
 * Its old addresses go with it, unless `redirect_to` names another page: then its address and its
 * old ones answer 301 to that page, as a moved page's do (docs/decisions/223).
 */
export async function deletePage(db: AppDatabase, id: string, input: unknown = {}, now = new Date()): Promise<PageWriteResult> {
  const parsed = pageDeleteSchema.safeParse(asRecord(input));
  if (!parsed.success) return invalid(fieldErrors(parsed.error));
  const row = await removablePage(db, id);
  if ("ok" in row) return row;
  const target = parsed.data.redirect_to;
  if (target !== undefined && (target === id || !(await pageRow(db, target)))) return invalid({ redirect_to: pageMessages.redirectTarget });
  await db.transaction().execute(async (trx) => {
    if (target) {
      await trx.updateTable("site_page_redirects").set({ page_id: target }).where("page_id", "=", id).execute();
      await trx.insertInto("site_page_redirects").values({ old_path: row.path, page_id: target, created_at: now.toISOString() }).execute();
    }
    await trx.deleteFrom("site_page_redirects").where("page_id", "=", id).execute();
    await trx.deleteFrom("page_preview_links").where("page_id", "=", id).execute();
    await deletePageRevisions(trx, id);
    await trx.deleteFrom("site_pages").where("id", "=", id).execute();
  });
  await recordContentChange(db, [PAGES_TAG]);
  return { ok: true, page: sitePage(row, now) };
}

/**
 * Runs a write that gives a page the live address `path` in one transaction. Two writers racing
 * for one address: the unique index decides, and the loser is told the address is taken (false).
 */
async function writeClaimingAddress(
  db: AppDatabase,
  path: string,
  pageId: string,
  write: (trx: Transaction<Database>) => Promise<void>,
): Promise<boolean> {
  try {
    await db.transaction().execute(write);
    return true;
  } catch (error) {
    const holder = await db.selectFrom("site_pages").select("id").where("path", "=", path).executeTakeFirst();
    if (holder && holder.id !== pageId) return false;
    throw error;
  }
}
