import crypto from "node:crypto";
import { pageRevisionTransferSchema, type PageRevision, type PageRevisionSummary, type PageRevisionTransfer } from "../../domain/page-revisions";
import type { RevisionKind } from "../../domain/post-workflow";
import { pageSeoSchema, type PageVersion } from "../../domain/site-pages";
import type { AppDatabase } from "../db/database.server";
import {
  addAutosave,
  addRevision,
  deleteRevisions,
  documentExists,
  findRevision,
  insertRevisionOnce,
  listStoredRevisions,
  pruneRevisions,
  type RevisionTable,
  type StoredRevision,
} from "../revisions/revision-history.server";
import type { Role } from "../../domain/roles";
import { namesOfPeople } from "../people/people.server";
import { checkPageBlocks } from "./page-content.server";

/**
 * Revisions of pages (docs/decisions/200), on the history posts use (server/revisions): every
 * save of a page's draft and every publish keeps its version; the editor's autosaves close
 * together update one revision. Bounded as posts' are: the newest 50 and every published version.
 */

const PAGE_REVISIONS: RevisionTable = {
  table: "page_revisions",
  ownerColumn: "page_id",
  ownerTable: "site_pages",
  authorColumn: "saved_by",
  personColumn: "saved_by_person",
};

/** How a write is kept in the history: a save (the default) or an autosave, by which admin session and person. */
export type RevisionOptions = { kind?: RevisionKind; savedBy?: string | null; savedByPerson?: string | null };

export async function recordPageRevision(
  db: AppDatabase,
  pageId: string,
  version: PageVersion,
  { published, kind = "save", savedBy = null, savedByPerson = null }: RevisionOptions & { published: boolean },
): Promise<void> {
  const content = { title: version.title, data: JSON.stringify(version), savedBy, savedByPerson };
  if (kind === "autosave") await addAutosave(db, PAGE_REVISIONS, pageId, content);
  else await addRevision(db, PAGE_REVISIONS, pageId, { ...content, kind, published });
}

/** `people`: the names of who kept the revisions (namesOfPeople), as a post's history names them. */
function toSummary(row: StoredRevision, people: ReadonlyMap<string, { name: string; role: Role }> = new Map()): PageRevisionSummary {
  const person = row.saved_by_person ? people.get(row.saved_by_person) : undefined;
  return {
    id: row.id,
    page_id: row.owner_id,
    kind: row.kind,
    published: row.published === 1,
    title: row.title,
    saved_by: row.saved_by,
    saved_by_person: person && row.saved_by_person ? { id: row.saved_by_person, ...person } : null,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/**
 * A stored version read back: the address and title as kept, SEO fields and each block checked
 * again (a block that no longer passes, rules having tightened since, is left out), rich text
 * cleaned again.
 */
function readVersion(data: string): PageVersion {
  let raw: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(data);
    if (parsed !== null && typeof parsed === "object") raw = parsed as Record<string, unknown>;
  } catch {
    // An unreadable revision shows as empty.
  }
  const seo = pageSeoSchema.safeParse(raw.seo ?? {});
  const blocks = Array.isArray(raw.blocks) ? raw.blocks : [];
  return {
    path: typeof raw.path === "string" ? raw.path : "",
    title: typeof raw.title === "string" ? raw.title : "",
    seo: seo.success ? seo.data : pageSeoSchema.parse({}),
    blocks: blocks.flatMap((block) => {
      const checked = checkPageBlocks([block]);
      return checked.ok ? checked.blocks : [];
    }),
  };
}

/** A page's revisions, newest first; undefined when there is no such page. */
export async function listPageRevisions(db: AppDatabase, pageId: string): Promise<PageRevisionSummary[] | undefined> {
  if (!(await documentExists(db, PAGE_REVISIONS, pageId))) return undefined;
  const rows = await listStoredRevisions(db, PAGE_REVISIONS, pageId);
  const people = await namesOfPeople(db, rows.flatMap((row) => (row.saved_by_person ? [row.saved_by_person] : [])));
  return rows.map((row) => toSummary(row, people));
}

export async function getPageRevision(db: AppDatabase, pageId: string, revisionId: string): Promise<PageRevision | undefined> {
  const row = await findRevision(db, PAGE_REVISIONS, pageId, revisionId);
  if (!row) return undefined;
  const people = await namesOfPeople(db, row.saved_by_person ? [row.saved_by_person] : []);
  return { ...toSummary(row, people), page: readVersion(row.data) };
}

/** A deleted page's revisions go with it. */
export async function deletePageRevisions(db: AppDatabase, pageId: string): Promise<void> {
  await deleteRevisions(db, PAGE_REVISIONS, pageId);
}

/** Every revision of every page, for an export file: by the page's live address, oldest first within each page. */
export async function exportPageRevisions(db: AppDatabase): Promise<PageRevisionTransfer[]> {
  const rows = await db
    .selectFrom("page_revisions")
    .innerJoin("site_pages", "site_pages.id", "page_revisions.page_id")
    .selectAll("page_revisions")
    .select("site_pages.path as page_path")
    .orderBy("site_pages.path")
    .orderBy("page_revisions.created_at")
    .orderBy("page_revisions.id")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    page_path: row.page_path,
    kind: row.kind,
    published: Number(row.published) === 1,
    created_at: row.created_at,
    updated_at: row.updated_at,
    page: readVersion(row.data),
  }));
}

/**
 * Adds the revisions of an export file to the pages just imported (`pageIds`: live address to
 * id), as the posts' import does: one that fails its envelope, belongs to a page not imported, is
 * dated after the import began, or is already here (same id) is skipped; the version is checked
 * and cleaned again; the usual bound applies afterwards.
 */
export async function importPageRevisions(
  db: AppDatabase,
  entries: unknown,
  pageIds: ReadonlyMap<string, string>,
  startedAt: Date,
): Promise<{ imported: number; skipped: number }> {
  const result = { imported: 0, skipped: 0 };
  if (!Array.isArray(entries)) return result;
  const touched = new Set<string>();
  for (const entry of entries as unknown[]) {
    const parsed = pageRevisionTransferSchema.safeParse(entry);
    const pageId = parsed.success ? pageIds.get(parsed.data.page_path) : undefined;
    if (!parsed.success || !pageId || parsed.data.updated_at >= startedAt.toISOString() || parsed.data.created_at > parsed.data.updated_at) {
      result.skipped += 1;
      continue;
    }
    const { id = crypto.randomUUID(), kind, published, created_at, updated_at, page } = parsed.data;
    const version = readVersion(JSON.stringify(page));
    const revision: StoredRevision = { id, owner_id: pageId, kind, published: published ? 1 : 0, title: version.title, data: JSON.stringify(version), created_at, updated_at, saved_by: null, saved_by_person: null };
    if (await insertRevisionOnce(db, PAGE_REVISIONS, revision)) {
      result.imported += 1;
      touched.add(pageId);
    } else result.skipped += 1;
  }
  for (const pageId of touched) await pruneRevisions(db, PAGE_REVISIONS, pageId);
  return result;
}
