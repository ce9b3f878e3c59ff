import { sql, type Kysely } from "kysely";

/**
 * The admin's account (docs/decisions/150-153): sessions one can see and end, authenticator
 * factors with their recovery codes, the short-lived challenge between password and code, the
 * devices that signed in before (the lockout defence) and the audit trail.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // A session's public id (the token's hash never leaves the server), and whence it was opened.
  await db.schema.alterTable("admin_sessions").addColumn("id", "text").execute();
  await db.schema.alterTable("admin_sessions").addColumn("ip", "text").execute();
  await db.schema.alterTable("admin_sessions").addColumn("user_agent", "text").execute();
  await sql`update admin_sessions set id = substr(token_hash, 1, 32)`.execute(db);
  await db.schema.createIndex("admin_sessions_id").unique().on("admin_sessions").column("id").execute();

  await db.schema
    .createTable("admin_factors")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("factor_type", "text", (col) => col.notNull())
    .addColumn("status", "text", (col) => col.notNull())
    .addColumn("friendly_name", "text", (col) => col.notNull())
    .addColumn("issuer", "text", (col) => col.notNull())
    /** The TOTP secret sealed with AES-256-GCM under the factor key (decision 150). */
    .addColumn("secret_sealed", "text", (col) => col.notNull())
    /** The last time step a code was accepted for: a code is taken once. */
    .addColumn("last_used_step", "bigint")
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("verified_at", "text")
    .addColumn("last_used_at", "text")
    .execute();

  await db.schema
    .createTable("admin_recovery_codes")
    .addColumn("code_hash", "text", (col) => col.primaryKey())
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("used_at", "text")
    .execute();

  await db.schema
    .createTable("admin_login_challenges")
    .addColumn("id_hash", "text", (col) => col.primaryKey())
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("expires_at", "text", (col) => col.notNull())
    .addColumn("attempts", "integer", (col) => col.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable("admin_devices")
    .addColumn("token_hash", "text", (col) => col.primaryKey())
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("last_used_at", "text", (col) => col.notNull())
    .addColumn("expires_at", "text", (col) => col.notNull())
    .execute();

  await db.schema
    .createTable("audit_events")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("at", "text", (col) => col.notNull())
    .addColumn("action", "text", (col) => col.notNull())
    .addColumn("target", "text")
    .addColumn("ip", "text")
    .addColumn("session", "text")
    .execute();
  await db.schema.createIndex("audit_events_at").on("audit_events").columns(["at", "id"]).execute();
  await db.schema.createIndex("audit_events_action_at").on("audit_events").columns(["action", "at"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["audit_events", "admin_devices", "admin_login_challenges", "admin_recovery_codes", "admin_factors"]) {
    await db.schema.dropTable(table).execute();
  }
  await db.schema.dropIndex("admin_sessions_id").execute();
  for (const column of ["user_agent", "ip", "id"]) {
    await db.schema.alterTable("admin_sessions").dropColumn(column).execute();
  }
}
