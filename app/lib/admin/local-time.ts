// The admin's datetime-local fields (a post's schedule, a page's publication time); apart from
// app/lib/dates.ts, which the public pages load.

/** An ISO instant as the value of a datetime-local input, in this browser's time zone. */
export function toLocalInput(iso: string | null): string {
  if (!iso) return "";
  const date = new Date(iso);
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

/** A datetime-local value (the admin's local time) as a UTC instant; "invalid" when unreadable. */
export function fromLocalInput(value: string): string {
  const date = value ? new Date(value) : undefined;
  return date && !Number.isNaN(date.getTime()) ? date.toISOString() : "invalid";
}
