/**
 * Which database errors mean "the database is not there right now" (a restart, a failover, a
 * lock held too long) rather than "this query is wrong": those answer 503 with Retry-After and
 * are retried by the outbox worker; anything else stays a 500.
 */

/** Seconds a client is told to wait before trying again while the database is away. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** Node network error codes of a connection that failed or broke. */
const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EAI_AGAIN",
]);

/**
 * PostgreSQL SQLSTATEs: connection exceptions (08…), shutdown and start-up (57P01-57P03),
 * too many connections (53300), read-only during failover (25006).
 */
const POSTGRES_CODES = new Set(["57P01", "57P02", "57P03", "53300", "25006"]);

/** SQLite: the file is locked by another connection beyond busy_timeout. */
const SQLITE_CODES = new Set(["SQLITE_BUSY", "SQLITE_BUSY_SNAPSHOT", "SQLITE_BUSY_RECOVERY", "SQLITE_LOCKED"]);

/** pg's own messages for a connection that ended or never came. */
const POOL_MESSAGES = [
  "Connection terminated",
  "timeout exceeded when trying to connect",
  "Client has encountered a connection error",
  "Client was closed and is not queryable",
  "the database system is",
];

/** The database server is away (not merely a SQLite lock held for a moment by another writer). */
export function isDatabaseUnreachable(error: unknown): boolean {
  return isDatabaseUnavailable(error) && !isSqliteLock(error);
}

function isSqliteLock(error: unknown): boolean {
  const code = (error as { code?: unknown } | undefined)?.code;
  return typeof code === "string" && SQLITE_CODES.has(code);
}

export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    if (typeof current !== "object") return false;
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === "string") {
      if (NETWORK_CODES.has(code) || POSTGRES_CODES.has(code) || SQLITE_CODES.has(code)) return true;
      if (code.startsWith("08")) return true;
    }
    if (typeof message === "string" && POOL_MESSAGES.some((text) => message.includes(text))) return true;
    current = cause;
  }
  return false;
}
