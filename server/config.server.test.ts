import path from "node:path";
import { describe, expect, test } from "vitest";
import { loadConfig } from "./config.server";

describe("loadConfig", () => {
  test("defaults to SQLite under ./data on port 3000", () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.database).toEqual({ kind: "sqlite", file: path.resolve("data/site.db") });
    expect(config.public.siteUrl).toBe("http://localhost:3000");
    expect(config.public.siteName).toBe("Dialogic");
  });

  test("a postgres URL selects PostgreSQL", () => {
    const config = loadConfig({ DATABASE_URL: "postgres://app@db.internal:5432/site" });
    expect(config.database).toEqual({ kind: "postgres", url: "postgres://app@db.internal:5432/site" });
  });

  test("a bad port is refused with one line naming PORT", () => {
    expect(() => loadConfig({ PORT: "abc" })).toThrowError(
      'Invalid configuration: PORT must be a whole number between 1 and 65535 (got "abc")',
    );
  });

  test("a malformed DATABASE_URL is refused naming the variable", () => {
    expect(() => loadConfig({ DATABASE_URL: "mysql://nope" })).toThrowError(/^Invalid configuration: DATABASE_URL must be a postgres/);
  });

  test("the admin password is never echoed in the error", () => {
    expect(() => loadConfig({ ADMIN_PASSWORD: "short" })).toThrowError(
      "Invalid configuration: ADMIN_PASSWORD must be at least 12 characters long",
    );
  });

  test("SITE_URL loses its trailing slash", () => {
    expect(loadConfig({ SITE_URL: "https://example.com/" }).public.siteUrl).toBe("https://example.com");
  });
});
