import { afterAll, afterEach, describe, expect, test } from "vitest";
import { EMPTY_SOURCE } from "../../domain/analytics";
import { testServices } from "../../tests/helpers/http-server";
import { FORM, formBody, JSON_TYPE, send, validContact } from "../../tests/helpers/site-client";
import { closeServerBuild, serveSite, type SiteServer } from "../../tests/helpers/site-server";
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from "../../tests/helpers/test-database";
import { CROSS_SITE_REFUSED } from "../http/cross-site.server";

afterAll(closeServerBuild);

const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36";
const SITE = "https://dialogic.example";

/** The source columns of every stored message, oldest first. */
const SOURCE_COLUMNS = ["landing_path", "referrer_host", "utm_source", "utm_medium", "utm_campaign"] as const;

describe.each(testDatabaseKinds)("the doors that carry a lead's source, on %s", (kind) => {
  let database: TestDatabase | undefined;
  let site: SiteServer | undefined;
  afterEach(async () => {
    await site?.close();
    site = undefined;
    await database?.destroy();
    database = undefined;
  });

  async function start() {
    database = await createTestDatabase(kind);
    site = await serveSite(testServices(database.db, { SITE_URL: SITE }));
    return { url: site.url, db: database.db };
  }

  async function sources() {
    return database!.db.selectFrom("contact_messages").select(SOURCE_COLUMNS).orderBy("created_at").execute();
  }

  test("the form posted without JavaScript takes its source from its hidden fields, else from the form page's address", async () => {
    const { url } = await start();
    const hidden = { landing_path: "/blog/launch-notes", referrer_host: "linkedin.com", utm_source: "newsletter", utm_medium: "", utm_campaign: "launch" };
    const withFields = await send(url, "POST", "/contact", {
      type: FORM,
      body: formBody({ ...validContact, ...hidden }),
      headers: { referer: `${SITE}/contact` },
    });
    expect(withFields.status).toBe(303);
    // No JavaScript ran: the hidden fields are empty and the Referer is all the server sees.
    const empty = Object.fromEntries(SOURCE_COLUMNS.map((column) => [column, ""]));
    const tagged = await send(url, "POST", "/contact?index", {
      type: FORM,
      body: formBody({ ...validContact, ...empty }),
      headers: { referer: `${SITE}/contact?utm_source=ads&utm_medium=cpc&utm_campaign=spring` },
    });
    expect(tagged.status).toBe(303);
    const untagged = await send(url, "POST", "/contact", { type: FORM, body: formBody(validContact), headers: { referer: `${SITE}/contact` } });
    expect(untagged.status).toBe(303);
    expect(await sources()).toEqual([
      hidden,
      { landing_path: "/contact", referrer_host: "", utm_source: "ads", utm_medium: "cpc", utm_campaign: "spring" },
      EMPTY_SOURCE,
    ]);
  });

  test("POST /api/contact stores the source it is sent and still answers 201 { id } without one", async () => {
    const { url } = await start();
    const withSource = await send(url, "POST", "/api/contact", {
      type: JSON_TYPE,
      body: JSON.stringify({ ...validContact, landing_path: "/features", utm_source: "newsletter" }),
    });
    expect(withSource.status).toBe(201);
    expect(Object.keys(JSON.parse(withSource.text) as object)).toEqual(["id"]);
    const without = await send(url, "POST", "/api/contact", { type: JSON_TYPE, body: JSON.stringify(validContact) });
    expect(without.status).toBe(201);
    expect(await sources()).toEqual([{ ...EMPTY_SOURCE, landing_path: "/features", utm_source: "newsletter" }, EMPTY_SOURCE]);
    // The team's notification email says where each lead came from, as the inbox does.
    const emails = await database!.db.selectFrom("mail_outbox").select("text_body").execute();
    expect(emails.map((email) => email.text_body.split("\n").find((line) => line.startsWith("Source: "))).sort()).toEqual([
      "Source: /features · newsletter",
      "Source: unknown",
    ]);
  });

  test("a demo click beacon from the site is counted; one from another site is refused", async () => {
    const { url, db } = await start();
    const body = JSON.stringify({ landing_path: "/blog/launch-notes", utm_source: "newsletter", path: "/contact" });
    const own = await send(url, "POST", "/api/analytics/demo-click", {
      type: "text/plain;charset=UTF-8",
      body,
      headers: { origin: SITE, "sec-fetch-site": "same-origin", "user-agent": CHROME },
    });
    expect(own.status).toBe(204);
    const foreign = await send(url, "POST", "/api/analytics/demo-click", {
      type: "text/plain;charset=UTF-8",
      body,
      headers: { origin: "https://evil.example", "sec-fetch-site": "cross-site", "user-agent": CHROME },
    });
    expect(foreign.status).toBe(403);
    expect(JSON.parse(foreign.text)).toEqual({ error: CROSS_SITE_REFUSED });
    const huge = await send(url, "POST", "/api/analytics/demo-click", {
      type: "application/json",
      body: JSON.stringify({ utm_source: "x".repeat(5000) }),
      headers: { "user-agent": CHROME },
    });
    expect(huge.status).toBe(413);
    const rows = await db.selectFrom("analytics_demo_clicks").select(["landing_path", "utm_source", "clicks"]).execute();
    expect(rows.map((row) => ({ ...row, clicks: Number(row.clicks) }))).toEqual([
      { landing_path: "/blog/launch-notes", utm_source: "newsletter", clicks: 1 },
    ]);
  });
});
