import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { addDays } from "../../domain/analytics";
import { mondayOf, weekOf, weeklyReportDueAt } from "../../domain/analytics-week";
import { createDatabase, type AppDatabase } from "../../server/db/database.server";
import { migrateToLatest } from "../../server/db/migrate.server";
import { countKnownMix, KNOWN_MIX_WEEK_FIGURES } from "../helpers/analytics-mix";
import { freePort, startBuiltServer, type BuiltServer } from "../helpers/built-server";
import { emailParts } from "../helpers/email-parts";
import { readEmailHtml } from "../helpers/email-html";
import { seedPost } from "../helpers/posts";
import { startSmtpServer, type TestSmtpServer } from "../helpers/smtp-server";
import { throwawaySchema } from "../helpers/test-database";

/**
 * The weekly analytics email seen from outside (docs/decisions/186, 187): two processes of the
 * built server over one database, started just before Monday 06:00 UTC by their clocks, both
 * finding the report due at that same moment, and a real SMTP server that receives it exactly
 * once, with the figures of a known mix of visits and leads.
 */

// The week reported is this real week: the servers' clocks run just before the Monday after it,
// so its days (and the seeded post's creation) are all in their past.
const reportedMonday = mondayOf(Date.now());
const DUE_AFTER_MS = 20_000;

type Database = { env: Record<string, string>; open: () => AppDatabase; cleanUp: () => Promise<void> };

async function sqliteFile(): Promise<Database> {
  const dir = mkdtempSync(path.join(tmpdir(), "dialogic-weekly-"));
  return {
    env: { DATA_DIR: dir },
    open: () => createDatabase({ kind: "sqlite", file: path.join(dir, "site.db") }),
    cleanUp: async () => rmSync(dir, { recursive: true, force: true }),
  };
}

async function postgresSchema(url: string): Promise<Database> {
  const schema = await throwawaySchema(url);
  return { env: { DATABASE_URL: schema.databaseUrl }, open: () => createDatabase({ kind: "postgres", url: schema.databaseUrl }), cleanUp: schema.drop };
}

/** The mix of tests/helpers/analytics-mix.ts on the reported week's Monday (its "day before" is in the week before), and this week's Tuesday. */
async function seed(database: Database): Promise<void> {
  const db = database.open();
  try {
    await migrateToLatest(db);
    await seedPost(db, { title: "A post", slug: "a-post", content: "<p>Read me.</p>", published: true });
    await countKnownMix(db, reportedMonday);
    await countKnownMix(db, addDays(reportedMonday, 8));
  } finally {
    await db.destroy();
  }
}

async function until<T>(what: string, read: () => Promise<T> | T, done: (value: T) => boolean, ms = 20_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(value)} after ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const kinds: [string, () => Promise<Database>][] = [["SQLite file", sqliteFile]];
if (process.env.TEST_DATABASE_URL) kinds.push(["PostgreSQL", () => postgresSchema(process.env.TEST_DATABASE_URL!)]);

describe.each(kinds)("the weekly analytics email on a %s", (_kind, create) => {
  const cleanUps: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanUp of cleanUps.reverse()) await cleanUp();
  });

  test("two processes that find it due at once send it once, with the week's figures and links that answer", { timeout: 90_000 }, async () => {
    const database = await create();
    cleanUps.push(database.cleanUp);
    await seed(database);
    const smtp: TestSmtpServer = await startSmtpServer();
    cleanUps.push(smtp.close);

    // Both processes are one site: SITE_URL names the first, as a load balancer's address would.
    const ports = [await freePort(), await freePort()];
    const siteUrl = `http://127.0.0.1:${ports[0]}`;
    // The servers' clocks read Monday 05:59:40 UTC now: the report falls due while both run.
    const clockOffset = weeklyReportDueAt(weekOf(reportedMonday)) - DUE_AFTER_MS - Date.now();
    const env = {
      ...database.env,
      SITE_URL: siteUrl,
      SMTP_URL: smtp.url,
      ANALYTICS_REPORT_TO: "marketing@example.com",
      NODE_OPTIONS: `--import ${path.resolve("tests/helpers/shifted-clock.mjs")}`,
      TEST_CLOCK_OFFSET_MS: String(clockOffset),
    };
    const dataDir = database.env.DATA_DIR;
    const start = (port: number) => startBuiltServer({ port, env, ...(dataDir ? { dataDir } : {}) });
    const starting = Date.now();
    const servers: BuiltServer[] = await Promise.all(ports.map(start));
    cleanUps.push(...servers.map((server) => () => server.stop()));
    expect(smtp.received, `nothing is sent before it is due (both up after ${Date.now() - starting} ms)`).toEqual([]);

    const [email] = await until("emails received", () => [...smtp.received], (received) => received.length > 0, DUE_AFTER_MS + 20_000);
    // Both processes' outbox workers poll every 5 s: a second email would have come by now.
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    expect(smtp.received).toHaveLength(1);
    const db = database.open();
    cleanUps.push(() => db.destroy());
    expect(await db.selectFrom("analytics_weekly_reports").select(["week", "recipients"]).execute()).toEqual([{ week: reportedMonday, recipients: 1 }]);
    expect(await db.selectFrom("mail_outbox").select(["to_address", "status"]).execute()).toEqual([{ to_address: "marketing@example.com", status: "sent" }]);

    const week = { from: reportedMonday, to: addDays(reportedMonday, 6) };
    const dashboard = `${siteUrl}/admin/analytics?from=${week.from}&to=${week.to}`;
    expect(email!.rcptTo).toEqual(["marketing@example.com"]);
    expect(email!.headers.subject).toBe(`Weekly analytics for Dialogic: ${week.from} to ${week.to}`);
    const parts = emailParts(email!);
    expect(parts.map((part) => part.type)).toEqual(["text/plain", "text/html"]);
    const [text, html] = parts.map((part) => part.body);
    expect(text).toContain(
      [
        ...KNOWN_MIX_WEEK_FIGURES,
        `The dashboard for this week: ${dashboard}`,
      ].join("\n"),
    );

    const read = readEmailHtml(html!);
    expect(read.unclosed).toEqual([]);
    expect(read.stray).toBe(0);
    expect(read.text).toContain("Visitors4+300% against the week before (1)");
    expect(read.hrefs).toEqual([`${siteUrl}/blog/a-post`, `${siteUrl}/`, `${siteUrl}/about`, dashboard]);
    for (const href of read.hrefs) {
      expect(new URL(href).origin, href).toBe(siteUrl);
      const response = await fetch(href, { redirect: "manual" });
      await response.arrayBuffer();
      if (href === dashboard && response.status !== 200) {
        // Signed out, the dashboard sends the reader to sign in first.
        expect(response.status, href).toBeGreaterThanOrEqual(300);
        expect(new URL(response.headers.get("location") ?? "", siteUrl).pathname, href).toBe("/admin/login");
      } else {
        expect(response.status, href).toBe(200);
      }
    }

    // A process started after the due moment finds the week claimed: still one email.
    await servers[1]!.stop();
    const third = await start(ports[1]!);
    cleanUps.push(() => third.stop());
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(smtp.received).toHaveLength(1);
    expect(await db.selectFrom("mail_outbox").select("id").execute()).toHaveLength(1);
  });
});
