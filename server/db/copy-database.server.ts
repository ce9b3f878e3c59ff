import { OWNER_ID } from "../../domain/people";
import crypto from "node:crypto";
import { sql, type Kysely } from "kysely";
import type { AppDatabase } from "./database.server";
import { migrateToLatest } from "./migrate.server";

type Row = Record<string, unknown>;

/**
 * What the features add to a copy of the database (handed in by the composition root,
 * server/copy-steps.server.ts): tables whose rows never leave the database they were made in,
 * what each writes afresh in the target once the rows are in, and how each checks a finished copy.
 */
export type CopySteps = {
  leftOut: readonly string[];
  afterCopy: readonly ((target: AppDatabase) => Promise<unknown>)[];
  verify: readonly ((target: AppDatabase) => Promise<void>)[];
};
type UntypedDatabase = Kysely<Record<string, Row>>;

/**
 * The tables that hold the site's state, parents before children, with their primary key and how
 * many rows to move at a time (an attachment's first chunk and each further chunk carry up to 256 KB; older rows up to 10 MB). Rate-limit counters are
 * short-lived and stay behind (so do login challenges, 5 minutes at most), and so do the smaller copies of uploaded images
 * (`blog_media_variants`): derived data, made again from the images on first request; so do the
 * search index (`blog_post_search`, written afresh from the copied posts) and the social cards
 * (`blog_social_cards`, made again on request). The
 * analytics roll-ups move: they are the site's history, keyed by several columns. The day's
 * analytics salt and what is keyed under it (visitor and client hashes) never leave the database
 * they were made in (`CopySteps.leftOut`, decision 175): a copy counts today's visitors afresh.
 */
const COPIED_TABLES = [
  { table: "blog_posts", key: "id", batch: 100 },
  { table: "post_revisions", key: "id", batch: 50 },
  { table: "post_preview_links", key: "id", batch: 500 },
  { table: "post_review_requests", key: "id", batch: 500 },
  { table: "admin_credentials", key: "id", batch: 100 },
  // The migration seeds the owner's row: the source's replaces it (decision 208).
  { table: "admin_people", key: "id", batch: 100, seeded: OWNER_ID },
  { table: "admin_sessions", key: "token_hash", batch: 500 },
  { table: "admin_factors", key: "id", batch: 100 },
  { table: "admin_recovery_codes", key: "code_hash", batch: 100 },
  { table: "admin_devices", key: "token_hash", batch: 500 },
  // Passkeys (decision 209); their challenges live minutes and are not copied.
  { table: "admin_passkeys", key: "id", batch: 500 },
  { table: "audit_events", key: "id", batch: 1000 },
  { table: "mail_outbox", key: "id", batch: 500 },
  // Forms the team builds (decision 220); their submissions are contact messages.
  { table: "forms", key: "id", batch: 100 },
  { table: "contact_messages", key: "id", batch: 500 },
  { table: "security_reports", key: "id", batch: 100 },
  { table: "report_case_tokens", key: "token_hash", batch: 500 },
  { table: "report_events", key: "id", batch: 500 },
  { table: "report_revisions", key: "id", batch: 50 },
  { table: "report_attachments", key: "id", batch: 4 },
  { table: "report_attachment_chunks", key: "id", batch: 8 },
  { table: "blog_post_editorial", key: "post_id", batch: 500 },
  { table: "blog_slug_redirects", key: "old_slug", batch: 500 },
  { table: "blog_media", key: "sha256", batch: 4 },
  // Analytics (decisions 141, 142): daily roll-ups keyed by the day and what they count.
  { table: "analytics_pages", key: ["day", "path"], batch: 1000 },
  { table: "analytics_sources", key: ["day", "dimension", "value"], batch: 1000 },
  { table: "analytics_crossed", key: ["day", "dimension", "value", "path"], batch: 1000 },
  { table: "analytics_visits", key: ["day", "referrer_host", "campaign", "device"], batch: 1000 },
  {
    table: "analytics_demo_clicks",
    key: ["day", "landing_path", "referrer_host", "utm_source", "utm_medium", "utm_campaign"],
    batch: 1000,
  },
  { table: "analytics_vitals", key: ["day", "path", "metric"], batch: 500 },
  { table: "analytics_vitals_months", key: ["month", "path", "metric"], batch: 500 },
  // Which weeks' emails went (decision 187): a copy does not send them again.
  { table: "analytics_weekly_reports", key: "week", batch: 500 },
  // Pages the marketing team edits (decision 197), their old addresses, preview links and revisions.
  { table: "site_pages", key: "id", batch: 50 },
  { table: "page_revisions", key: "id", batch: 50 },
  { table: "site_page_redirects", key: "old_path", batch: 500 },
  { table: "page_preview_links", key: "id", batch: 500 },
  // The menus' saved versions (decision 219): the newest is the live menus.
  { table: "navigation_versions", key: "id", batch: 500 },
] as const;

export type CopyCounts = Record<(typeof COPIED_TABLES)[number]["table"], number>;

/**
 * Copies every row from one database into another, empty one (for example from the embedded
 * SQLite file to PostgreSQL when the site grows). The target is migrated first and filled in one
 * transaction: it ends up complete or untouched. Then the copy is verified (`verifyCopy`).
 */
export async function copyDatabase(source: AppDatabase, target: AppDatabase, steps: CopySteps): Promise<CopyCounts> {
  await migrateToLatest(source);
  await migrateToLatest(target);
  await copyRows(source, target, steps);
  return verifyCopy(source, target, steps);
}

/**
 * Fills the migrated, empty `target` from `source` in one transaction. `source` may be a
 * transaction itself (a consistent snapshot of a running site: see backup.server.ts).
 */
export async function copyRows(source: AppDatabase, target: AppDatabase, steps: CopySteps): Promise<void> {
  const from = source as unknown as UntypedDatabase;
  const to = target as unknown as UntypedDatabase;
  for (const { table, ...step } of COPIED_TABLES) {
    const seeded = "seeded" in step ? 1 : 0;
    if ((await countRows(to, table)) > seeded) {
      throw new Error(`The target database already has rows in ${table}; copy-db only fills an empty database.`);
    }
  }
  await to.transaction().execute(async (trx) => {
    for (const { table, key, batch, ...step } of COPIED_TABLES) {
      if ("seeded" in step) await trx.deleteFrom(table).where("id", "=", step.seeded).execute();
      // Keyset pages by primary key: steady memory, no skipped or repeated rows.
      await eachBatch(from, table, key, batch, async (rows) => {
        await trx.insertInto(table).values(rows).execute();
      });
    }
    // Derived data (the search index, decision 156) is written afresh in the target.
    for (const step of steps.afterCopy) await step(trx as unknown as AppDatabase);
  });
}

/**
 * Checks a finished copy: the same number of rows in every table, what each feature checks (an
 * attachment's bytes against the SHA-256 recorded when it was received), and every image with the
 * SHA-256 of its address. Throws naming the first difference; returns the counts.
 */
export async function verifyCopy(source: AppDatabase, target: AppDatabase, steps: CopySteps): Promise<CopyCounts> {
  const from = source as unknown as UntypedDatabase;
  const to = target as unknown as UntypedDatabase;
  const counts = {} as CopyCounts;
  for (const { table } of COPIED_TABLES) {
    const [expected, actual] = [await countRows(from, table), await countRows(to, table)];
    if (expected !== actual) {
      throw new Error(`Verification failed: ${table} has ${expected} rows in the source but ${actual} in the copy.`);
    }
    counts[table] = actual;
  }
  for (const check of steps.verify) await check(target);
  // Images are addressed by their SHA-256: each must still hash to its own address.
  const images = await target.selectFrom("blog_media").select("sha256").execute();
  for (const { sha256 } of images) {
    const { data } = await target.selectFrom("blog_media").select("data").where("sha256", "=", sha256).executeTakeFirstOrThrow();
    if (checksum(data) !== sha256) throw new Error(`Verification failed: image ${sha256} differs from its address (SHA-256).`);
  }
  return counts;
}

/** Rows per copied table. */
export async function tableCounts(db: AppDatabase): Promise<CopyCounts> {
  const counts = {} as CopyCounts;
  for (const { table } of COPIED_TABLES) counts[table] = await countRows(db as unknown as UntypedDatabase, table);
  return counts;
}

async function countRows(db: UntypedDatabase, table: string): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number | string>().as("rows"))
    .executeTakeFirstOrThrow();
  return Number(row.rows);
}

async function eachBatch(
  db: UntypedDatabase,
  table: string,
  key: string | readonly string[],
  batch: number,
  work: (rows: Row[]) => Promise<void>,
): Promise<void> {
  const keys = typeof key === "string" ? [key] : key;
  let after: Row | undefined;
  for (;;) {
    let query = db.selectFrom(table).selectAll().limit(batch);
    for (const column of keys) query = query.orderBy(column);
    if (after !== undefined) {
      const last = after;
      // A row-value comparison: the next rows after the last one in the order of the whole key.
      query = query.where(
        sql<boolean>`(${sql.join(keys.map((column) => sql.ref(column)))}) > (${sql.join(keys.map((column) => last[column]))})`,
      );
    }
    const rows = await query.execute();
    if (rows.length === 0) return;
    await work(rows);
    after = rows[rows.length - 1];
  }
}

function checksum(data: unknown): string {
  return crypto.createHash("sha256").update(data as Uint8Array).digest("hex");
}
