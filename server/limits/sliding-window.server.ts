import type { AppDatabase } from "../db/database.server";

/** How often a contended counter is re-read before the request is let through as an error. */
const MAX_ATTEMPTS = 8;

/** What one count answers: the hits in the window (limit + 1 when full) and when room frees up. */
export type IncrementResponse = { totalHits: number; resetTime: Date };

/**
 * A rate-limit counter in the application database (the services count through
 * server/limits/rate-limits.server.ts), so every app process sharing the database counts the
 * same hits. A sliding log (docs/decisions/068): each key keeps the times of
 * its accepted hits within the last window, so at most `limit` hits are accepted in ANY window of
 * `windowMs`, with no boundary to burst across. Updates are optimistic (a version per row), which
 * holds across processes on SQLite and PostgreSQL alike without locks.
 */
export class DatabaseRateLimitStore {
  private readonly prefix: string;
  private readonly windowMs: number;
  private readonly limit: number;

  constructor(
    private readonly db: AppDatabase,
    { name, windowMs, limit = Number.POSITIVE_INFINITY }: { name: string; windowMs: number; limit?: number },
  ) {
    this.prefix = name;
    this.windowMs = windowMs;
    this.limit = limit;
  }

  /** Records a hit if the window has room; over the limit, answers limit + 1 and records nothing. */
  async increment(key: string, now: Date = new Date()): Promise<IncrementResponse> {
    const id = this.key(key);
    const nowMs = now.getTime();
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
      const row = await this.readRow(id);
      const hits = recentHits(row?.hits, nowMs - this.windowMs);
      if (hits.length >= this.limit) {
        // Full: the oldest hit leaving the window frees the next place.
        return { totalHits: hits.length + 1, resetTime: new Date(hits[0]! + this.windowMs) };
      }
      hits.push(nowMs);
      const values = { hits: JSON.stringify(hits), expires_at: new Date(nowMs + this.windowMs).toISOString() };
      const written = row
        ? await this.writeUnlessChanged(id, row.version, values)
        : await this.db
            .insertInto("rate_limit_windows")
            .values({ key: id, ...values, version: 1 })
            .onConflict((conflict) => conflict.column("key").doNothing())
            .executeTakeFirst()
            .then((result) => Number(result.numInsertedOrUpdatedRows ?? 0) === 1);
      if (written) {
        if (Math.random() < 0.01) await this.sweep(now);
        return { totalHits: hits.length, resetTime: new Date(hits[0]! + this.windowMs) };
      }
      // Another request changed the row in between: read it again.
    }
    throw new Error(`rate limit ${this.prefix} stayed contended`);
  }

  /** Takes back the newest hit (a request that should not count, such as a successful login). */
  async decrement(key: string): Promise<void> {
    const id = this.key(key);
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
      const row = await this.readRow(id);
      if (!row) return;
      const hits = recentHits(row.hits, 0);
      hits.pop();
      if (await this.writeUnlessChanged(id, row.version, { hits: JSON.stringify(hits) })) return;
    }
  }

  /** The hits this key has in the window now, without adding one. */
  async count(key: string, now: Date = new Date()): Promise<number> {
    const row = await this.readRow(this.key(key));
    return recentHits(row?.hits, now.getTime() - this.windowMs).length;
  }

  async resetKey(key: string): Promise<void> {
    await this.db.deleteFrom("rate_limit_windows").where("key", "=", this.key(key)).execute();
  }

  /** Rows whose every hit has left the window are dead weight. */
  private async sweep(now: Date): Promise<void> {
    await this.db.deleteFrom("rate_limit_windows").where("expires_at", "<=", now.toISOString()).execute();
  }

  private readRow(id: string) {
    return this.db.selectFrom("rate_limit_windows").select(["hits", "version"]).where("key", "=", id).executeTakeFirst();
  }

  /** Writes the row only if no other request changed it since it was read at `version`. */
  private async writeUnlessChanged(id: string, version: number, values: { hits: string; expires_at?: string }): Promise<boolean> {
    const result = await this.db
      .updateTable("rate_limit_windows")
      .set({ ...values, version: version + 1 })
      .where("key", "=", id)
      .where("version", "=", version)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  private key(key: string): string {
    return `${this.prefix}:${key}`;
  }
}

/** The hits newer than `since`, oldest first; a damaged row counts as empty. */
function recentHits(stored: string | undefined, since: number): number[] {
  if (!stored) return [];
  try {
    const parsed: unknown = JSON.parse(stored);
    if (!Array.isArray(parsed)) return [];
    return parsed.filter((hit): hit is number => typeof hit === "number" && hit > since).sort((a, b) => a - b);
  } catch {
    return [];
  }
}

