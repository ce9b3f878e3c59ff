import type { Kysely } from "kysely";
import type { AppDatabase } from "./database.server";
import { migrateToLatest } from "./migrate.server";

type Row = Record<string, unknown>;
type UntypedDatabase = Kysely<Record<string, Row>>;

/**
 * The tables that hold the site's state, parents before children, with their primary key and how
 * many rows to move at a time (attachments carry up to 10 MB each). Rate-limit counters are
 * short-lived and stay behind.
 */
const COPIED_TABLES = [
  { table: "blog_posts", key: "id", batch: 100 },
  { table: "admin_credentials", key: "id", batch: 100 },
  { table: "admin_sessions", key: "token_hash", batch: 500 },
  { table: "mail_outbox", key: "id", batch: 500 },
  { table: "contact_messages", key: "id", batch: 500 },
  { table: "security_reports", key: "id", batch: 100 },
  { table: "report_attachments", key: "id", batch: 4 },
] as const;

export type CopyCounts = Record<(typeof COPIED_TABLES)[number]["table"], number>;

/**
 * Copies every row from one database into another, empty one (for example from the embedded
 * SQLite file to PostgreSQL when the site grows). The target is migrated first and filled in one
 * transaction: it ends up complete or untouched.
 */
export async function copyDatabase(source: AppDatabase, target: AppDatabase): Promise<CopyCounts> {
  await migrateToLatest(source);
  await migrateToLatest(target);
  const from = source as unknown as UntypedDatabase;
  const to = target as unknown as UntypedDatabase;
  for (const { table } of COPIED_TABLES) {
    const existing = await to
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number | string>().as("rows"))
      .executeTakeFirstOrThrow();
    if (Number(existing.rows) > 0) {
      throw new Error(`The target database already has rows in ${table}; copy-db only fills an empty database.`);
    }
  }
  const counts = {} as CopyCounts;
  await to.transaction().execute(async (trx) => {
    for (const { table, key, batch } of COPIED_TABLES) {
      let copied = 0;
      let after: unknown;
      // Keyset pages by primary key: steady memory, no skipped or repeated rows.
      for (;;) {
        let query = from.selectFrom(table).selectAll().orderBy(key).limit(batch);
        if (after !== undefined) query = query.where(key, ">", after);
        const rows = await query.execute();
        if (rows.length === 0) break;
        await trx.insertInto(table).values(rows).execute();
        copied += rows.length;
        after = rows[rows.length - 1]?.[key];
      }
      counts[table] = copied;
    }
  });
  return counts;
}
