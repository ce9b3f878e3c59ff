import { WEB_VITALS, type WebVitalName } from "./analytics";

/**
 * The page-speed beacon (docs/decisions/143): what the browser sends once per hard page load and
 * what the server accepts. Pure rules, shared by the reporter and the endpoint.
 */

/** Where the browser sends it (same origin, `navigator.sendBeacon`). */
export const WEB_VITALS_ENDPOINT = "/api/analytics/vitals";

/** The performance mark the reporter sets once it listens: from then on, hiding the page sends the beacon. */
export const PAGE_SPEED_MARK = "page-speed-reporting";

/** The largest body accepted: a beacon is well under 200 bytes. */
export const VITALS_BODY_MAX_BYTES = 1024;

/** The beacon's field of each metric. */
export const VITAL_FIELDS = { LCP: "lcp", INP: "inp", CLS: "cls", TTFB: "ttfb" } as const satisfies Record<WebVitalName, string>;
export type VitalField = (typeof VITAL_FIELDS)[WebVitalName];

/** The largest believable value of each metric: ms, except CLS (a unitless score). */
export const VITAL_MAX: Record<WebVitalName, number> = { LCP: 120_000, INP: 120_000, CLS: 100, TTFB: 120_000 };

export type VitalsBeacon = { path: string } & Partial<Record<VitalField, number>>;
/** The metrics of one page view, by name. */
export type VitalValues = Partial<Record<WebVitalName, number>>;

/** The longest path a beacon may name (public paths are short). */
export const VITALS_PATH_MAX = 300;

export type ParsedBeacon =
  | { ok: true; path: string; values: VitalValues }
  | { ok: false; error: string; field?: string };

/**
 * A beacon's body, already parsed from JSON, checked: an object with the page's path and at
 * least one metric, each a finite number from 0 to its maximum. Unknown fields are ignored (a
 * newer page may send more). Whether the path is a page of the site is the server's question.
 */
export function parseVitalsBeacon(body: unknown): ParsedBeacon {
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    return { ok: false, error: "The body must be a JSON object: { path, lcp?, inp?, cls?, ttfb? }." };
  }
  const fields = body as Record<string, unknown>;
  const path = fields.path;
  if (typeof path !== "string" || !path.startsWith("/") || path.startsWith("//") || path.length > VITALS_PATH_MAX) {
    return { ok: false, field: "path", error: `path must be the page's path, starting with / (at most ${VITALS_PATH_MAX} characters).` };
  }
  const values: VitalValues = {};
  for (const name of Object.keys(VITAL_FIELDS) as WebVitalName[]) {
    const field = VITAL_FIELDS[name];
    const value = fields[field];
    if (value === undefined) continue;
    if (typeof value !== "number" || !Number.isFinite(value) || value < 0 || value > VITAL_MAX[name]) {
      const unit = WEB_VITALS[name].unit === "ms" ? "a number of milliseconds" : "a number";
      return { ok: false, field, error: `${field} must be ${unit} from 0 to ${VITAL_MAX[name]}.` };
    }
    values[name] = value;
  }
  if (Object.keys(values).length === 0) {
    return { ok: false, error: "At least one of lcp, inp, cls and ttfb is required." };
  }
  return { ok: true, path, values };
}
