import { type Kysely } from "kysely";

/**
 * Passkeys (docs/decisions/209): a person's WebAuthn credentials, each with its public key and
 * signature counter, and the challenges handed out for registering one or signing in with one,
 * kept in the database (by their SHA-256) so any process can check an answer another one asked for.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("admin_passkeys")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("person_id", "text", (column) => column.notNull())
    .addColumn("credential_id", "text", (column) => column.notNull().unique())
    .addColumn("public_key", "text", (column) => column.notNull())
    .addColumn("counter", "bigint", (column) => column.notNull().defaultTo(0))
    .addColumn("transports", "text", (column) => column.notNull().defaultTo("[]"))
    .addColumn("name", "text", (column) => column.notNull())
    .addColumn("created_at", "text", (column) => column.notNull())
    .addColumn("last_used_at", "text")
    .execute();
  await db.schema.createIndex("admin_passkeys_person").on("admin_passkeys").column("person_id").execute();
  await db.schema
    .createTable("admin_passkey_challenges")
    .addColumn("id_hash", "text", (column) => column.primaryKey())
    .addColumn("purpose", "text", (column) => column.notNull())
    .addColumn("person_id", "text")
    .addColumn("created_at", "text", (column) => column.notNull())
    .addColumn("expires_at", "text", (column) => column.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("admin_passkey_challenges").execute();
  await db.schema.dropTable("admin_passkeys").execute();
}
