/**
 * The site's own analytics (docs/decisions/141): what a visit's source is, how a device is
 * classed, which periods the dashboard reads, the Core Web Vitals thresholds and the shape of the
 * report the API and the dashboard share. Pure rules: no I/O.
 */

/** Longest value kept of a UTM parameter or a referrer host; longer ones are cut, not refused. */
export const SOURCE_VALUE_MAX = 100;
/** Longest landing path kept (public paths are short; anything longer is not one of ours). */
export const LANDING_PATH_MAX = 300;

/** Where a visit came from, as recorded once per visitor and day and with each lead. "" = none. */
export type VisitSource = {
  landing_path: string;
  /** The referring site's host; "" for direct visits (no referrer, or the site itself). */
  referrer_host: string;
  utm_source: string;
  utm_medium: string;
  utm_campaign: string;
};

export const EMPTY_SOURCE: VisitSource = { landing_path: "", referrer_host: "", utm_source: "", utm_medium: "", utm_campaign: "" };

/** Where "Request demo" clicks are reported (docs/decisions/142). */
export const DEMO_CLICK_ENDPOINT = "/api/analytics/demo-click";

/**
 * The path every not-found view is counted under: made-up addresses are the client's to invent,
 * and one row per day each would let anyone grow the tables at will.
 */
export const NOT_FOUND_PATH = "(not found)";

/** Rows of each table of the report at most (the most viewed, visited or converting first). */
export const REPORT_ROWS = 100;

/** The form and beacon fields that carry a visit's source (hidden inputs of the contact form). */
export const SOURCE_FIELDS = ["landing_path", "referrer_host", "utm_source", "utm_medium", "utm_campaign"] as const;

/** A value made safe to keep and show: no control characters, trimmed, at most `max` characters. */
export function boundedValue(value: unknown, max = SOURCE_VALUE_MAX): string {
  if (typeof value !== "string") return "";
  return value.replace(/[\u0000-\u001f\u007f]/g, "").trim().slice(0, max);
}

/** A path that may be a landing page: absolute, no scheme or host, bounded; "" otherwise. */
export function landingPath(value: unknown): string {
  const path = boundedValue(value, LANDING_PATH_MAX);
  return path.startsWith("/") && !path.startsWith("//") && !/[\s\\?#]/.test(path) ? path : "";
}

/** The referring host of a `Referer` value; "" when there is none, it is not http(s), or it is the site. */
export function referrerHost(referer: string | undefined | null, siteHost: string): string {
  if (!referer) return "";
  let url: URL;
  try {
    url = new URL(referer);
  } catch {
    return "";
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return "";
  const host = url.hostname.toLowerCase().replace(/^www\./, "");
  return host === siteHost.toLowerCase().replace(/^www\./, "") ? "" : boundedValue(host);
}

/** The UTM values of a landing request's query string ("?utm_source=…"). */
export function campaignOf(search: string): Pick<VisitSource, "utm_source" | "utm_medium" | "utm_campaign"> {
  if (!search.includes("utm_")) return { utm_source: "", utm_medium: "", utm_campaign: "" };
  const query = new URLSearchParams(search);
  return {
    utm_source: boundedValue(query.get("utm_source")),
    utm_medium: boundedValue(query.get("utm_medium")),
    utm_campaign: boundedValue(query.get("utm_campaign")),
  };
}

/**
 * The source a visit counts under (issue 44): its referrer's host or, when it came with none but
 * with a utm_source (a newsletter opened in a mail app sends no referrer), that source, so it is
 * not "Direct". "" only for a direct visit. Leads keep both fields as sent; their reports apply the
 * same rule (server/analytics/filter-clauses.server.ts).
 */
export function sourceHost(source: Pick<VisitSource, "referrer_host" | "utm_source">): string {
  return source.referrer_host || source.utm_source;
}

/** Whether a source carries any UTM value: only then does it belong to a campaign. */
export function hasCampaign(source: Pick<VisitSource, "utm_source" | "utm_medium" | "utm_campaign">): boolean {
  return source.utm_source !== "" || source.utm_medium !== "" || source.utm_campaign !== "";
}

/** A source from untrusted fields (the form's hidden inputs, a beacon): every value bounded. */
export function sourceFromFields(fields: Partial<Record<string, unknown>>): VisitSource {
  return {
    landing_path: landingPath(fields.landing_path),
    referrer_host: boundedValue(fields.referrer_host).toLowerCase(),
    utm_source: boundedValue(fields.utm_source),
    utm_medium: boundedValue(fields.utm_medium),
    utm_campaign: boundedValue(fields.utm_campaign),
  };
}

export const DEVICE_CLASSES = ["mobile", "tablet", "desktop"] as const;
export type DeviceClass = (typeof DEVICE_CLASSES)[number];

/** Mobile, tablet or desktop, from the user agent alone (no client hints: pages are cached). */
export function deviceClass(userAgent: string): DeviceClass {
  if (/iPad|Tablet|PlayBook|Silk|Kindle/i.test(userAgent)) return "tablet";
  // Android tablets leave "Mobile" out of their user agent.
  if (/Android/i.test(userAgent) && !/Mobile/i.test(userAgent)) return "tablet";
  if (/Mobi|iPhone|iPod|Android|Windows Phone|Opera Mini/i.test(userAgent)) return "mobile";
  return "desktop";
}

/** The periods offered by the dashboard, in days ending today. */
export const ANALYTICS_PERIODS = [7, 30, 90] as const;
export const DEFAULT_ANALYTICS_DAYS = 30;
/** The longest period a report covers (a from/to pair included). */
export const MAX_ANALYTICS_DAYS = 366;

export const CSV_TABLES = ["pages", "referrers", "campaigns", "vitals"] as const;
export type CsvTable = (typeof CSV_TABLES)[number];

/** A CSV export's file name, as the API sends it and the dashboard saves it: the table and the period it covers ("analytics-pages-2026-11-01-to-2026-11-30.csv"). */
export function csvFileName(table: CsvTable, period: Pick<AnalyticsReport, "from" | "to">): string {
  return `analytics-${table}-${period.from}-to-${period.to}.csv`;
}

/** A day as the analytics count it: UTC, "YYYY-MM-DD". */
export function dayOf(at: Date | number): string {
  return new Date(at).toISOString().slice(0, 10);
}

const DAY_MS = 24 * 60 * 60 * 1000;

export function addDays(day: string, days: number): string {
  return dayOf(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS);
}

export type AnalyticsPeriod = { from: string; to: string };

/** A period from the query (`days`, or `from` and `to`), or the problem with it in words. */
export function analyticsPeriod(
  query: { days?: unknown; from?: unknown; to?: unknown },
  today: string,
): { ok: true; period: AnalyticsPeriod } | { ok: false; field: "days" | "from" | "to"; error: string } {
  const isDay = (value: unknown): value is string =>
    typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value) && dayOf(Date.parse(`${value}T00:00:00Z`) || 0) === value;
  if (query.from !== undefined || query.to !== undefined) {
    if (!isDay(query.from)) return { ok: false, field: "from", error: "from must be a date written YYYY-MM-DD." };
    if (!isDay(query.to)) return { ok: false, field: "to", error: "to must be a date written YYYY-MM-DD." };
    if (query.from > query.to) return { ok: false, field: "from", error: "from must not be after to." };
    if (addDays(query.from, MAX_ANALYTICS_DAYS - 1) < query.to) {
      return { ok: false, field: "to", error: `to must be less than ${MAX_ANALYTICS_DAYS} days after from.` };
    }
    return { ok: true, period: { from: query.from, to: query.to } };
  }
  const raw = query.days ?? String(DEFAULT_ANALYTICS_DAYS);
  const days = typeof raw === "string" && /^\d{1,3}$/.test(raw) ? Number(raw) : NaN;
  if (!(days >= 1 && days <= MAX_ANALYTICS_DAYS)) {
    return { ok: false, field: "days", error: `days must be a whole number from 1 to ${MAX_ANALYTICS_DAYS}.` };
  }
  return { ok: true, period: { from: addDays(today, 1 - days), to: today } };
}

/** Every day of a period, in order. */
export function daysOf({ from, to }: AnalyticsPeriod): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}

/** The Core Web Vitals the site collects, with web.dev's thresholds (good up to the first, poor above the second). */
export const WEB_VITALS = {
  LCP: { good: 2500, poor: 4000, unit: "ms" },
  INP: { good: 200, poor: 500, unit: "ms" },
  CLS: { good: 0.1, poor: 0.25, unit: "" },
  TTFB: { good: 800, poor: 1800, unit: "ms" },
} as const;
export type WebVitalName = keyof typeof WEB_VITALS;
export const WEB_VITAL_NAMES = Object.keys(WEB_VITALS) as WebVitalName[];
export type VitalRating = "good" | "needs improvement" | "poor";

export function vitalRating(metric: WebVitalName, value: number): VitalRating {
  const { good, poor } = WEB_VITALS[metric];
  return value <= good ? "good" : value <= poor ? "needs improvement" : "poor";
}

/** The answer of `GET /api/admin/analytics`; the dashboard shows exactly these numbers. */
export type AnalyticsReport = {
  from: string;
  to: string;
  views: number;
  visitors: number;
  /** Contact messages and "Request demo" clicks of the period, whatever their landing page. */
  leads: number;
  demo_clicks: number;
  series: { day: string; views: number; visitors: number }[];
  /** `title`: the post's or edited page's at that address, `post_id` a post's, where there is one (decisions 185, 225). */
  pages: { path: string; title?: string; post_id?: string; views: number; visitors: number; leads: number; demo_clicks: number }[];
  referrers: { host: string; visitors: number }[];
  /** Referrer hosts ("" for direct visits) with their visitors and the leads credited to them. */
  sources: { host: string; visitors: number; leads: number }[];
  /** The same figures of the period of the same length just before. */
  previous: AnalyticsTotals;
  campaigns: { source: string; medium: string; campaign: string; visitors: number; leads: number; demo_clicks: number }[];
  devices: { device: DeviceClass; visitors: number }[];
  vitals: { path: string; samples: number; lcp_p75: number | null; inp_p75: number | null; cls_p75: number | null; ttfb_p75: number | null }[];
};

/**
 * What the dashboard can be narrowed to (decisions 185, 225): a page, a source ("" for direct
 * visits) and a campaign (its source, medium and name joined by newlines), each at most once, all
 * of them at once if asked (ANDed). A new filter is one kind here with its check, one clause in
 * server/analytics/filter-clauses.server.ts and one label in the dashboard's copy: the compiler
 * asks for each.
 */
export const ANALYTICS_FILTERS = ["path", "source", "campaign"] as const;
export type AnalyticsFilterKind = (typeof ANALYTICS_FILTERS)[number];
export type AnalyticsFilter = { [Kind in AnalyticsFilterKind]: { kind: Kind; value: string } }[AnalyticsFilterKind];
const CAMPAIGN_FILTER_MAX = 3 * SOURCE_VALUE_MAX + 2;

/** Each filter's check: the problem with a value in words, or nothing when it can be applied. */
const FILTER_CHECKS: { [Kind in AnalyticsFilterKind]: (value: string) => string | undefined } = {
  path: (value) =>
    (value.startsWith("/") || value === NOT_FOUND_PATH) && value.length <= LANDING_PATH_MAX
      ? undefined
      : `path must be a page's path, at most ${LANDING_PATH_MAX} characters.`,
  source: (value) => (value.length <= SOURCE_VALUE_MAX ? undefined : `source must be a host of at most ${SOURCE_VALUE_MAX} characters.`),
  campaign: (value) =>
    value !== "" && value.length <= CAMPAIGN_FILTER_MAX && value.split("\n").length === 3
      ? undefined
      : "campaign must be a campaign's source, medium and name, one per line.",
};

/**
 * The filters of the query, one per kind in the order of ANALYTICS_FILTERS (none when it names
 * none), or the problem with the first bad one in words, naming the parameter.
 */
export function analyticsFilters(
  query: Partial<Record<string, unknown>>,
): { ok: true; filters: AnalyticsFilter[] } | { ok: false; field: string; error: string } {
  // Leads and demo clicks are not kept by device: a device filter would leave them unfiltered.
  if (query.device !== undefined) return { ok: false, field: "device", error: "device cannot be a filter: leads and demo clicks are not kept by device." };
  const filters: AnalyticsFilter[] = [];
  for (const kind of ANALYTICS_FILTERS) {
    const value = query[kind];
    if (value === undefined) continue;
    if (typeof value !== "string") return { ok: false, field: kind, error: `${kind} must be given once, as text.` };
    const problem = FILTER_CHECKS[kind](value);
    if (problem) return { ok: false, field: kind, error: problem };
    filters.push({ kind, value } as AnalyticsFilter);
  }
  return { ok: true, filters };
}

/** The same number of days just before a period: what its figures are compared with. */
export function previousPeriod({ from, to }: AnalyticsPeriod): AnalyticsPeriod {
  const days = daysOf({ from, to }).length;
  return { from: addDays(from, -days), to: addDays(from, -1) };
}

/** A period's change against the one before, in whole percent; undefined when there was nothing before. */
export function changeOf(now: number, before: number): number | undefined {
  if (before === 0) return now === 0 ? 0 : undefined;
  return Math.round(((now - before) / before) * 100);
}

/** The dashboard's address; `?from=…&to=…` shows a period (the weekly email links to its week). */
export const ANALYTICS_PATH = "/admin/analytics";

/** A period's totals, as `previous` answers them. */
export type AnalyticsTotals = { from: string; to: string; views: number; visitors: number; leads: number; demo_clicks: number };

/** The answer of `GET /api/admin/posts/:id/stats` and `GET /api/admin/pages/:id/stats`, and of the editors' Performance panel (decisions 185, 226). */
export type PostStats = {
  path: string;
  from: string;
  to: string;
  views: number;
  visitors: number;
  leads: number;
  demo_clicks: number;
  previous: AnalyticsTotals;
  sources: AnalyticsReport["sources"];
  campaigns: AnalyticsReport["campaigns"];
  vitals: Omit<AnalyticsReport["vitals"][number], "path"> | null;
};
