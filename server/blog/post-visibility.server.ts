import type { ExpressionBuilder } from "kysely";
import type { AppDatabase } from "../db/database.server";
import type { Database } from "../db/schema";

/**
 * The one public visibility rule in SQL (domain/post-publishing.ts `postStatus` in words): a post is
 * public when published and its publication time, if any, has passed. Decided by time on every
 * read, so a scheduled post appears at its time on every process with no job running
 * (docs/decisions/125-scheduled-publishing.md).
 *
 * The posts still waiting are few (usually none): they are read first, from a small index, and
 * left out by id, so the public lists keep reading their ids from the covering indexes of 0005.
 * Timestamps are ISO-8601 UTC text, which compares in time order on both databases.
 */
export type PublicFilter = (eb: ExpressionBuilder<Database, "blog_posts">) => ReturnType<ExpressionBuilder<Database, "blog_posts">["and"]>;

export async function publicFilter(db: AppDatabase, now: Date = new Date()): Promise<PublicFilter> {
  const waiting = await waitingPostIds(db, now);
  return (eb) =>
    eb.and([eb("blog_posts.published", "=", 1), ...(waiting.length > 0 ? [eb("blog_posts.id", "not in", waiting)] : [])]);
}

export type PublicIndexFilter = (
  eb: ExpressionBuilder<Database, "blog_post_search">,
) => ReturnType<ExpressionBuilder<Database, "blog_post_search">["and"]>;

/**
 * The same rule on the search index's copy of `published` (migration 0047), for the searches that
 * count and rank from the index without joining the posts.
 */
export async function publicIndexFilter(db: AppDatabase, now: Date = new Date()): Promise<PublicIndexFilter> {
  const waiting = await waitingPostIds(db, now);
  return (eb) =>
    eb.and([
      eb("blog_post_search.published", "=", 1),
      ...(waiting.length > 0 ? [eb("blog_post_search.post_id", "not in", waiting)] : []),
    ]);
}

/**
 * The same rule for a read that already joins `blog_post_editorial` (one post by its slug): the
 * joined row's publication time is checked directly, without first reading the waiting posts.
 */
export function publicJoinedFilter(now: Date = new Date()) {
  return (eb: ExpressionBuilder<Database, "blog_posts" | "blog_post_editorial">) =>
    eb.and([
      eb("blog_posts.published", "=", 1),
      eb.or([eb("blog_post_editorial.publish_at", "is", null), eb("blog_post_editorial.publish_at", "<=", now.toISOString())]),
    ]);
}

/** Ids of posts with a publication time still to come (published or not). */
async function waitingPostIds(db: AppDatabase, now: Date): Promise<string[]> {
  const rows = await db
    .selectFrom("blog_post_editorial")
    .select("post_id")
    .where("publish_at", ">", now.toISOString())
    .execute();
  return rows.map((row) => row.post_id);
}

/**
 * When the next scheduled post becomes public, or null when none is waiting. A page cache keeps
 * public pages until then at most, so a scheduled post shows up on time without a purge.
 */
export async function nextScheduledPublication(db: AppDatabase, now: Date = new Date()): Promise<Date | null> {
  const row = await db
    .selectFrom("blog_post_editorial")
    .innerJoin("blog_posts", "blog_posts.id", "blog_post_editorial.post_id")
    .select((eb) => eb.fn.min("blog_post_editorial.publish_at").as("next"))
    .where("blog_posts.published", "=", 1)
    .where("blog_post_editorial.publish_at", ">", now.toISOString())
    .executeTakeFirst();
  return row?.next ? new Date(row.next) : null;
}
