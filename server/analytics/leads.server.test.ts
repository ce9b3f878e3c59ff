import { afterEach, describe, expect, test } from "vitest";
import { addDays, dayOf, EMPTY_SOURCE, type VisitSource } from "../../domain/analytics";
import { testServices } from "../../tests/helpers/http-server";
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from "../../tests/helpers/test-database";
import { listContactMessages, submitContactMessage } from "../contact/contact-messages.server";
import type { AppDatabase } from "../db/database.server";
import { addDemoClick, recordDemoClick } from "./demo-clicks.server";
import { leadsByCampaign, leadsByLandingPage } from "./leads.server";

const CHROME = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36";
const valid = { name: "Grace Hopper", email: "grace@example.com", message: "Please call me back about pricing." };
const launch: VisitSource = {
  landing_path: "/blog/launch-notes",
  referrer_host: "",
  utm_source: "newsletter",
  utm_medium: "",
  utm_campaign: "launch",
};
const period = { from: "2026-11-01", to: "2026-11-30" };

describe.each(testDatabaseKinds)("leads and their sources on %s", (kind) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.destroy();
    database = undefined;
  });

  async function open(): Promise<AppDatabase> {
    database = await createTestDatabase(kind);
    return database.db;
  }

  /** A contact message through the service, then dated as the test needs. */
  async function lead(db: AppDatabase, fields: Record<string, unknown>, createdAt?: string, formPage?: string) {
    const result = await submitContactMessage(testServices(db), { ...valid, ...fields }, { formPage });
    if (!result.ok) throw new Error(JSON.stringify(result));
    if (createdAt) await db.updateTable("contact_messages").set({ created_at: createdAt }).where("id", "=", result.id).execute();
    return result.id;
  }

  async function sourceOf(db: AppDatabase, id: string) {
    return db
      .selectFrom("contact_messages")
      .select(["landing_path", "referrer_host", "utm_source", "utm_medium", "utm_campaign"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
  }

  test("a message stores its source from the form's fields, bounded, and the inbox lists it", async () => {
    const db = await open();
    const id = await lead(db, {
      landing_path: "/blog/launch-notes",
      referrer_host: "LinkedIn.com",
      utm_source: "newsletter\u0007",
      utm_medium: "e".repeat(400),
      utm_campaign: "launch",
    });
    expect(await sourceOf(db, id)).toEqual({
      landing_path: "/blog/launch-notes",
      referrer_host: "linkedin.com",
      utm_source: "newsletter",
      utm_medium: "e".repeat(100),
      utm_campaign: "launch",
    });
    const hostile = await lead(db, { landing_path: "javascript:alert(1)", utm_source: ["array"], referrer_host: { a: 1 } });
    expect(await sourceOf(db, hostile)).toEqual(EMPTY_SOURCE);
    const { messages } = await listContactMessages(db);
    expect(messages.find((message) => message.id === id)).toMatchObject({ landing_path: "/blog/launch-notes", utm_source: "newsletter" });
  });

  test("empty fields fall back to the form page's address; fields, when sent, win over it", async () => {
    const db = await open();
    const tagged = await lead(db, {}, undefined, "http://localhost:3000/contact?utm_source=ads&utm_medium=cpc&utm_campaign=spring");
    expect(await sourceOf(db, tagged)).toEqual({ landing_path: "/contact", referrer_host: "", utm_source: "ads", utm_medium: "cpc", utm_campaign: "spring" });
    const untagged = await lead(db, { landing_path: "", utm_source: "" }, undefined, "http://localhost:3000/contact");
    expect(await sourceOf(db, untagged)).toEqual(EMPTY_SOURCE);
    const sent = await lead(db, launch, undefined, "http://localhost:3000/contact?utm_source=ads");
    expect(await sourceOf(db, sent)).toEqual(launch);
  });

  test("a message stored before sources were kept reads as an empty source", async () => {
    const db = await open();
    await db
      .insertInto("contact_messages")
      .values({ id: "old", name: "Old", email: "old@example.com", message: "Hello", created_at: "2025-01-01T00:00:00.000Z", read_at: null, mail_id: null })
      .execute();
    const { messages } = await listContactMessages(db);
    expect(messages[0]).toMatchObject({ id: "old", ...EMPTY_SOURCE });
  });

  test("leads and demo clicks per landing page count the period's UTC days, both ends included", async () => {
    const db = await open();
    await lead(db, launch, `${period.from}T00:00:00.000Z`);
    await lead(db, launch, `${period.to}T23:59:59.999Z`);
    await lead(db, { ...launch, landing_path: "/pricing", utm_source: "", utm_campaign: "" }, "2026-11-15T12:00:00.000Z");
    await lead(db, {}, "2026-11-16T12:00:00.000Z");
    // Outside the period on either side.
    await lead(db, launch, "2026-10-31T23:59:59.999Z");
    await lead(db, launch, `${addDays(period.to, 1)}T00:00:00.000Z`);
    await addDemoClick(db, "2026-11-10", launch);
    await addDemoClick(db, "2026-11-10", launch);
    await addDemoClick(db, "2026-11-11", { ...launch, referrer_host: "linkedin.com" });
    await addDemoClick(db, "2026-11-12", { ...EMPTY_SOURCE, landing_path: "/features" });
    await addDemoClick(db, "2026-12-01", launch);
    expect(await leadsByLandingPage(db, period)).toEqual([
      { path: "/blog/launch-notes", leads: 2, demo_clicks: 3 },
      { path: "", leads: 1, demo_clicks: 0 },
      { path: "/pricing", leads: 1, demo_clicks: 0 },
      { path: "/features", leads: 0, demo_clicks: 1 },
    ]);
    expect(await leadsByLandingPage(db, { from: "2027-01-01", to: "2027-01-31" })).toEqual([]);
  });

  test("leads and demo clicks per campaign leave out sources without UTM values", async () => {
    const db = await open();
    await lead(db, launch, "2026-11-02T08:00:00.000Z");
    await lead(db, { ...launch, landing_path: "/" }, "2026-11-03T08:00:00.000Z");
    await lead(db, { landing_path: "/", utm_medium: "email" }, "2026-11-03T09:00:00.000Z");
    await lead(db, { landing_path: "/", referrer_host: "google.com" }, "2026-11-03T10:00:00.000Z");
    await addDemoClick(db, "2026-11-04", launch);
    await addDemoClick(db, "2026-11-04", { ...EMPTY_SOURCE, utm_source: "ads", utm_medium: "cpc", utm_campaign: "spring" });
    await addDemoClick(db, "2026-11-04", { ...EMPTY_SOURCE, landing_path: "/features" });
    expect(await leadsByCampaign(db, period)).toEqual([
      { source: "newsletter", medium: "", campaign: "launch", leads: 2, demo_clicks: 1 },
      { source: "", medium: "email", campaign: "", leads: 1, demo_clicks: 0 },
      { source: "ads", medium: "cpc", campaign: "spring", leads: 0, demo_clicks: 1 },
    ]);
  });

  test("a visit's lead and its demo click meet on its landing page and campaign", async () => {
    const db = await open();
    await lead(db, launch);
    // The beacon's body as the "Request demo" link sends it, made on the contact page.
    const clicked = await recordDemoClick(db, { ...launch, path: "/contact" }, { clientKey: "203.0.113.7", userAgent: CHROME });
    expect(clicked).toEqual({ ok: true, counted: true });
    const today = dayOf(Date.now());
    const thisWeek = { from: addDays(today, -6), to: today };
    expect(await leadsByLandingPage(db, thisWeek)).toEqual([{ path: "/blog/launch-notes", leads: 1, demo_clicks: 1 }]);
    expect(await leadsByCampaign(db, thisWeek)).toEqual([{ source: "newsletter", medium: "", campaign: "launch", leads: 1, demo_clicks: 1 }]);
  });

  test("concurrent clicks from two processes add up exactly", async () => {
    const db = await open();
    const other = database!.connectAgain();
    await Promise.all(
      Array.from({ length: 40 }, (_, index) => addDemoClick(index % 2 === 0 ? db : other, "2026-11-20", launch)),
    );
    const row = await db.selectFrom("analytics_demo_clicks").select("clicks").executeTakeFirstOrThrow();
    expect(Number(row.clicks)).toBe(40);
    expect(await leadsByLandingPage(db, period)).toEqual([{ path: "/blog/launch-notes", leads: 0, demo_clicks: 40 }]);
  });
});
