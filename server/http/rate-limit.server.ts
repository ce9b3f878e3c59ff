import type { NextFunction, Request, RequestHandler } from "express";
import { rateLimit, type IncrementResponse, type Options, type Store } from "express-rate-limit";
import { sql } from "kysely";
import type { AppDatabase } from "../db/database.server";
import { sendApiError } from "./api-errors.server";

/**
 * An express-rate-limit store in the application database, so every app process sharing the
 * database counts the same hits. One row per client and limiter: a fixed window.
 */
export class DatabaseRateLimitStore implements Store {
  localKeys = false;
  private windowMs = 60_000;

  constructor(
    private readonly db: AppDatabase,
    readonly prefix: string,
  ) {}

  init(options: Options): void {
    this.windowMs = options.windowMs;
  }

  async increment(key: string): Promise<IncrementResponse> {
    const now = new Date();
    const nowText = now.toISOString();
    const resetAt = new Date(now.getTime() + this.windowMs).toISOString();
    const result = await sql<{ hits: number; reset_at: string }>`
      insert into rate_limit_hits (key, hits, reset_at) values (${this.key(key)}, 1, ${resetAt})
      on conflict (key) do update set
        hits = case when rate_limit_hits.reset_at <= ${nowText} then 1 else rate_limit_hits.hits + 1 end,
        reset_at = case when rate_limit_hits.reset_at <= ${nowText} then ${resetAt} else rate_limit_hits.reset_at end
      returning hits, reset_at`.execute(this.db);
    const row = result.rows[0];
    if (!row) throw new Error("rate limit counter was not written");
    // Expired windows are only dead weight; sweep them now and then.
    if (Math.random() < 0.01) {
      await this.db.deleteFrom("rate_limit_hits").where("reset_at", "<=", nowText).execute();
    }
    return { totalHits: Number(row.hits), resetTime: new Date(row.reset_at) };
  }

  async decrement(key: string): Promise<void> {
    await this.db
      .updateTable("rate_limit_hits")
      .set({ hits: sql`case when hits > 0 then hits - 1 else 0 end` })
      .where("key", "=", this.key(key))
      .execute();
  }

  async resetKey(key: string): Promise<void> {
    await this.db.deleteFrom("rate_limit_hits").where("key", "=", this.key(key)).execute();
  }

  private key(key: string): string {
    return `${this.prefix}:${key}`;
  }
}

export type RateLimitOptions = {
  /** Names the limiter; hits of different limiters never mix. */
  name: string;
  windowMs: number;
  /** Requests allowed per client and window; the next one gets 429. */
  limit: number;
  /** The error shown to the client when limited. */
  message: string;
  /** Count only failed requests (status >= 400), as for logins. */
  skipSuccessfulRequests?: boolean;
  /**
   * Answers a limited request differently (for example a page instead of JSON); it may also
   * call `next` to let a page render the message itself.
   */
  onLimited?: (req: Request, res: Parameters<RequestHandler>[1], message: string, next: NextFunction) => void;
};

/** A per-client rate limit that answers 429 with `{ error: message }` and Retry-After. */
export function createRateLimit(db: AppDatabase, options: RateLimitOptions): RequestHandler {
  return rateLimit({
    windowMs: options.windowMs,
    limit: options.limit,
    skipSuccessfulRequests: options.skipSuccessfulRequests ?? false,
    standardHeaders: "draft-8",
    legacyHeaders: false,
    store: new DatabaseRateLimitStore(db, options.name),
    handler: (req, res, next) => {
      if (options.onLimited) options.onLimited(req, res, options.message, next);
      else sendApiError(res, 429, options.message);
    },
  });
}
