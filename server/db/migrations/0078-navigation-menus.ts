import type { Kysely } from "kysely";

/**
 * The menus the team edits (docs/decisions/218, 219): every saved version of the header's and the
 * footer's links, as JSON lists of `{ label, href }`. The newest is the live one; the others are
 * the history. No row: the specification's links (domain/navigation.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("navigation_versions")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("header", "text", (column) => column.notNull())
    .addColumn("footer", "text", (column) => column.notNull())
    .addColumn("saved_by", "text")
    .addColumn("saved_by_name", "text")
    .addColumn("created_at", "text", (column) => column.notNull())
    .execute();
  await db.schema.createIndex("navigation_versions_created_at").on("navigation_versions").column("created_at").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("navigation_versions").execute();
}
