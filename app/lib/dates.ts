const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/**
 * "November 21, 2026" for an ISO timestamp: the day in UTC, so that the server and every
 * visitor's browser show the same day and hydration matches. Written out rather than through
 * Intl.DateTimeFormat, which cost more than the rest of the article's header to render.
 */
export function formatPostDate(iso: string): string {
  const date = new Date(iso);
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}

const relative = new Intl.RelativeTimeFormat(undefined, { numeric: "auto" });
const STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["second", 60],
  ["minute", 60],
  ["hour", 24],
  ["day", 7],
];

/**
 * The admin's one date format: absolute, in the viewer's locale and time zone ('23 Nov 2026,
 * 12:30' or '11/23/2026, 12:30 PM'). Admin screens render in the browser only, so the server's
 * locale never shows.
 */
export function formatAdminDate(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
}

/** '5 minutes ago', 'yesterday'; undefined past a week, where the absolute date says more. */
export function formatRelative(iso: string, now = Date.now()): string | undefined {
  let amount = (Date.parse(iso) - now) / 1000;
  for (const [unit, size] of STEPS) {
    if (Math.abs(amount) < size) return relative.format(Math.round(amount), unit);
    amount /= size;
  }
  return undefined;
}
