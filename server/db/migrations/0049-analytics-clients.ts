import type { Kysely } from "kysely";

/**
 * What one client (an address, IPv6 by /56) has added to the day's analytics (docs/decisions/175):
 * how many visitors and how many new referrer hosts or campaigns, so that a client that changes
 * its user agent or its query at every request adds only a few. The client is a keyed hash under
 * the day's salt, like the visitors' hashes, and is deleted with them when the day is over.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("analytics_clients")
    .addColumn("day", "text", (col) => col.notNull())
    .addColumn("client", "text", (col) => col.notNull())
    .addColumn("visitors", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("open_values", "integer", (col) => col.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("analytics_clients_pk", ["day", "client"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("analytics_clients").execute();
}
