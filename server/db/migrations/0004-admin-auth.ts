import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  // One row: the admin password's scrypt hash.
  await db.schema
    .createTable("admin_credentials")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("password_hash", "text", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
    .execute();
  // Sessions by the SHA-256 of their token; the token itself is never stored.
  await db.schema
    .createTable("admin_sessions")
    .addColumn("token_hash", "text", (col) => col.primaryKey())
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("expires_at", "text", (col) => col.notNull())
    .addColumn("revoked_at", "text")
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("admin_sessions").execute();
  await db.schema.dropTable("admin_credentials").execute();
}
