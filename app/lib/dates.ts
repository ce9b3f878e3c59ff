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
