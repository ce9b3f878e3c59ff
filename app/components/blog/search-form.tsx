import { SEARCH_PATH, SEARCH_QUERY_MAX_CHARS } from "../../../domain/search-box";
import { readerCopy } from "../../content/blog";

/**
 * The blog's search box: a plain GET form, so it works before (and without) any JavaScript; the
 * result page is server-rendered (docs/decisions/156-post-search.md).
 */
export function SearchForm({ query = "", id, className = "" }: { query?: string; id: string; className?: string }) {
  return (
    <form role="search" action={SEARCH_PATH} method="get" className={`flex w-full max-w-md gap-2 ${className}`}>
      <label htmlFor={id} className="sr-only">
        {readerCopy.searchLabel}
      </label>
      <input
        id={id}
        type="search"
        name="q"
        defaultValue={query}
        maxLength={SEARCH_QUERY_MAX_CHARS}
        placeholder={readerCopy.searchPlaceholder}
        className="min-h-11 w-full min-w-0 flex-1 rounded-full border border-slate-300 bg-white px-4 text-base text-slate-900 placeholder:text-slate-500"
      />
      <button
        type="submit"
        className="min-h-11 rounded-full bg-indigo-700 px-5 text-sm font-semibold text-white hover:bg-indigo-800"
      >
        {readerCopy.searchButton}
      </button>
    </form>
  );
}
