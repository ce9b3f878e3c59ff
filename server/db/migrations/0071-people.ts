import { sql, type Kysely } from "kysely";

/** The tables whose rows belong to one person from now on: sessions, factors, codes, devices, challenges. */
const PERSONAL_TABLES = ["admin_sessions", "admin_factors", "admin_recovery_codes", "admin_devices", "admin_login_challenges"] as const;

const PREVIEW_LINK_TABLES = ["post_preview_links", "page_preview_links"] as const;

/**
 * People (issue "The team signs in as themselves", docs/decisions/208): the owner, who holds the
 * specification's admin password (kept in admin_credentials as before), and the people invited
 * with a role. Every personal row that existed is the owner's. Removed people keep their row
 * (`removed_at`), so the work and the audit trail still name them; an address is taken only
 * by someone not removed. An invitation is a SHA-256 of its link's token on the person's row.
 * The audit trail names who acted as they were then; a report can be assigned to a person.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("admin_people")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("email", "text")
    .addColumn("name", "text", (column) => column.notNull())
    .addColumn("role", "text", (column) => column.notNull())
    .addColumn("password_hash", "text")
    .addColumn("created_at", "text", (column) => column.notNull())
    .addColumn("last_sign_in_at", "text")
    .addColumn("removed_at", "text")
    .addColumn("invitation_hash", "text")
    .addColumn("invitation_expires_at", "text")
    .addColumn("invited_by", "text")
    .execute();
  await db.schema.createIndex("admin_people_email").on("admin_people").column("email").unique().where(sql.ref("removed_at"), "is", null).execute();
  await db.schema.createIndex("admin_people_invitation").on("admin_people").column("invitation_hash").unique().execute();
  await db
    .insertInto("admin_people" as never)
    .values({ id: "owner", email: null, name: "Owner", role: "owner", created_at: new Date().toISOString() } as never)
    .execute();
  for (const table of PERSONAL_TABLES) {
    await db.schema.alterTable(table).addColumn("person_id", "text", (column) => column.notNull().defaultTo("owner")).execute();
  }
  await db.schema.createIndex("admin_sessions_person").on("admin_sessions").column("person_id").execute();
  for (const column of ["actor_id", "actor_name", "actor_role"]) {
    await db.schema.alterTable("audit_events").addColumn(column, "text").execute();
  }
  await db.schema.createIndex("audit_events_actor").on("audit_events").columns(["actor_id", "at"]).execute();
  await db.schema.alterTable("security_reports").addColumn("assignee_id", "text").execute();
  // A preview link ends with the person who made it.
  for (const table of PREVIEW_LINK_TABLES) await db.schema.alterTable(table).addColumn("created_by", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of PREVIEW_LINK_TABLES) await db.schema.alterTable(table).dropColumn("created_by").execute();
  await db.schema.alterTable("security_reports").dropColumn("assignee_id").execute();
  await db.schema.dropIndex("audit_events_actor").execute();
  for (const column of ["actor_id", "actor_name", "actor_role"]) await db.schema.alterTable("audit_events").dropColumn(column).execute();
  await db.schema.dropIndex("admin_sessions_person").execute();
  for (const table of PERSONAL_TABLES) await db.schema.alterTable(table).dropColumn("person_id").execute();
  await db.schema.dropTable("admin_people").execute();
}
