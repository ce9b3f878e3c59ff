import { afterEach, describe, expect, test } from "vitest";
import { countKnownMix, KNOWN_MIX_WEEK_FIGURES } from "../../tests/helpers/analytics-mix";
import { testServices } from "../../tests/helpers/http-server";
import { seedPost } from "../../tests/helpers/posts";
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from "../../tests/helpers/test-database";
import type { AppServices } from "../context.server";
import type { AppDatabase } from "../db/database.server";
import { queueOnce, queueWeeklyReport } from "./weekly-report.server";

const at = (iso: string) => Date.parse(iso);
const TO = "team@example.com, growth@example.com";

async function outbox(db: AppDatabase) {
  return db.selectFrom("mail_outbox").select(["to_address", "subject", "text_body", "html_body"]).orderBy("to_address").execute();
}

describe.each(testDatabaseKinds)("the weekly analytics email on %s", (kind) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.destroy();
    database = undefined;
  });

  test("without ANALYTICS_REPORT_TO nothing is queued, whenever it runs", async () => {
    database = await createTestDatabase(kind);
    const services = testServices(database.db);
    expect(await queueWeeklyReport(services, at("2026-11-23T07:00:00Z"))).toBe("off");
    expect(await outbox(database.db)).toEqual([]);
  });

  test("last week's figures, against the week before, go to every address once, from Monday 06:00 UTC", async () => {
    database = await createTestDatabase(kind);
    const { db } = database;
    const services = testServices(db, { ANALYTICS_REPORT_TO: TO, SITE_URL: "https://www.example.com", SITE_NAME: "Dialogic" });
    await seedPost(db, { title: "A post", slug: "a-post", content: "<p>Read me.</p>", published: true });
    // Monday 2026-11-16 of the week reported, and (the mix's "day before") Sunday of the week before.
    await countKnownMix(db, "2026-11-16");
    // This week's visits (Monday 11-23 and Tuesday 11-24) are in neither week.
    await countKnownMix(db, "2026-11-24");

    expect(await queueWeeklyReport(services, at("2026-11-23T05:30:00Z"))).toBe("not due");
    expect(await outbox(db)).toEqual([]);
    expect(await queueWeeklyReport(services, at("2026-11-23T06:10:00Z"))).toBe("queued");
    const emails = await outbox(db);
    expect(emails.map((email) => email.to_address)).toEqual(["growth@example.com", "team@example.com"]);
    const [email] = emails;
    expect(email!.subject).toBe("Weekly analytics for Dialogic: 2026-11-16 to 2026-11-22");
    expect(email!.text_body).toBe(
      [
        "Dialogic analytics, 2026-11-16 to 2026-11-22 (UTC)",
        "",
        ...KNOWN_MIX_WEEK_FIGURES,
        "The dashboard for this week: https://www.example.com/admin/analytics?from=2026-11-16&to=2026-11-22",
      ].join("\n"),
    );
    expect(email!.html_body).toContain('<a href="https://www.example.com/blog/a-post">A post</a>');
    expect(email!.html_body).toContain('<a href="https://www.example.com/admin/analytics?from=2026-11-16&#38;to=2026-11-22">');

    // Later that week, from any process: nothing more.
    expect(await queueWeeklyReport(services, at("2026-11-23T07:10:00Z"))).toBe("already queued");
    expect(await queueWeeklyReport(services, at("2026-11-29T23:00:00Z"))).toBe("already queued");
    expect(await outbox(db)).toHaveLength(2);
    // The next Monday before 06:00 nothing is due; after it, the next week's report.
    expect(await queueWeeklyReport(services, at("2026-11-30T05:00:00Z"))).toBe("not due");
    expect(await queueWeeklyReport(services, at("2026-11-30T06:00:00Z"))).toBe("queued");
    const next = (await outbox(db)).filter((row) => row.subject.includes("2026-11-23 to 2026-11-29"));
    expect(next).toHaveLength(2);
    expect(next[0]!.text_body).toContain("Visitors: 5 (+25% against the week before (4))");
  });

  test("processes that find it due at the same moment queue it once between them", async () => {
    database = await createTestDatabase(kind);
    const env = { ANALYTICS_REPORT_TO: "team@example.com" };
    const processes = Array.from({ length: 4 }, () => testServices(database!.connectAgain(), env));
    const run = (services: AppServices) => queueWeeklyReport(services, at("2026-11-25T09:00:00Z"));
    // One process's SQLite connection waits for another's lock by blocking its thread: in one
    // test process they take turns (tests/integration/weekly-report.test.ts runs real processes).
    const outcomes = kind === "postgres" ? await Promise.all(processes.map(run)) : await inTurn(processes.map((services) => () => run(services)));
    expect(outcomes.sort()).toEqual(["already queued", "already queued", "already queued", "queued"]);
    expect(await outbox(database.db)).toHaveLength(1);
    const claims = await database.db.selectFrom("analytics_weekly_reports").selectAll().execute();
    expect(claims).toEqual([{ week: "2026-11-16", recipients: 1, queued_at: "2026-11-25T09:00:00.000Z" }]);
  });

  test("a claimant that looked before the other's claim still queues nothing: the claim decides", async () => {
    database = await createTestDatabase(kind);
    const week = { from: "2026-11-16", to: "2026-11-22" };
    const email = { to: "team@example.com", subject: "Weekly analytics", text: "Figures", html: "<p>Figures</p>" };
    const connections = [database.connectAgain(), database.connectAgain()];
    const claim = (db: AppDatabase) => queueOnce(db, week, [email], at("2026-11-23T06:00:00Z"));
    const outcomes = kind === "postgres" ? await Promise.all(connections.map(claim)) : await inTurn(connections.map((db) => () => claim(db)));
    expect(outcomes.sort()).toEqual([false, true]);
    expect(await outbox(database.db)).toEqual([{ to_address: "team@example.com", subject: "Weekly analytics", text_body: "Figures", html_body: "<p>Figures</p>" }]);
  });
});

async function inTurn<T>(runs: (() => Promise<T>)[]): Promise<T[]> {
  const results: T[] = [];
  for (const run of runs) results.push(await run());
  return results;
}
