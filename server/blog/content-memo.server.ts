import type { AppDatabase } from "../db/database.server";
import { nextScheduledPublication } from "./post-visibility.server";
import { onLocalContentChange } from "../cache/content-changes.server";

/**
 * What pages work out from the published posts as a whole (an article's related posts, how many
 * posts a list pages through, the names behind a category's address), kept per database until
 * the posts change (decision 194): a change this process makes, a change another process made
 * (the page cache's watcher reads it and calls `forget`, server/cache/pages.server.ts), or the
 * next scheduled post going public, as the page cache keeps its pages. A render then costs its
 * own page's reads, not a pass over the blog.
 */
export type ContentMemo = {
  /**
   * The value kept under `key`, or `work`'s, kept until the posts change; a failure, or a value
   * `keepIf` refuses, is not kept.
   */
  remember: <T>(key: string, work: () => Promise<T>, options?: { keepIf?: (value: T) => boolean }) => Promise<T>;
  /** Drops everything: the posts changed. */
  forget: () => void;
};

/**
 * Values kept at most per database: two per article (its fields without the body, its related
 * posts) and one per list page, about 1 to 8 KB each: some 20 MB at most.
 */
const MAX_ENTRIES = 10_000;

/** Moves on at every change this process makes, whatever database it was made in. */
let localChanges = 0;
onLocalContentChange(() => {
  localChanges += 1;
});

const memos = new WeakMap<AppDatabase, ContentMemo>();

/** The memo of this database (one per process and database). */
export function contentMemo(db: AppDatabase): ContentMemo {
  let memo = memos.get(db);
  if (!memo) {
    memo = createContentMemo(db);
    memos.set(db, memo);
  }
  return memo;
}

function createContentMemo(db: AppDatabase): ContentMemo {
  const values = new Map<string, Promise<unknown>>();
  let seenChanges = localChanges;
  // When the next scheduled post goes public (epoch ms; Infinity for none), read once per fill.
  let validUntil: Promise<number> | undefined;

  const forget = () => {
    values.clear();
    validUntil = undefined;
  };
  const readValidUntil = () => {
    const reading = nextScheduledPublication(db).then((next) => next?.getTime() ?? Infinity);
    // Not kept when the database is away: the next call asks again.
    reading.catch(() => {
      if (validUntil === reading) validUntil = undefined;
    });
    return reading;
  };
  /** Drops what a change or a scheduled publication has made stale. */
  const current = async () => {
    if (seenChanges !== localChanges) {
      seenChanges = localChanges;
      forget();
    }
    const until = (validUntil ??= readValidUntil());
    if (Date.now() < (await until)) return;
    if (validUntil === until) forget();
    await (validUntil ??= readValidUntil());
  };

  return {
    forget,
    async remember<T>(key: string, work: () => Promise<T>, { keepIf }: { keepIf?: (value: T) => boolean } = {}): Promise<T> {
      await current();
      const kept = values.get(key) as Promise<T> | undefined;
      if (kept) {
        values.delete(key);
        values.set(key, kept);
        return kept;
      }
      const pending = work();
      values.set(key, pending);
      const drop = () => {
        if (values.get(key) === pending) values.delete(key);
      };
      pending.then((value) => {
        if (keepIf && !keepIf(value)) drop();
      }, drop);
      if (values.size > MAX_ENTRIES) values.delete(values.keys().next().value!);
      return pending;
    },
  };
}
