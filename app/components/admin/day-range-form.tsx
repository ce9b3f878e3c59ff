import { inboxButtonClass } from "./inbox-filters";

export type DayRangeCopy = { rangeLegend: string; from: string; to: string; show: string; dayFormat: string };
export type DayRangeErrors = { from?: string; to?: string; other?: string };

/**
 * The "from / to" form of an admin report's period (analytics, disclosure metrics): two days typed
 * as text, kept as typed, each with the API's message about it; `onShow` goes to the range.
 */
export function DayRangeForm({
  id,
  from,
  to,
  onFromChange,
  onToChange,
  onShow,
  errors,
  copy,
}: {
  id: string;
  from: string;
  to: string;
  onFromChange: (value: string) => void;
  onToChange: (value: string) => void;
  onShow: () => void;
  errors: DayRangeErrors | undefined;
  copy: DayRangeCopy;
}) {
  return (
    <form
      noValidate
      className="min-w-0"
      onSubmit={(event) => {
        event.preventDefault();
        onShow();
      }}
    >
      <fieldset className="flex flex-wrap items-start gap-3">
        <legend className="sr-only">{copy.rangeLegend}</legend>
        <DayField id={`${id}-from`} label={copy.from} hint={copy.dayFormat} value={from} onChange={onFromChange} error={errors?.from} />
        <DayField id={`${id}-to`} label={copy.to} hint={copy.dayFormat} value={to} onChange={onToChange} error={errors?.to} />
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
 * A day typed as text (YYYY-MM-DD, the API's own format): what was typed stays as typed, and the
 * API's message about it shows under it. A native date picker would hide a half-typed value.
 */
function DayField({
  id,
  label,
  hint,
  value,
  onChange,
  error,
}: {
  id: string;
  label: string;
  hint: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
}) {
  const describedBy = error ? `${id}-hint ${id}-error` : `${id}-hint`;
  return (
    <div className="flex w-32 flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        id={id}
        type="text"
        value={value}
        autoComplete="off"
        spellCheck={false}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={`min-h-11 w-full rounded-lg border bg-white px-3 text-sm text-slate-900 ${error ? "border-red-700" : "border-slate-500"}`}
      />
      <p id={`${id}-hint`} className="text-xs text-slate-600">
        {hint}
      </p>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
