/**
 * A visit's source as the browser sees it (docs/decisions/142): recorded in session storage on
 * the first public page of a browser session, read back by the contact form and the "Request
 * demo" links. Session storage keeps it for this tab only and forgets it when the tab closes; no
 * cookie is set and nothing leaves the browser until the visitor sends a message or clicks.
 */
import { isTeamPath } from "../../../domain/team-paths";
import { campaignOf, DEMO_CLICK_ENDPOINT, EMPTY_SOURCE, landingPath, referrerHost, sourceFromFields, type VisitSource } from "../../../domain/analytics";

export const VISIT_SOURCE_KEY = "dialogic.visit-source";

/** Pages a visit's source is taken from: public ones, not the admin area or a draft's preview. */
export function isSourcePage(pathname: string): boolean {
  return !isTeamPath(pathname);
}

/** The source of a visit that lands on this address from `referrer` (document.referrer). */
export function landingSource(here: { pathname: string; search: string; hostname: string }, referrer: string): VisitSource {
  return {
    landing_path: landingPath(here.pathname),
    referrer_host: referrerHost(referrer, here.hostname),
    ...campaignOf(here.search),
  };
}

/** A stored source read back, every value bounded again (storage can be edited); undefined if none. */
export function parseStoredSource(raw: string | null): VisitSource | undefined {
  if (raw === null) return undefined;
  try {
    const value: unknown = JSON.parse(raw);
    return typeof value === "object" && value !== null ? sourceFromFields(value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** Session storage, or null where it is unavailable (blocked storage, some private modes, the server). */
function sessionStore(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

/**
 * Records this page as the session's landing page unless a source is already recorded, and
 * answers the session's source. Without session storage nothing is recorded and the source is
 * empty; it never throws.
 */
export function recordVisitSource(
  storage: Pick<Storage, "getItem" | "setItem"> | null = sessionStore(),
  here: { pathname: string; search: string; hostname: string } = window.location,
  referrer: string = document.referrer,
): VisitSource {
  if (!storage) return EMPTY_SOURCE;
  try {
    const stored = parseStoredSource(storage.getItem(VISIT_SOURCE_KEY));
    if (stored) return stored;
    if (!isSourcePage(here.pathname)) return EMPTY_SOURCE;
    const source = landingSource(here, referrer);
    storage.setItem(VISIT_SOURCE_KEY, JSON.stringify(source));
    return source;
  } catch {
    return EMPTY_SOURCE;
  }
}

/** The session's recorded source; empty when none is (or storage is unavailable). */
export function readVisitSource(storage: Pick<Storage, "getItem"> | null = sessionStore()): VisitSource {
  try {
    return parseStoredSource(storage?.getItem(VISIT_SOURCE_KEY) ?? null) ?? EMPTY_SOURCE;
  } catch {
    return EMPTY_SOURCE;
  }
}

/**
 * Reports a "Request demo" click with the session's source and the page it was made on. A beacon
 * is queued by the browser and outlives the page, so the click is neither delayed nor prevented;
 * nothing here can throw into the click.
 */
export function sendDemoClick(): void {
  try {
    if (typeof navigator.sendBeacon !== "function") return;
    // A string is sent as text/plain: a simple request, no preflight.
    navigator.sendBeacon(DEMO_CLICK_ENDPOINT, JSON.stringify({ ...readVisitSource(), path: window.location.pathname }));
  } catch {
    // Counting a click is never worth an error in the visitor's way.
  }
}
