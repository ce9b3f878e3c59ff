import type { AppDatabase } from "../db/database.server";

/**
 * Content changes shared by every app process through the database (docs/decisions/071).
 *
 * A change is a set of cache tags ("posts", "post:<slug>"). The process that makes it tells its own
 * listeners at once; every process (itself included) also reads the `content_changes` table at most
 * once per `intervalMs` when asked, so a change made elsewhere reaches it within that interval plus
 * one request.
 */
export type ChangeListener = (tags: string[] | "all") => void;

/** The tag of everything that lists posts: /blog and its pages (and anything else that lists them). */
export const POSTS_TAG = "posts";
export const postTag = (slug: string) => `post:${slug}`;
/**
 * Pages the marketing team edits, and what answers an address no page has (the catch-all, which
 * a new page may take): every page change drops them (docs/decisions/197).
 */
export const PAGES_TAG = "pages";
/** What every page shows (the menus of the header and the footer): every page kept is dropped. */
export const EVERY_PAGE_TAG = "every-page";
/** The public thanks of the disclosure program: /security/acknowledgments. */
export const ACKNOWLEDGMENTS_TAG = "acknowledgments";

/** Rows are kept this long; a process that has not looked for longer drops everything. */
const KEEP_MS = 24 * 60 * 60 * 1000;
/**
 * Rows written in this window are read again on every check: on PostgreSQL a row with a lower id
 * can commit after one with a higher id, so "id > last seen" alone could miss it.
 */
const RECHECK_WINDOW_MS = 60_000;

const localListeners = new Set<ChangeListener>();

/**
 * The changes this process recorded, by database: its listeners heard them at once, so its
 * watchers take them as seen instead of dropping the same pages a second time a moment later
 * (a page kept in between would go for nothing).
 */
const recordedHere = new WeakMap<AppDatabase, Map<number, number>>();

/** Called with the tags of each change this process records. Returns the unsubscribe function. */
export function onLocalContentChange(listener: ChangeListener): () => void {
  localListeners.add(listener);
  return () => localListeners.delete(listener);
}

/** Records a change (after the content is committed) and tells this process's listeners at once. */
export async function recordContentChange(db: AppDatabase, tags: string[]): Promise<void> {
  const unique = [...new Set(tags)];
  const now = Date.now();
  const row = await db
    .insertInto("content_changes")
    .values({ tags: unique.join(" "), created_at: new Date(now).toISOString() })
    .returning("id")
    .executeTakeFirstOrThrow();
  let recorded = recordedHere.get(db);
  if (!recorded) recordedHere.set(db, (recorded = new Map()));
  for (const [id, at] of recorded) if (at < now - 2 * RECHECK_WINDOW_MS) recorded.delete(id);
  recorded.set(Number(row.id), now);
  await db.deleteFrom("content_changes").where("created_at", "<", new Date(now - KEEP_MS).toISOString()).execute();
  for (const listener of localListeners) listener(unique);
}

export type ContentChangeWatcher = {
  /** Reads new changes if the last read is older than the interval; concurrent callers share one read. */
  check: () => Promise<void>;
  /** Whether a check now would read nothing (the last read is recent): callers may skip the await. */
  upToDate: () => boolean;
};

/**
 * Watches the table for changes made by any process. Starts from "now": the caller's caches are
 * empty when it is created.
 */
export function watchContentChanges(
  db: AppDatabase,
  onChange: ChangeListener,
  { intervalMs = 1000, now = Date.now }: { intervalMs?: number; now?: () => number } = {},
): ContentChangeWatcher {
  let lastCheck = now();
  let lastId: number | undefined;
  // Ids seen within the re-check window, with when they were written.
  const seen = new Map<number, number>();
  let inFlight: Promise<void> | undefined;

  const read = async () => {
    const started = now();
    if (lastId === undefined) {
      const row = await db
        .selectFrom("content_changes")
        .select((eb) => eb.fn.max("id").as("id"))
        .executeTakeFirst();
      lastId = Number(row?.id ?? 0);
    }
    if (started - lastCheck > KEEP_MS - RECHECK_WINDOW_MS) onChange("all");
    const since = new Date(Math.min(lastCheck, started) - RECHECK_WINDOW_MS).toISOString();
    const rows = await db
      .selectFrom("content_changes")
      .select(["id", "tags", "created_at"])
      .where((eb) => eb.or([eb("id", ">", lastId!), eb("created_at", ">=", since)]))
      .orderBy("id")
      .execute();
    const fresh = rows.filter((row) => !seen.has(Number(row.id)));
    const tags = new Set<string>();
    const ownChanges = recordedHere.get(db);
    for (const row of fresh) {
      const id = Number(row.id);
      seen.set(id, Date.parse(row.created_at));
      lastId = Math.max(lastId!, id);
      if (ownChanges?.has(id)) continue;
      for (const tag of row.tags.split(" ")) if (tag) tags.add(tag);
    }
    for (const [id, at] of seen) if (at < started - 2 * RECHECK_WINDOW_MS) seen.delete(id);
    lastCheck = started;
    if (tags.size > 0) onChange([...tags]);
  };

  const upToDate = () => !inFlight && lastId !== undefined && now() - lastCheck < intervalMs;
  return {
    upToDate,
    check: () => {
      if (inFlight) return inFlight;
      if (upToDate()) return Promise.resolve();
      inFlight = read().finally(() => {
        inFlight = undefined;
      });
      return inFlight;
    },
  };
}
