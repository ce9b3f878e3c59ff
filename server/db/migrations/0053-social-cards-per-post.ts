import type { Kysely } from "kysely";
import { isPostgres } from "../database.server";
import { up as createKeyedByCard } from "./0046-social-cards";

/**
 * A stored social card belongs to its post (docs/decisions/178-social-cards-belong-to-their-post.md):
 * it is deleted with the post, and when the post stops being public or changes what its card shows.
 * Cards are derived data made again on request, so the old table is dropped, not converted.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("blog_social_cards").execute();
  await db.schema
    .createTable("blog_social_cards")
    .addColumn("post_id", "text", (col) => col.notNull().references("blog_posts.id").onDelete("cascade"))
    .addColumn("key", "text", (col) => col.notNull())
    .addColumn("data", isPostgres(db) ? "bytea" : "blob", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .addPrimaryKeyConstraint("blog_social_cards_pkey", ["post_id", "key"])
    .execute();
}

/** Back to 0046's table, keyed by the card alone; stored cards go (they are made again). */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("blog_social_cards").execute();
  await createKeyedByCard(db);
}
