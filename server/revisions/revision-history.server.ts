import crypto from "node:crypto";
import type { Kysely } from "kysely";
import { WORKFLOW_LIMITS, type RevisionKind } from "../../domain/post-workflow";
import type { AppDatabase } from "../db/database.server";

/**
 * The revision history every edited content type shares (posts, pages: docs/decisions/120 and
 * 200): a table of revisions per type, each row naming its document in the type's own column.
 * Saves add a revision; autosaves close together update the latest autosave instead of adding
 * more; per document the newest WORKFLOW_LIMITS.revisionsKept are kept, and every published
 * version besides. What a revision holds is the type's business: here it is JSON text.
 */
export type RevisionTable = {
  /** The revisions' table. */
  table: "post_revisions" | "page_revisions";
  /** Its column naming the document. */
  ownerColumn: "post_id" | "page_id";
  /** The documents' table, to tell an unknown document from one without revisions. */
  ownerTable: "blog_posts" | "site_pages";
  /** Its column naming who kept a revision (the admin session), when the type records it. */
  authorColumn?: "saved_by";
  /** Its column naming the person who kept it, when the type records it beside the session. */
  personColumn?: "saved_by_person";
};

/** One revision as stored, whatever the type. */
export type StoredRevision = {
  id: string;
  owner_id: string;
  kind: RevisionKind;
  published: 0 | 1;
  title: string;
  data: string;
  created_at: string;
  updated_at: string;
  saved_by: string | null;
  saved_by_person: string | null;
};

type Row = Record<string, unknown>;
/** The revision tables differ only in their owner column's name: one untyped view serves both. */
type UntypedDatabase = Kysely<Record<string, Row>>;

function untyped(db: AppDatabase): UntypedDatabase {
  return db as unknown as UntypedDatabase;
}

function fromRow(store: RevisionTable, row: Row): StoredRevision {
  return {
    id: row.id as string,
    owner_id: row[store.ownerColumn] as string,
    kind: row.kind as RevisionKind,
    published: Number(row.published) === 1 ? 1 : 0,
    title: row.title as string,
    data: (row.data as string | undefined) ?? "",
    created_at: row.created_at as string,
    updated_at: row.updated_at as string,
    saved_by: store.authorColumn ? ((row[store.authorColumn] as string | null | undefined) ?? null) : null,
    saved_by_person: store.personColumn ? ((row[store.personColumn] as string | null | undefined) ?? null) : null,
  };
}

function toRow(store: RevisionTable, revision: StoredRevision): Row {
  const { owner_id, saved_by, saved_by_person, ...columns } = revision;
  return {
    ...columns,
    [store.ownerColumn]: owner_id,
    ...(store.authorColumn ? { [store.authorColumn]: saved_by } : {}),
    ...(store.personColumn ? { [store.personColumn]: saved_by_person } : {}),
  };
}

export async function documentExists(db: AppDatabase, store: RevisionTable, ownerId: string): Promise<boolean> {
  const found = await untyped(db).selectFrom(store.ownerTable).select("id").where("id", "=", ownerId).executeTakeFirst();
  return found !== undefined;
}

/** What a revision is kept with: how, whether it was the published version, its title and fields. */
export type RevisionContent = { kind: RevisionKind; published: boolean; title: string; data: string; savedBy?: string | null; savedByPerson?: string | null };

/** Adds a revision and drops what is beyond the bound. */
export async function addRevision(db: AppDatabase, store: RevisionTable, ownerId: string, content: RevisionContent): Promise<StoredRevision> {
  const now = nextTimestamp(await latestRevision(db, store, ownerId), new Date());
  const revision: StoredRevision = {
    id: crypto.randomUUID(),
    owner_id: ownerId,
    kind: content.kind,
    published: content.published ? 1 : 0,
    title: content.title,
    data: content.data,
    created_at: now,
    updated_at: now,
    saved_by: content.savedBy ?? null,
    saved_by_person: content.savedByPerson ?? null,
  };
  await untyped(db).insertInto(store.table).values(toRow(store, revision)).execute();
  await pruneRevisions(db, store, ownerId);
  return revision;
}

/**
 * Keeps an autosave: it updates the latest revision when that is an autosave begun less than
 * WORKFLOW_LIMITS.autosaveCoalesceMs ago, else it adds one. Autosaved text has never been the
 * published version.
 */
export async function addAutosave(
  db: AppDatabase,
  store: RevisionTable,
  ownerId: string,
  content: { title: string; data: string; savedBy?: string | null; savedByPerson?: string | null },
): Promise<StoredRevision> {
  const latest = await latestRevision(db, store, ownerId);
  const now = new Date(nextTimestamp(latest, new Date()));
  const coalesce =
    latest?.kind === "autosave" && now.getTime() - new Date(latest.created_at).getTime() < WORKFLOW_LIMITS.autosaveCoalesceMs;
  if (latest && coalesce) {
    const changes = {
      title: content.title,
      data: content.data,
      updated_at: now.toISOString(),
      ...(store.authorColumn ? { saved_by: content.savedBy ?? null } : {}),
      ...(store.personColumn ? { saved_by_person: content.savedByPerson ?? null } : {}),
    };
    await untyped(db).updateTable(store.table).set(changes).where("id", "=", latest.id).execute();
    return { ...latest, ...changes };
  }
  const revision: StoredRevision = {
    id: crypto.randomUUID(),
    owner_id: ownerId,
    kind: "autosave",
    published: 0,
    title: content.title,
    data: content.data,
    created_at: now.toISOString(),
    updated_at: now.toISOString(),
    saved_by: content.savedBy ?? null,
    saved_by_person: content.savedByPerson ?? null,
  };
  await untyped(db).insertInto(store.table).values(toRow(store, revision)).execute();
  await pruneRevisions(db, store, ownerId);
  return revision;
}

/** A document's revisions without their data, newest first. */
export async function listStoredRevisions(db: AppDatabase, store: RevisionTable, ownerId: string): Promise<StoredRevision[]> {
  const columns = ["id", store.ownerColumn, "kind", "published", "title", "created_at", "updated_at", ...(store.authorColumn ? [store.authorColumn] : []), ...(store.personColumn ? [store.personColumn] : [])];
  const rows = await untyped(db)
    .selectFrom(store.table)
    .select(columns)
    .where(store.ownerColumn, "=", ownerId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .execute();
  return rows.map((row) => fromRow(store, row));
}

export async function findRevision(db: AppDatabase, store: RevisionTable, ownerId: string, revisionId: string): Promise<StoredRevision | undefined> {
  const row = await untyped(db)
    .selectFrom(store.table)
    .selectAll()
    .where(store.ownerColumn, "=", ownerId)
    .where("id", "=", revisionId)
    .executeTakeFirst();
  return row && fromRow(store, row);
}

export async function latestRevision(db: AppDatabase, store: RevisionTable, ownerId: string): Promise<StoredRevision | undefined> {
  const row = await untyped(db)
    .selectFrom(store.table)
    .selectAll()
    .where(store.ownerColumn, "=", ownerId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  return row && fromRow(store, row);
}

/** Stores a revision as it came (an import): false when one with its id is already there. */
export async function insertRevisionOnce(db: AppDatabase, store: RevisionTable, revision: StoredRevision): Promise<boolean> {
  const inserted = await untyped(db)
    .insertInto(store.table)
    .values(toRow(store, revision))
    .onConflict((conflict) => conflict.column("id").doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** A document's revisions go with it. */
export async function deleteRevisions(db: AppDatabase, store: RevisionTable, ownerId: string): Promise<void> {
  await untyped(db).deleteFrom(store.table).where(store.ownerColumn, "=", ownerId).execute();
}

/**
 * Now, or just after the latest revision when the clock has not moved on (two writes in one
 * millisecond): the history's order is always the order of the writes.
 */
function nextTimestamp(latest: StoredRevision | undefined, now: Date): string {
  const after = latest ? new Date(latest.created_at).getTime() + 1 : 0;
  return new Date(Math.max(now.getTime(), after)).toISOString();
}

/** Deletes what is beyond the newest WORKFLOW_LIMITS.revisionsKept, except published versions. */
export async function pruneRevisions(db: AppDatabase, store: RevisionTable, ownerId: string): Promise<void> {
  const newest = await untyped(db)
    .selectFrom(store.table)
    .select("id")
    .where(store.ownerColumn, "=", ownerId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(WORKFLOW_LIMITS.revisionsKept)
    .execute();
  if (newest.length < WORKFLOW_LIMITS.revisionsKept) return;
  await untyped(db)
    .deleteFrom(store.table)
    .where(store.ownerColumn, "=", ownerId)
    .where("published", "=", 0)
    .where(
      "id",
      "not in",
      newest.map((row) => row.id as string),
    )
    .execute();
}
