import { formatPostDate } from "../dates";

/*
 * A dashboard's period and how its days and figures read: shared by the analytics dashboard and
 * the disclosure metrics, which both take their period from the address.
 */

/**
 * A dashboard's period as the address holds it: `?days=N`, or `?from=…&to=…` (taken as typed,
 * empty included, so the API names what is wrong and the form keeps it). The API, not the page,
 * decides whether a period is valid: the server's "today" is the one that counts.
 */
export type PeriodChoice = { kind: "days"; days: string } | { kind: "range"; from: string; to: string };

export function periodFromAddress(params: URLSearchParams): PeriodChoice {
  if (params.has("from") || params.has("to")) {
    return { kind: "range", from: params.get("from") ?? "", to: params.get("to") ?? "" };
  }
  return { kind: "days", days: params.get("days") ?? "" };
}

/** The query the API is asked with; an address without a period asks for the API's default. */
export function periodQuery(choice: PeriodChoice): URLSearchParams {
  if (choice.kind === "range") return new URLSearchParams({ from: choice.from, to: choice.to });
  return new URLSearchParams(choice.days ? { days: choice.days } : {});
}

/** A period the API refused (400), by the field it names; else under the period's own field. */
export type PeriodErrors = { days?: string; from?: string; to?: string; other?: string };

/** The API's refusal of a period, by the field it names (`fields`, else the period's own field). */
export function periodErrors(
  period: PeriodChoice,
  failure: { error?: string; fields?: Record<string, string> },
  fallback: string,
): PeriodErrors {
  const fields = failure.fields ?? {};
  const errors: PeriodErrors = { days: fields.days, from: fields.from, to: fields.to };
  if (!errors.days && !errors.from && !errors.to) {
    const message = failure.error ?? fallback;
    if (period.kind === "days") errors.days = message;
    else errors.other = message;
  }
  return errors;
}

/** "November 24, 2026" for "2026-11-24": a report's first or last day. */
export function longDay(day: string): string {
  return formatPostDate(`${day}T00:00:00Z`);
}

const numberFormat = new Intl.NumberFormat("en-US", { maximumFractionDigits: 20 });

/** A number exactly as the API gives it, grouped by thousands for reading ("12,345", "0.12"). */
export function formatNumber(value: number): string {
  return numberFormat.format(value);
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** "Nov 24" for "2026-11-24": the analytics' days are UTC dates, shown as they are. */
export function shortDay(day: string): string {
  const [, month, date] = day.split("-");
  return `${MONTHS[Number(month) - 1] ?? month} ${Number(date)}`;
}
