import crypto from "node:crypto";
import { addDays, dayOf, type DeviceClass, type VisitSource } from "../../domain/analytics";
import { inChunks } from "../db/chunks.server";
import type { AppDatabase } from "../db/database.server";
import { OPEN_DIMENSIONS, OPEN_VALUES_PER_DAY, OTHER_VALUE, sourceValues, type SourceDimension } from "./visit-sources.server";

/** One day's views as counted in memory: views per path, and who viewed what. */
export type DayViews = {
  views: Map<string, number>;
  /** By address and user agent, which stay in memory until the batch is hashed and written. */
  visitors: Map<string, PendingVisitor>;
};

type PendingVisitor = {
  address: string;
  userAgent: string;
  device: DeviceClass;
  /** Where the visit came from, as the first request of it in this batch says. */
  source: VisitSource;
  paths: Set<string>;
};

/**
 * How long after midnight (UTC) the past day's salt and hashes are kept: batches counted before
 * midnight and written just after it still find them.
 */
export const DAY_GRACE_MS = 2 * 60 * 1000;

/**
 * Writes one day's batch in one transaction. A visitor is a keyed hash of (address, user agent,
 * site) under the day's salt; inserting the hash tells whether the visitor is new to the day and
 * to each page across every process, and only new ones add to the roll-ups. A past day whose salt
 * is gone gets its views only: its visitors can no longer be told apart.
 */
export async function writeViews(
  db: AppDatabase,
  { day, views, siteHost, today }: { day: string; views: DayViews; siteHost: string; today: string },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const salt = await daySalt(trx, day, { create: day === today });
    const visitorsOfPath = new Map<string, number>();
    if (salt !== undefined && views.visitors.size > 0) {
      const visitors = [...views.visitors.values()].map((visitor) => ({
        ...visitor,
        hash: visitorHash(salt, visitor.address, visitor.userAgent, siteHost),
      }));
      const fresh = new Set<string>();
      for (const chunk of inChunks(visitors)) {
        const rows = await trx
          .insertInto("analytics_visitors")
          .values(chunk.map(({ hash }) => ({ day, visitor: hash })))
          .onConflict((conflict) => conflict.columns(["day", "visitor"]).doNothing())
          .returning("visitor")
          .execute();
        for (const row of rows) fresh.add(row.visitor);
      }
      await addSources(trx, day, visitors.filter(({ hash }) => fresh.has(hash)));
      const pairs = visitors.flatMap(({ hash, paths }) => [...paths].map((path) => ({ day, visitor: hash, path })));
      for (const chunk of inChunks(pairs)) {
        const rows = await trx
          .insertInto("analytics_page_visitors")
          .values(chunk)
          .onConflict((conflict) => conflict.columns(["day", "visitor", "path"]).doNothing())
          .returning("path")
          .execute();
        for (const { path } of rows) visitorsOfPath.set(path, (visitorsOfPath.get(path) ?? 0) + 1);
      }
    }
    const paths = new Set([...views.views.keys(), ...visitorsOfPath.keys()]);
    const rows = [...paths].map((path) => ({ day, path, views: views.views.get(path) ?? 0, visitors: visitorsOfPath.get(path) ?? 0 }));
    for (const chunk of inChunks(rows)) {
      await trx
        .insertInto("analytics_pages")
        .values(chunk)
        .onConflict((conflict) =>
          conflict.columns(["day", "path"]).doUpdateSet((eb) => ({
            views: eb("analytics_pages.views", "+", eb.ref("excluded.views")),
            visitors: eb("analytics_pages.visitors", "+", eb.ref("excluded.visitors")),
          })),
        )
        .execute();
    }
  });
}

/** Adds each new visitor of the day to the count of each value of its source. */
async function addSources(trx: AppDatabase, day: string, visitors: { device: DeviceClass; source: VisitSource }[]): Promise<void> {
  const values = visitors.flatMap(({ device, source }) => sourceValues(source, device));
  const bounded = await withinDailyValues(trx, day, values);
  const counts = new Map<string, { dimension: SourceDimension; value: string; visitors: number }>();
  for (const { dimension, value } of bounded) {
    const key = `${dimension}\n${value}`;
    const entry = counts.get(key) ?? { dimension, value, visitors: 0 };
    entry.visitors += 1;
    counts.set(key, entry);
  }
  for (const chunk of inChunks([...counts.values()])) {
    await trx
      .insertInto("analytics_sources")
      .values(chunk.map((row) => ({ day, ...row })))
      .onConflict((conflict) =>
        conflict
          .columns(["day", "dimension", "value"])
          .doUpdateSet((eb) => ({ visitors: eb("analytics_sources.visitors", "+", eb.ref("excluded.visitors")) })),
      )
      .execute();
  }
}

/**
 * Referrer hosts and campaign names are the client's to write: past `OPEN_VALUES_PER_DAY`
 * values of either in a day, new ones are counted as `OTHER_VALUE`, so that no sender can grow
 * the roll-up by more than that. Landing pages and devices come from a closed set.
 */
async function withinDailyValues(
  trx: AppDatabase,
  day: string,
  values: { dimension: SourceDimension; value: string }[],
): Promise<{ dimension: SourceDimension; value: string }[]> {
  const room = new Map<SourceDimension, { left: number; known: Set<string> }>();
  for (const dimension of OPEN_DIMENSIONS) {
    const wanted = [...new Set(values.filter((entry) => entry.dimension === dimension).map((entry) => entry.value))];
    if (wanted.length === 0) continue;
    const known = new Set<string>();
    for (const chunk of inChunks(wanted)) {
      const rows = await trx
        .selectFrom("analytics_sources")
        .select("value")
        .where("day", "=", day)
        .where("dimension", "=", dimension)
        .where("value", "in", chunk)
        .execute();
      for (const row of rows) known.add(row.value);
    }
    const total = await trx
      .selectFrom("analytics_sources")
      .select((eb) => eb.fn.countAll().as("values"))
      .where("day", "=", day)
      .where("dimension", "=", dimension)
      .executeTakeFirstOrThrow();
    room.set(dimension, { left: OPEN_VALUES_PER_DAY - Number(total.values), known });
  }
  return values.map((entry) => {
    const limit = room.get(entry.dimension);
    if (!limit || limit.known.has(entry.value)) return entry;
    if (limit.left > 0) {
      limit.left -= 1;
      limit.known.add(entry.value);
      return entry;
    }
    return { dimension: entry.dimension, value: OTHER_VALUE };
  });
}

/**
 * The day's salt, made at its first batch by whichever process comes first (every process and a
 * restart then agree). Undefined for a past day whose salt is gone.
 */
async function daySalt(trx: AppDatabase, day: string, { create }: { create: boolean }): Promise<string | undefined> {
  if (create) {
    await trx
      .insertInto("analytics_salts")
      .values({ day, salt: crypto.randomBytes(32).toString("base64url") })
      .onConflict((conflict) => conflict.column("day").doNothing())
      .execute();
  }
  const row = await trx.selectFrom("analytics_salts").select("salt").where("day", "=", day).executeTakeFirst();
  return row?.salt;
}

/** HMAC-SHA256 under the day's salt, cut to 128 bits: enough to tell a day's visitors apart. */
export function visitorHash(salt: string, address: string, userAgent: string, siteHost: string): string {
  return crypto.createHmac("sha256", salt).update(`${address}\n${userAgent}\n${siteHost}`).digest("base64url").slice(0, 22);
}

/**
 * Deletes the salts and visitor hashes of days that are over (kept `DAY_GRACE_MS` past
 * midnight for batches on their way). Returns how many salts went.
 */
export async function forgetPastDays(db: AppDatabase, now = Date.now()): Promise<number> {
  const today = dayOf(now);
  const before = now - Date.parse(`${today}T00:00:00Z`) < DAY_GRACE_MS ? addDays(today, -1) : today;
  await db.deleteFrom("analytics_page_visitors").where("day", "<", before).execute();
  await db.deleteFrom("analytics_visitors").where("day", "<", before).execute();
  const salts = await db.deleteFrom("analytics_salts").where("day", "<", before).executeTakeFirst();
  return Number(salts.numDeletedRows);
}
