import { useEffect, useState, type ReactNode } from "react";
import { INBOX_MAX_QUERY_LENGTH } from "../../../domain/contact-inbox";

/** The inboxes' fields and buttons (contact messages and security reports look alike). */
const inboxFieldClass =
  "min-h-11 rounded-lg border border-slate-500 bg-white px-3 text-sm text-slate-900 focus:outline-2 focus:outline-offset-0 focus:outline-indigo-600";
export const inboxButtonClass =
  "inline-flex min-h-11 items-center rounded-lg border border-slate-400 bg-white px-4 text-sm font-semibold text-slate-800 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-60";

/** The row that holds an inbox's search, filters and actions. */
export function InboxFilterBar({ children }: { children: ReactNode }) {
  return <div className="mt-6 flex flex-wrap items-end gap-3">{children}</div>;
}

/** An inbox's text search: typing changes nothing until the search is sent (Enter or the button). */
export function InboxSearch({
  label,
  button,
  initial = "",
  onSearch,
}: {
  label: string;
  button: string;
  initial?: string;
  onSearch: (text: string) => void;
}) {
  const [text, setText] = useState(initial);
  return (
    <form
      role="search"
      className="flex min-w-0 flex-1 basis-64 items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(text.trim());
      }}
    >
      <label className="flex min-w-0 flex-1 flex-col gap-1 text-sm font-medium text-slate-800">
        {label}
        <input type="search" value={text} maxLength={INBOX_MAX_QUERY_LENGTH} onChange={(event) => setText(event.target.value)} className={`${inboxFieldClass} w-full`} />
      </label>
      <button type="submit" className={inboxButtonClass}>
        {button}
      </button>
    </form>
  );
}

/** A labelled choice of an inbox (status, severity, order...). */
export function InboxSelect<T extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: T;
  options: readonly { value: T; label: string }[];
  onChange: (value: T) => void;
}) {
  return (
    <label className="flex flex-col gap-1 text-sm font-medium text-slate-800">
      {label}
      <select value={value} onChange={(event) => onChange(event.target.value as T)} className={inboxFieldClass}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  );
}

/**
 * An on-or-off filter of an inbox ("Assigned to me"), as tall as the selects beside it. It shows
 * the click at once, while the address it changes catches up.
 */
export function InboxCheckbox({ label, checked, onChange }: { label: string; checked: boolean; onChange: (checked: boolean) => void }) {
  const [on, setOn] = useState(checked);
  useEffect(() => setOn(checked), [checked]);
  return (
    <label className="flex min-h-11 items-center gap-2 text-sm font-medium text-slate-800">
      <input
        type="checkbox"
        checked={on}
        onChange={(event) => {
          setOn(event.target.checked);
          onChange(event.target.checked);
        }}
        className="size-5 accent-indigo-700"
      />
      {label}
    </label>
  );
}

/** An inbox's previous and next pages, with where the reader is. Nothing when one page holds all. */
export function InboxPager({
  page,
  pageCount,
  labels,
  onPage,
}: {
  page: number;
  pageCount: number;
  labels: { navigation: string; previous: string; next: string; pageOf: (page: number, pages: number) => string };
  onPage: (page: number) => void;
}) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={labels.navigation} className="mt-8 flex items-center justify-between gap-4">
      <button type="button" disabled={page <= 1} onClick={() => onPage(page - 1)} className={inboxButtonClass}>
        {labels.previous}
      </button>
      <span className="text-sm text-slate-700">{labels.pageOf(page, pageCount)}</span>
      <button type="button" disabled={page >= pageCount} onClick={() => onPage(page + 1)} className={inboxButtonClass}>
        {labels.next}
      </button>
    </nav>
  );
}
