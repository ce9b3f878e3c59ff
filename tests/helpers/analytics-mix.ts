import pino from "pino";
import { addDays, dayOf } from "../../domain/analytics";
import { addDemoClick } from "../../server/analytics/demo-clicks.server";
import { createPageViews } from "../../server/analytics/page-views.server";
import type { AppDatabase } from "../../server/db/database.server";
import { viewRequest } from "./analytics";

export const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36";
const IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1";
export const LAUNCH = "newsletter\nemail\nlaunch";
export const SPRING = "linkedin\nsocial\nspring";

/**
 * A known mix of visits, counted as the site counts them (two batches, so a visitor's later views
 * are credited to the source of its first), with leads and demo clicks, on `day` and the day before:
 *
 * | day       | visitor | referrer     | campaign | device  | views                          | leads | clicks |
 * | today     | a       | google.com   | launch   | desktop | / ×2, /blog/a-post ×1, then ×1 | 2     | 1      |
 * | today     | b       | google.com   |          | mobile  | /blog/a-post ×3                | 1     |        |
 * | today     | c       | linkedin.com | spring   | mobile  | / ×1                           | 1     | 2      |
 * | today     | d       | (direct)     |          | desktop | /about ×1                      |       |        |
 * | yesterday | e       | google.com   |          | desktop | / ×4                           | 1     |        |
 */
export async function countKnownMix(db: AppDatabase, day = dayOf(Date.now())): Promise<void> {
  const noon = Date.parse(`${day}T12:00:00Z`);
  const yesterday = addDays(day, -1);
  await countViews(db, noon - 24 * 60 * 60 * 1000, [["e", CHROME, "/", "https://www.google.com/", "", 4]]);
  await countViews(db, noon, [
    ["a", CHROME, "/", "https://www.google.com/search", "?utm_source=newsletter&utm_medium=email&utm_campaign=launch", 1],
    ["a", CHROME, "/", "https://www.example.com/", "", 1],
    ["a", CHROME, "/blog/a-post", "https://www.example.com/", "", 1],
    ["b", IPHONE, "/blog/a-post", "https://google.com/", "", 3],
    ["c", IPHONE, "/", "https://linkedin.com/feed", "?utm_source=linkedin&utm_medium=social&utm_campaign=spring", 1],
    ["d", CHROME, "/about", "", "", 1],
  ]);
  // A later batch: visitor a comes back from within the site; its views stay google.com's.
  await countViews(db, noon + 60_000, [["a", CHROME, "/blog/a-post", "https://www.example.com/blog", "", 1]]);

  const launch = { referrer_host: "google.com", utm_source: "newsletter", utm_medium: "email", utm_campaign: "launch" };
  const spring = { referrer_host: "linkedin.com", utm_source: "linkedin", utm_medium: "social", utm_campaign: "spring" };
  const plain = { referrer_host: "google.com", utm_source: "", utm_medium: "", utm_campaign: "" };
  const leads = [
    { at: day, landing_path: "/", ...launch },
    { at: day, landing_path: "/", ...launch },
    { at: day, landing_path: "/blog/a-post", ...plain },
    { at: day, landing_path: "/", ...spring },
    { at: yesterday, landing_path: "/", ...plain },
  ];
  await db
    .insertInto("contact_messages")
    .values(
      leads.map(({ at, ...source }, index) => ({
        id: `mix-${day}-${index}`,
        name: "Lead",
        email: "lead@example.com",
        message: "Hello",
        created_at: `${at}T13:00:00.000Z`,
        read_at: null,
        mail_id: null,
        ...source,
      })),
    )
    .execute();
  await addDemoClick(db, day, { landing_path: "/", ...launch });
  await addDemoClick(db, day, { landing_path: "/", ...spring });
  await addDemoClick(db, day, { landing_path: "/", ...spring });
}

export type View = [visitor: string, userAgent: string, path: string, referer: string, search: string, times: number];

/** Views counted as the site counts them, at `at`, by the visitors a to e of the mix (their addresses). */
export async function countViews(db: AppDatabase, at: number, views: View[]): Promise<void> {
  const counter = createPageViews({
    db,
    siteHost: "www.example.com",
    flushMs: 60_000,
    clientAddress: (req) => req.socket.remoteAddress ?? "",
    logger: pino({ level: "silent" }),
    now: () => at,
  });
  await counter.flush();
  const addresses = { a: "192.0.2.11", b: "192.0.2.12", c: "192.0.2.13", d: "192.0.2.14", e: "192.0.2.15", f: "192.0.2.16" } as Record<string, string>;
  for (const [visitor, userAgent, path, referer, search, times] of views) {
    for (let time = 0; time < times; time += 1) {
      counter.count(viewRequest(addresses[visitor]!, { "user-agent": userAgent, ...(referer ? { referer } : {}) }), 200, path, search);
    }
  }
  await counter.close();
}

/**
 * The weekly email's figures for a week that holds the known mix on its first day and its "day
 * before" in the week before (a post titled "A post" at /blog/a-post), as its text part says them.
 */
export const KNOWN_MIX_WEEK_FIGURES = [
  "Visitors: 4 (+300% against the week before (1))",
  "Page views: 9 (+125% against the week before (4))",
  "Leads: 4 (+300% against the week before (1))",
  "",
  "Top pages",
  "  1. A post: 5 views, 2 visitors, 1 lead",
  "  2. /: 3 views, 2 visitors, 3 leads",
  "  3. /about: 1 view, 1 visitor, 0 leads",
  "",
  "Top sources",
  "  1. google.com: 2 visitors, 3 leads",
  "  2. Direct: 1 visitor, 0 leads",
  "  3. linkedin.com: 1 visitor, 1 lead",
  "",
  "Top campaigns",
  "  1. linkedin / social / spring: 1 visitor, 1 lead",
  "  2. newsletter / email / launch: 1 visitor, 2 leads",
  "",
];
