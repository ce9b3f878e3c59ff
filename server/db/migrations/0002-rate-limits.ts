import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  // Hit counters shared by every app process (see server/limits/sliding-window.server.ts).
  await db.schema
    .createTable("rate_limit_hits")
    .addColumn("key", "text", (col) => col.primaryKey())
    .addColumn("hits", "integer", (col) => col.notNull())
    .addColumn("reset_at", "text", (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("rate_limit_hits").execute();
}
