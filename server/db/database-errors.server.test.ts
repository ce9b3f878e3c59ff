import { expect, test } from "vitest";
import { isDatabaseUnavailable, isDatabaseUnreachable } from "./database-errors.server";

function coded(message: string, code: string): Error {
  return Object.assign(new Error(message), { code });
}

test("a database that is away is told apart from a query that is wrong", () => {
  const away = [
    coded("connect ECONNREFUSED 127.0.0.1:5432", "ECONNREFUSED"),
    coded("terminating connection due to administrator command", "57P01"),
    coded("the database system is starting up", "57P03"),
    coded("connection failure", "08006"),
    new Error("Connection terminated unexpectedly"),
    new Error("timeout exceeded when trying to connect"),
    coded("database is locked", "SQLITE_BUSY"),
    new Error("query failed", { cause: coded("read ECONNRESET", "ECONNRESET") }),
  ];
  const wrong = [
    coded('relation "nope" does not exist', "42P01"),
    coded("duplicate key value violates unique constraint", "23505"),
    coded("UNIQUE constraint failed: blog_posts.slug", "SQLITE_CONSTRAINT_UNIQUE"),
    new Error("Something else"),
    "a string",
    undefined,
  ];
  for (const error of away) expect(isDatabaseUnavailable(error), String(error)).toBe(true);
  for (const error of wrong) expect(isDatabaseUnavailable(error), String(error)).toBe(false);
});

test("a SQLite lock is unavailable for a moment, not an unreachable server", () => {
  expect(isDatabaseUnreachable(coded("database is locked", "SQLITE_BUSY"))).toBe(false);
  expect(isDatabaseUnreachable(coded("connect ECONNREFUSED 127.0.0.1:5432", "ECONNREFUSED"))).toBe(true);
});
