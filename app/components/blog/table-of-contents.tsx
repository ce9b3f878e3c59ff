import { readerCopy } from "../../content/blog";

export type TocEntry = { id: string; text: string; level: 2 | 3 };

function TocList({ entries }: { entries: TocEntry[] }) {
  return (
    <ol className="mt-3 space-y-1 text-sm">
      {entries.map((entry) => (
        <li key={entry.id} className={entry.level === 3 ? "pl-4" : undefined}>
          <a href={`#${entry.id}`} className="inline-block py-1 text-slate-700 hover:text-indigo-700">
            {entry.text}
          </a>
        </li>
      ))}
    </ol>
  );
}

/**
 * "On this page" (docs/decisions/159-table-of-contents.md): on phones a collapsible block above the
 * body, on wide screens a sticky column beside it. Plain links to the headings' ids, no script.
 */
export function TableOfContents({ entries }: { entries: TocEntry[] }) {
  if (entries.length === 0) return null;
  return (
    <>
      <details className="mt-10 rounded-xl border border-slate-200 bg-slate-50 px-5 py-3 xl:hidden">
        <summary className="min-h-11 cursor-pointer py-2 font-semibold text-slate-900">{readerCopy.tocHeading}</summary>
        <nav aria-label={readerCopy.tocHeading}>
          <TocList entries={entries} />
        </nav>
      </details>
      <aside className="absolute top-0 left-[calc(100%+1.5rem)] hidden h-full w-52 xl:block">
        <nav aria-label={readerCopy.tocHeading} className="sticky top-24 max-h-[calc(100vh-8rem)] overflow-y-auto">
          <p className="font-semibold text-slate-900">{readerCopy.tocHeading}</p>
          <TocList entries={entries} />
        </nav>
      </aside>
    </>
  );
}
