/**
 * The frame of the admin's lists (posts, pages): a table on wide screens whose rows stack as
 * cards on a phone (`stack-table`, decision 192). The last column may be right-aligned.
 */
export function StackedListTable({ columns, alignLastRight = false, children }: { columns: readonly string[]; alignLastRight?: boolean; children: React.ReactNode }) {
  return (
    <div className="stack-table overflow-x-auto rounded-xl border border-slate-200 shadow-sm">
      <table className="min-w-full divide-y divide-slate-200 text-left text-sm">
        <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
          <tr>
            {columns.map((column, index) => (
              <th key={column} scope="col" className={alignLastRight && index === columns.length - 1 ? "px-4 py-3 text-right" : "px-4 py-3"}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 bg-white">{children}</tbody>
      </table>
    </div>
  );
}
