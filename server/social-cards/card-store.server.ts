import type { AppDatabase } from "../db/database.server";

/**
 * Stored social cards, each its post's own (docs/decisions/178-social-cards-belong-to-their-post.md).
 * Apart from the renderer so that the posts service can forget a post's cards without loading it.
 */

/** The stored card of this post and key, if one was made (never renders). */
export async function storedCard(db: AppDatabase, postId: string, key: string): Promise<Buffer | undefined> {
  const stored = await db
    .selectFrom("blog_social_cards")
    .select("data")
    .where("post_id", "=", postId)
    .where("key", "=", key)
    .executeTakeFirst();
  return stored ? Buffer.from(stored.data) : undefined;
}

/** Stores a card; a second process storing the same one changes nothing. */
export async function storeCard(db: AppDatabase, postId: string, key: string, data: Buffer): Promise<void> {
  await db
    .insertInto("blog_social_cards")
    .values({ post_id: postId, key, data, created_at: new Date().toISOString() })
    .onConflict((conflict) => conflict.columns(["post_id", "key"]).doNothing())
    .execute();
}

/** Deletes every card of a post: it is no longer public, or its card would show something else. */
export async function forgetPostCards(db: AppDatabase, postId: string): Promise<void> {
  await db.deleteFrom("blog_social_cards").where("post_id", "=", postId).execute();
}
