import type { Kysely } from "kysely";

/** The columns of a lead's source (domain/analytics.ts VisitSource, docs/decisions/142). */
const SOURCE_COLUMNS = ["landing_path", "referrer_host", "utm_source", "utm_medium", "utm_campaign"] as const;

/**
 * Where each contact message came from. "" means not known: messages stored before this carry
 * "" everywhere, which the inbox shows as an unknown source.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of SOURCE_COLUMNS) {
    await db.schema
      .alterTable("contact_messages")
      .addColumn(column, "text", (col) => col.notNull().defaultTo(""))
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of SOURCE_COLUMNS) {
    await db.schema.alterTable("contact_messages").dropColumn(column).execute();
  }
}
