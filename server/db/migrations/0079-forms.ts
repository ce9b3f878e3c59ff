import type { Kysely } from "kysely";

/**
 * Forms the team builds (docs/decisions/220): each stored on its own (its fields as JSON), so
 * that any landing page's "Form" block can name it. A submission is a lead: a contact message
 * that names its form (`form_id`, and `form_name` as it was then, kept if the form changes) and
 * carries every answer as JSON (`form_answers`); the message's name, email and text are read from
 * the answers, so the inbox, its search and the analytics' leads count it as they count the rest.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("forms")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("name", "text", (column) => column.notNull())
    .addColumn("fields", "text", (column) => column.notNull())
    .addColumn("submit_label", "text", (column) => column.notNull())
    .addColumn("success_message", "text", (column) => column.notNull())
    .addColumn("created_at", "text", (column) => column.notNull())
    .addColumn("updated_at", "text", (column) => column.notNull())
    .execute();
  await db.schema.alterTable("contact_messages").addColumn("form_id", "text").execute();
  await db.schema.alterTable("contact_messages").addColumn("form_name", "text", (column) => column.notNull().defaultTo("")).execute();
  await db.schema.alterTable("contact_messages").addColumn("form_answers", "text", (column) => column.notNull().defaultTo("")).execute();
  await db.schema.createIndex("contact_messages_form").on("contact_messages").columns(["form_id", "created_at"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("contact_messages_form").execute();
  for (const column of ["form_answers", "form_name", "form_id"]) await db.schema.alterTable("contact_messages").dropColumn(column).execute();
  await db.schema.dropTable("forms").execute();
}
