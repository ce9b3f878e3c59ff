import { useState } from "react";
import { useNavigate } from "react-router";
import type { PeriodChoice, PeriodErrors } from "../../lib/admin/period";
import { inboxButtonClass } from "./inbox-filters";

export type DayRangeCopy = { rangeLegend: string; from: string; to: string; show: string; dayFormat: string };

/**
 * The "from / to" form of an admin report's period (analytics, disclosure metrics): two days, kept
 * as given, each with the API's message about it; "Show" goes to `rangeHref`. The fields follow the
 * address (a period link, Back) without remounting, so focus stays put. `picker`: native date
 * inputs (decision 225); without it the days are typed as text.
 */
export function DayRangeForm({
  id,
  address,
  period,
  rangeHref,
  errors,
  copy,
  picker = false,
}: {
  id: string;
  /** The page's query string: a new one resets the fields to its period. */
  address: string;
  period: PeriodChoice;
  rangeHref: (from: string, to: string) => string;
  errors: PeriodErrors | undefined;
  copy: DayRangeCopy;
  picker?: boolean;
}) {
  const navigate = useNavigate();
  const [from, setFrom] = useState(period.kind === "range" ? period.from : "");
  const [to, setTo] = useState(period.kind === "range" ? period.to : "");
  const [shown, setShown] = useState(address);
  if (shown !== address) {
    setShown(address);
    setFrom(period.kind === "range" ? period.from : "");
    setTo(period.kind === "range" ? period.to : "");
  }
  return (
    <form
      noValidate
      className="min-w-0"
      onSubmit={(event) => {
        event.preventDefault();
        void navigate(rangeHref(from, to));
      }}
    >
      <fieldset className="flex flex-wrap items-start gap-3">
        <legend className="sr-only">{copy.rangeLegend}</legend>
        <DayField id={`${id}-from`} label={copy.from} hint={copy.dayFormat} value={from} onChange={setFrom} error={errors?.from} picker={picker} />
        <DayField id={`${id}-to`} label={copy.to} hint={copy.dayFormat} value={to} onChange={setTo} error={errors?.to} picker={picker} />
        <button type="submit" className={`${inboxButtonClass} mt-6`}>
          {copy.show}
        </button>
      </fieldset>
      {errors?.other ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {errors.other}
        </p>
      ) : null}
    </form>
  );
}

/**
 * A day typed as text (YYYY-MM-DD, the API's own format), or picked in a native date input (whose
 * value is that same format): what was given stays, and the API's message about it shows under it.
 */
function DayField({
  id,
  label,
  hint,
  value,
  onChange,
  error,
  picker,
}: {
  id: string;
  label: string;
  hint: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  picker: boolean;
}) {
  // A date input shows the day in the browser's own format: the YYYY-MM-DD hint is for typing only.
  const describedBy = [picker ? "" : `${id}-hint`, error ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined;
  return (
    <div className={`flex flex-col gap-1 ${picker ? "w-44" : "w-32"}`}>
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        id={id}
        type={picker ? "date" : "text"}
        value={value}
        autoComplete="off"
        spellCheck={false}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={`min-h-11 w-full rounded-lg border bg-white px-3 text-sm text-slate-900 ${error ? "border-red-700" : "border-slate-500"}`}
      />
      {picker ? null : (
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          {hint}
        </p>
      )}
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
