import { addDays, dayOf, type DeviceClass, type VisitSource } from "../../domain/analytics";
import { inChunks } from "../db/chunks.server";
import type { AppDatabase } from "../db/database.server";
import { takeAllowance } from "./client-limits.server";
import { forgetSaltsBefore } from "./day-salts.server";
import { OPEN_DIMENSIONS, OPEN_VALUES_PER_DAY, OTHER_VALUE, sourceValues, VISIT_DIMENSION, visitValue, type SourceDimension } from "./visit-sources.server";

/** One day's views as counted in memory: views per path, and who viewed what. */
export type DayViews = {
  views: Map<string, number>;
  /** By the visitor's keyed hash, made when the view was counted (day-salts.server.ts). */
  visitors: Map<string, PendingVisitor>;
};

export type PendingVisitor = {
  /** The client's keyed hash (its address), for the per-client allowances. */
  client: string;
  device: DeviceClass;
  /** Where the visit came from, as the first request of it in this batch says. */
  source: VisitSource;
  paths: Set<string>;
  /** Views per path, for the crossed roll-up. */
  views: Map<string, number>;
};

type Visitor = PendingVisitor & { hash: string };
/** A visitor with its visit's source as the day keeps it: open values past the day's room read OTHER_VALUE. */
type Credited = Visitor & { kept: VisitKey; fresh: boolean };
type VisitKey = { referrer_host: string; campaign: string; device: string };
type SourceValue = { dimension: SourceDimension; value: string };

/**
 * How long after midnight (UTC) the past day's visitor hashes are kept: batches counted before
 * midnight and written just after it still tell known visitors from new ones. The salt itself
 * goes at midnight: those batches were hashed when counted.
 */
export const DAY_GRACE_MS = 2 * 60 * 1000;

/** The first day whose visitor hashes are kept at `now`: today's, and yesterday's just after midnight. */
export function firstOpenDay(now: number): string {
  const today = dayOf(now);
  return now - Date.parse(`${today}T00:00:00Z`) < DAY_GRACE_MS ? addDays(today, -1) : today;
}

/**
 * Writes one day's batch in one transaction. Inserting a visitor's hash tells whether it is new
 * to the day and to each page across every process, and only new ones add to the roll-ups; a
 * client past its allowance of visitors adds views only. A day whose hashes are gone gets its
 * views only: its visitors can no longer be told apart.
 */
export async function writeViews(db: AppDatabase, { day, views, now }: { day: string; views: DayViews; now: number }): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const visitorsOfPath = new Map<string, number>();
    if (day >= firstOpenDay(now) && views.visitors.size > 0) {
      const { known, newcomers } = await admittedVisitors(trx, day, views.visitors);
      const kept = await withinDailyValues(trx, day, newcomers);
      const fresh = new Set<string>();
      for (const chunk of inChunks(newcomers.map((visitor, index) => ({ visitor, kept: kept[index]! })))) {
        const rows = await trx
          .insertInto("analytics_visitors")
          .values(chunk.map(({ visitor, kept }) => ({ day, visitor: visitor.hash, ...visitKey(kept) })))
          .onConflict((conflict) => conflict.columns(["day", "visitor"]).doNothing())
          .returning("visitor")
          .execute();
        for (const row of rows) fresh.add(row.visitor);
      }
      await addSources(trx, day, kept.filter((_, index) => fresh.has(newcomers[index]!.hash)).flat());
      const pairs = [...known, ...newcomers].flatMap(({ hash, paths }) => [...paths].map((path) => ({ day, visitor: hash, path })));
      const freshPairs = new Set<string>();
      for (const chunk of inChunks(pairs)) {
        const rows = await trx
          .insertInto("analytics_page_visitors")
          .values(chunk)
          .onConflict((conflict) => conflict.columns(["day", "visitor", "path"]).doNothing())
          .returning(["visitor", "path"])
          .execute();
        for (const { visitor, path } of rows) {
          visitorsOfPath.set(path, (visitorsOfPath.get(path) ?? 0) + 1);
          freshPairs.add(`${visitor}\n${path}`);
        }
      }
      const credited: Credited[] = [
        ...known,
        ...newcomers.map((visitor, index) => ({ ...visitor, kept: visitKey(kept[index]!), fresh: fresh.has(visitor.hash) })),
      ];
      await addCrossed(trx, day, credited, freshPairs);
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

/** A visitor's bounded source values as the visitor row and the crossed roll-ups keep them. */
function visitKey(values: SourceValue[]): VisitKey {
  const of = (dimension: SourceDimension) => values.find((entry) => entry.dimension === dimension)?.value ?? "";
  return { referrer_host: of("referrer"), campaign: of("campaign"), device: of("device") };
}

/**
 * Adds the batch to the crossed roll-ups (migration 0055, decision 185): each visitor's views of
 * each path, and each page visitor new to the day, by the referrer, campaign and device of the visit
 * and by the three together (decision 225); each visitor new to the day by its referrer, campaign and device together.
 */
async function addCrossed(trx: AppDatabase, day: string, visitors: Credited[], freshPairs: Set<string>): Promise<void> {
  const crossed = new Map<string, { dimension: string; value: string; path: string; views: number; visitors: number }>();
  const visits = new Map<string, VisitKey & { visitors: number }>();
  for (const { hash, kept, fresh, views } of visitors) {
    for (const [path, count] of views) {
      const isNew = freshPairs.has(`${hash}\n${path}`) ? 1 : 0;
      const dimensions = [["referrer", kept.referrer_host], ["campaign", kept.campaign], ["device", kept.device], [VISIT_DIMENSION, visitValue(kept)]] as const;
      for (const [dimension, value] of dimensions) {
        const key = `${dimension}\n${value}\n${path}`;
        const entry = crossed.get(key) ?? crossed.set(key, { dimension, value, path, views: 0, visitors: 0 }).get(key)!;
        entry.views += count;
        entry.visitors += isNew;
      }
    }
    if (!fresh) continue;
    const key = `${kept.referrer_host}\n${kept.campaign}\n${kept.device}`;
    const entry = visits.get(key) ?? visits.set(key, { ...kept, visitors: 0 }).get(key)!;
    entry.visitors += 1;
  }
  for (const chunk of inChunks([...crossed.values()])) {
    await trx
      .insertInto("analytics_crossed")
      .values(chunk.map((row) => ({ day, ...row })))
      .onConflict((conflict) =>
        conflict.columns(["day", "dimension", "value", "path"]).doUpdateSet((eb) => ({
          views: eb("analytics_crossed.views", "+", eb.ref("excluded.views")),
          visitors: eb("analytics_crossed.visitors", "+", eb.ref("excluded.visitors")),
        })),
      )
      .execute();
  }
  for (const chunk of inChunks([...visits.values()])) {
    await trx
      .insertInto("analytics_visits")
      .values(chunk.map((row) => ({ day, ...row })))
      .onConflict((conflict) =>
        conflict
          .columns(["day", "referrer_host", "campaign", "device"])
          .doUpdateSet((eb) => ({ visitors: eb("analytics_visits.visitors", "+", eb.ref("excluded.visitors")) })),
      )
      .execute();
  }
}

/**
 * The batch's visitors the day already knows, and of the unknown ones as many as each client's
 * allowance of visitors still has room for (client-limits.server.ts).
 */
async function admittedVisitors(trx: AppDatabase, day: string, pending: Map<string, PendingVisitor>): Promise<{ known: Credited[]; newcomers: Visitor[] }> {
  const known = new Map<string, VisitKey>();
  for (const chunk of inChunks([...pending.keys()])) {
    const rows = await trx
      .selectFrom("analytics_visitors")
      .select(["visitor", "referrer_host", "campaign", "device"])
      .where("day", "=", day)
      .where("visitor", "in", chunk)
      .execute();
    for (const { visitor, ...kept } of rows) known.set(visitor, kept);
  }
  const wanted = new Map<string, number>();
  for (const [hash, { client }] of pending) if (!known.has(hash)) wanted.set(client, (wanted.get(client) ?? 0) + 1);
  const granted = await takeAllowance(trx, day, "visitors", wanted);
  const admitted = { known: [] as Credited[], newcomers: [] as Visitor[] };
  for (const [hash, visitor] of pending) {
    const kept = known.get(hash);
    if (kept) {
      admitted.known.push({ ...visitor, hash, kept, fresh: false });
      continue;
    }
    const left = granted.get(visitor.client) ?? 0;
    if (left === 0) continue;
    granted.set(visitor.client, left - 1);
    admitted.newcomers.push({ ...visitor, hash });
  }
  return admitted;
}

/** Adds each new visitor of the day (its bounded source values) to the count of each value. */
async function addSources(trx: AppDatabase, day: string, bounded: SourceValue[]): Promise<void> {
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
 * Referrer hosts and campaign names are the client's to write: a value the day has not seen yet
 * is kept while the day has room (OPEN_VALUES_PER_DAY of each) and its client has room
 * (client-limits.server.ts); otherwise it counts as `OTHER_VALUE`. So no sender grows the
 * roll-up by more than that, and one sender cannot use up the day's room. Landing pages and
 * devices come from a closed set.
 */
async function withinDailyValues(trx: AppDatabase, day: string, visitors: Visitor[]): Promise<SourceValue[][]> {
  const ofVisitors = visitors.map(({ client, device, source }) => sourceValues(source, device).map((entry) => ({ ...entry, client })));
  const values = ofVisitors.flat();
  const room = new Map<SourceDimension, { left: number; known: Set<string> }>();
  for (const dimension of OPEN_DIMENSIONS) {
    const wanted = [...new Set(values.filter((entry) => entry.dimension === dimension).map((entry) => entry.value))];
    if (wanted.length > 0) room.set(dimension, await dailyRoom(trx, day, dimension, wanted));
  }
  const isNew = (entry: SourceValue) => entry.value !== "" && room.get(entry.dimension)?.known.has(entry.value) === false;
  const wantedByClient = new Map<string, Set<string>>();
  for (const entry of values.filter(isNew)) {
    const wanted = wantedByClient.get(entry.client) ?? wantedByClient.set(entry.client, new Set()).get(entry.client)!;
    wanted.add(`${entry.dimension}\n${entry.value}`);
  }
  const granted = await takeAllowance(trx, day, "open_values", new Map([...wantedByClient].map(([client, wanted]) => [client, wanted.size])));
  return ofVisitors.map((entries) =>
    entries.map(({ client, ...entry }) => {
      if (!isNew(entry)) return entry;
      const limit = room.get(entry.dimension)!;
      const clientLeft = granted.get(client) ?? 0;
      if (limit.left <= 0 || clientLeft <= 0) return { dimension: entry.dimension, value: OTHER_VALUE };
      limit.left -= 1;
      limit.known.add(entry.value);
      granted.set(client, clientLeft - 1);
      return entry;
    }),
  );
}

/** Which of `wanted` the day already counts in `dimension`, and how many new values it has room for. */
async function dailyRoom(trx: AppDatabase, day: string, dimension: SourceDimension, wanted: string[]): Promise<{ left: number; known: Set<string> }> {
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
  return { left: OPEN_VALUES_PER_DAY - Number(total.values), known };
}

/**
 * Deletes what is kept of days that are over: their salts at once (each process also does so at
 * midnight, page-views.server.ts; this is the hourly backstop), their visitor and client hashes
 * once DAY_GRACE_MS has passed. Returns how many salts went.
 */
export async function forgetPastDays(db: AppDatabase, now = Date.now()): Promise<number> {
  const salts = await forgetSaltsBefore(db, dayOf(now));
  const before = firstOpenDay(now);
  await db.deleteFrom("analytics_page_visitors").where("day", "<", before).execute();
  await db.deleteFrom("analytics_visitors").where("day", "<", before).execute();
  await db.deleteFrom("analytics_clients").where("day", "<", before).execute();
  return salts;
}
