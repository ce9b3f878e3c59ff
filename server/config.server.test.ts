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

  test("report uploads: per-client quota and deadlines have defaults and are checked", () => {
    const MB = 1024 * 1024;
    const defaults = loadConfig({});
    expect(defaults.uploadQuota).toMatchObject({ clientBytesPerHour: 100 * MB, clientBytesPerDay: 200 * MB });
    expect(defaults.uploadTimeouts).toEqual({ idleTimeoutMs: 30_000, bodyTimeoutMs: 120_000 });
    const set = loadConfig({
      REPORT_CLIENT_UPLOAD_MB_PER_HOUR: "20",
      REPORT_CLIENT_UPLOAD_MB_PER_DAY: "60",
      REPORT_UPLOAD_IDLE_TIMEOUT: "10",
      REPORT_UPLOAD_TIMEOUT: "300",
    });
    expect(set.uploadQuota).toMatchObject({ clientBytesPerHour: 20 * MB, clientBytesPerDay: 60 * MB });
    expect(set.uploadTimeouts).toEqual({ idleTimeoutMs: 10_000, bodyTimeoutMs: 300_000 });
    expect(() => loadConfig({ REPORT_CLIENT_UPLOAD_MB_PER_HOUR: "0" })).toThrowError(
      'Invalid configuration: REPORT_CLIENT_UPLOAD_MB_PER_HOUR must be a whole number of at least 1 (got "0")',
    );
    expect(() => loadConfig({ REPORT_UPLOAD_TIMEOUT: "301" })).toThrowError(
      'Invalid configuration: REPORT_UPLOAD_TIMEOUT must be a whole number of seconds from 1 to 300 (got "301")',
    );
  });

  test("analytics are written every 5 s unless told; at most 5 s, so counts are complete within 10 s", () => {
    expect(loadConfig({}).analyticsFlushMs).toBe(5000);
    expect(loadConfig({ ANALYTICS_FLUSH_MS: "250" }).analyticsFlushMs).toBe(250);
    expect(loadConfig({}).analytics).toBe(true);
    expect(loadConfig({ ANALYTICS: "off" }).analytics).toBe(false);
    expect(() => loadConfig({ ANALYTICS: "no" })).toThrowError('Invalid configuration: ANALYTICS must be "on" or "off" (got "no")');
    expect(() => loadConfig({ ANALYTICS_FLUSH_MS: "60000" })).toThrowError(
      'Invalid configuration: ANALYTICS_FLUSH_MS must be at most 5000 (counts must be complete within 10 seconds) (got "60000")',
    );
    expect(() => loadConfig({ ANALYTICS_FLUSH_MS: "soon" })).toThrowError(
      'Invalid configuration: ANALYTICS_FLUSH_MS must be a whole number of milliseconds from 100 to 5000 (got "soon")',
    );
  });

  test("the weekly analytics email goes to the ANALYTICS_REPORT_TO addresses; none set, no email", () => {
    expect(loadConfig({}).analyticsReportTo).toEqual([]);
    expect(loadConfig({ ANALYTICS_REPORT_TO: " " }).analyticsReportTo).toEqual([]);
    expect(loadConfig({ ANALYTICS_REPORT_TO: "a@example.com, b@example.com,,a@example.com" }).analyticsReportTo).toEqual(["a@example.com", "b@example.com"]);
    expect(() => loadConfig({ ANALYTICS_REPORT_TO: "a@example.com, Bob <b@example.com>" })).toThrowError(
      'Invalid configuration: ANALYTICS_REPORT_TO must be email addresses separated by commas ("Bob <b@example.com>" is not one) (got "a@example.com, Bob <b@example.com>")',
    );
  });

  test("SITE_URL loses its trailing slash", () => {
    expect(loadConfig({ SITE_URL: "https://example.com/" }).public.siteUrl).toBe("https://example.com");
  });
});
