const postDate = new Intl.DateTimeFormat("en-US", {
  year: "numeric",
  month: "long",
  day: "numeric",
  // The same day on the server and in every visitor's browser, so hydration matches.
  timeZone: "UTC",
});

/** "November 21, 2026" for an ISO timestamp. */
export function formatPostDate(iso: string): string {
  return postDate.format(new Date(iso));
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
