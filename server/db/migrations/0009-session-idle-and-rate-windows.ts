import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  // When a session was last used: the idle timeout counts from here (docs/decisions/067).
  await db.schema.alterTable("admin_sessions").addColumn("last_seen_at", "text").execute();
  await sql`update admin_sessions set last_seen_at = created_at`.execute(db);
  await db.schema
    .createIndex("admin_sessions_expires_at")
    .on("admin_sessions")
    .column("expires_at")
    .execute();

  // Sliding-window rate limits: the accepted hits of the last window per key, replacing the
  // fixed-window counters (docs/decisions/068).
  await db.schema.dropTable("rate_limit_hits").execute();
  await db.schema
    .createTable("rate_limit_windows")
    .addColumn("key", "text", (col) => col.primaryKey())
    /** JSON array of the accepted hits' times (ms since the epoch), oldest first. */
    .addColumn("hits", "text", (col) => col.notNull())
    /** Optimistic concurrency: an update applies only to the version it read. */
    .addColumn("version", "integer", (col) => col.notNull())
    /** When the newest hit leaves the window: the row is dead weight after that. */
    .addColumn("expires_at", "text", (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("rate_limit_windows").execute();
  await db.schema
    .createTable("rate_limit_hits")
    .addColumn("key", "text", (col) => col.primaryKey())
    .addColumn("hits", "integer", (col) => col.notNull())
    .addColumn("reset_at", "text", (col) => col.notNull())
    .execute();
  await db.schema.dropIndex("admin_sessions_expires_at").execute();
  await db.schema.alterTable("admin_sessions").dropColumn("last_seen_at").execute();
}
