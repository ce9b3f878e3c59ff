import { useState } from "react";
import { useSearchParams } from "react-router";
import { REPORT_STATUS_LABELS, REPORT_STATUSES, SEVERITIES } from "../../../domain/vulnerability-report";
import { triageCopy } from "../../content/security-submit";

const fieldClass =
  "min-h-11 rounded-lg border border-slate-500 bg-white px-3 text-sm text-slate-900 focus:outline-2 focus:outline-offset-0 focus:outline-indigo-600";
const copy = triageCopy.filters;

/** The triage list's search, status, severity and order, kept in the address (so they can be shared). */
export function ReportFilters() {
  const [params, setParams] = useSearchParams();
  const [text, setText] = useState(params.get("q") ?? "");

  /** Any change starts again at the first page. */
  function set(name: string, value: string) {
    const next = new URLSearchParams(params);
    next.delete("page");
    if (value) next.set(name, value);
    else next.delete(name);
    setParams(next);
  }

  return (
    <div className="mt-6 flex flex-wrap items-end gap-3">
      <form
        role="search"
        className="flex min-w-0 flex-1 basis-64 items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          set("q", text.trim());
        }}
      >
        <label className="flex min-w-0 flex-1 flex-col gap-1 text-sm font-medium text-slate-800">
          {copy.search}
          <input type="search" value={text} maxLength={200} onChange={(event) => setText(event.target.value)} className={`${fieldClass} w-full`} />
        </label>
        <button
          type="submit"
          className="inline-flex min-h-11 items-center rounded-lg border border-slate-400 bg-white px-4 text-sm font-semibold text-slate-800 hover:bg-slate-50"
        >
          {copy.searchButton}
        </button>
      </form>
      <label className="flex flex-col gap-1 text-sm font-medium text-slate-800">
        {copy.status}
        <select value={params.get("status") ?? ""} onChange={(event) => set("status", event.target.value)} className={fieldClass}>
          <option value="">{copy.any}</option>
          {REPORT_STATUSES.map((status) => (
            <option key={status} value={status}>
              {REPORT_STATUS_LABELS[status]}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-1 text-sm font-medium text-slate-800">
        {copy.severity}
        <select value={params.get("severity") ?? ""} onChange={(event) => set("severity", event.target.value)} className={fieldClass}>
          <option value="">{copy.any}</option>
          {SEVERITIES.map((severity) => (
            <option key={severity} value={severity}>
              {severity}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-1 text-sm font-medium text-slate-800">
        {copy.sort}
        <select value={params.get("sort") ?? "newest"} onChange={(event) => set("sort", event.target.value === "newest" ? "" : event.target.value)} className={fieldClass}>
          <option value="newest">{copy.newest}</option>
          <option value="oldest">{copy.oldest}</option>
        </select>
      </label>
    </div>
  );
}
