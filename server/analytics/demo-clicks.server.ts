import { dayOf, landingPath, sourceFromFields, type VisitSource } from "../../domain/analytics";
import type { AppDatabase } from "../db/database.server";
import { isBrowserAgent } from "./browser-agent.server";
import { countAttempt, type RateLimited, type RateLimitRule } from "../limits/rate-limits.server";

/** Demo clicks one client may report per window: far more than a person clicks, far fewer than a flood. */
export const DEMO_CLICK_LIMIT: RateLimitRule = {
  name: "demo-click",
  windowMs: 10 * 60 * 1000,
  limit: 20,
  message: "Too many demo clicks from your network. Please wait 10 minutes.",
};

export type DemoClickResult = { ok: true; counted: boolean } | RateLimited;

/**
 * Counts one "Request demo" click (docs/decisions/142) into the day's roll-up under the visit's
 * source. `fields` is untrusted (a beacon's body): every value is bounded, and a click without a
 * known landing page is credited to the page it was made on (`path`). Bots are not counted and
 * cost no write; everyone else counts against DEMO_CLICK_LIMIT by the key the door passes.
 */
export async function recordDemoClick(
  db: AppDatabase,
  fields: Partial<Record<string, unknown>>,
  { clientKey, userAgent, now = new Date() }: { clientKey?: string; userAgent?: string; now?: Date } = {},
): Promise<DemoClickResult> {
  if (!isBrowserAgent(userAgent)) return { ok: true, counted: false };
  const limited = await countAttempt(db, DEMO_CLICK_LIMIT, clientKey);
  if (limited) return limited;
  const source = sourceFromFields(fields);
  await addDemoClick(db, dayOf(now), { ...source, landing_path: source.landing_path || landingPath(fields.path) });
  return { ok: true, counted: true };
}

/**
 * One more click for the day and source: a single upsert, so concurrent clicks from several
 * processes add up exactly on SQLite and PostgreSQL alike.
 */
export async function addDemoClick(db: AppDatabase, day: string, source: VisitSource): Promise<void> {
  await db
    .insertInto("analytics_demo_clicks")
    .values({ day, ...source, clicks: 1 })
    .onConflict((conflict) =>
      conflict
        .columns(["day", "landing_path", "referrer_host", "utm_source", "utm_medium", "utm_campaign"])
        .doUpdateSet((eb) => ({ clicks: eb(eb.ref("analytics_demo_clicks.clicks"), "+", 1) })),
    )
    .execute();
}
