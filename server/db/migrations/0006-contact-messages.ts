import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  // Every contact message, committed in the same transaction as its notification email.
  await db.schema
    .createTable("contact_messages")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("email", "text", (col) => col.notNull())
    .addColumn("message", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    // Null while unread in the admin inbox.
    .addColumn("read_at", "text")
    // The notification email in mail_outbox, so the inbox can show whether it went out.
    .addColumn("mail_id", "text")
    .execute();
  // The inbox: newest first.
  await db.schema
    .createIndex("contact_messages_created_at")
    .on("contact_messages")
    .column("created_at")
    .execute();
  // How a sent email left: 'smtp', or 'log' when no SMTP_URL is configured (docs/decisions/030).
  await db.schema.alterTable("mail_outbox").addColumn("delivered_via", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("mail_outbox").dropColumn("delivered_via").execute();
  await db.schema.dropTable("contact_messages").execute();
}
