/** '21 Nov 2026, 10:00' in the reader's time zone; for screens rendered in the browser only. */
export function formatDateTime(iso: string): string {
  return new Date(iso).toLocaleString("en-GB", { dateStyle: "medium", timeStyle: "short" });
}
