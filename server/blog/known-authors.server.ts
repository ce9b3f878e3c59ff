import { sql } from "kysely";
import type { KnownAuthor } from "../../domain/post-editor";
import type { AppDatabase } from "../db/database.server";

/** More names than any blog's byline list; the editor offers them as suggestions. */
export const KNOWN_AUTHORS_MAX = 500;

/**
 * The authors already used on the site: each name once, with the bio, avatar and LinkedIn URL of
 * its most recently saved post (decision 184), in name order. One query on both databases: a
 * window function picks each name's latest row.
 */
export async function listKnownAuthors(db: AppDatabase): Promise<KnownAuthor[]> {
  const ranked = db
    .selectFrom("blog_posts")
    .select([
      "author_name",
      "author_bio",
      "author_avatar_url",
      "author_linkedin_url",
      sql<number>`row_number() over (partition by author_name order by updated_at desc, id desc)`.as("rank"),
    ])
    .where("author_name", "<>", "");
  const rows = await db
    .selectFrom(ranked.as("ranked"))
    .select(["author_name", "author_bio", "author_avatar_url", "author_linkedin_url"])
    .where("rank", "=", 1)
    .orderBy("author_name")
    .limit(KNOWN_AUTHORS_MAX)
    .execute();
  return rows.map((row) => ({
    name: row.author_name,
    bio: row.author_bio ?? "",
    avatar: row.author_avatar_url || null,
    linkedin_url: row.author_linkedin_url || null,
  }));
}
