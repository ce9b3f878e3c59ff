import type { AppDatabase } from "../db/database.server";
import { DatabaseRateLimitStore } from "./sliding-window.server";

/**
 * A limit counted in the database, so every app process and every door (JSON API, page action,
 * its `.data` path) shares one counter per client. Services check it themselves: a route that
 * forgets a middleware cannot skip it (docs/decisions/060-client-keys-and-limits.md).
 */
export type RateLimitRule = {
  /** Names the counter; hits of different rules never mix. */
  name: string;
  windowMs: number;
  /** Attempts allowed per key and window; the next one is refused. */
  limit: number;
  /** What the client is told when refused. */
  message: string;
};

/** A refusal as every service returns it; doors turn it into 429 with Retry-After. */
export type RateLimited = {
  ok: false;
  code: "rate_limited";
  error: string;
  retryAfterSeconds: number;
  /** The rule, for the standard RateLimit-Policy header. */
  limit: number;
  windowSeconds: number;
};

/**
 * Counts one attempt for this key and says whether it is over the rule's limit. Without a key
 * (operator tools and internal callers, never a door) nothing is counted.
 */
export async function countAttempt(
  db: AppDatabase,
  rule: RateLimitRule,
  key: string | undefined,
): Promise<RateLimited | undefined> {
  if (key === undefined) return undefined;
  const { totalHits, resetTime } = await store(db, rule).increment(key);
  if (totalHits <= rule.limit) return undefined;
  const retryAfterSeconds = Math.max(1, Math.ceil(((resetTime?.getTime() ?? Date.now()) - Date.now()) / 1000));
  return {
    ok: false,
    code: "rate_limited",
    error: rule.message,
    retryAfterSeconds,
    limit: rule.limit,
    windowSeconds: Math.round(rule.windowMs / 1000),
  };
}

/** Takes back one counted attempt (a successful login does not count against anyone). */
export async function forgetAttempt(db: AppDatabase, rule: RateLimitRule, key: string | undefined): Promise<void> {
  if (key === undefined) return;
  await store(db, rule).decrement(key);
}

/** How many attempts this key has in the rule's window now (counting none). */
export async function attemptsInWindow(db: AppDatabase, rule: RateLimitRule, key: string): Promise<number> {
  return store(db, rule).count(key);
}

/** Clears a key's counter (an operator reset). */
export async function resetAttempts(db: AppDatabase, rule: RateLimitRule, key: string): Promise<void> {
  await store(db, rule).resetKey(key);
}

function store(db: AppDatabase, rule: RateLimitRule): DatabaseRateLimitStore {
  return new DatabaseRateLimitStore(db, rule);
}
