import type { Kysely } from "kysely";
import { isPostgres } from "../database.server";

/**
 * Social cards of posts without an image of their own (docs/decisions/160-social-cards.md): a PNG
 * stored by the SHA-256 of what it shows, made once on first request. Derived data: copy-db and
 * backups leave it behind, and a card is made again when first asked for.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("blog_social_cards")
    .addColumn("key", "text", (col) => col.primaryKey())
    .addColumn("data", isPostgres(db) ? "bytea" : "blob", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("blog_social_cards").execute();
}
