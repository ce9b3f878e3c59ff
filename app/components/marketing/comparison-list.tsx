import { cardStyle } from "../ui/card-style";

/** One row compared: its name, an optional question it answers, and one value per column. */
export type ComparisonRow = { label: string; question?: string; values: readonly string[] };

const columnClasses: Record<number, string> = {
  2: "md:grid-cols-2",
  3: "md:grid-cols-3",
  4: "md:grid-cols-2 lg:grid-cols-4",
};

/**
 * Rows compared across two to four columns, each row a numbered card ("Level 1") whose last
 * column is highlighted (the Kirkpatrick levels on /science), then an optional closing statement.
 */
export function ComparisonList({
  rowLabel,
  columns,
  rows,
  statement,
  statementDetail,
}: {
  rowLabel: string;
  columns: readonly string[];
  rows: readonly ComparisonRow[];
  statement?: string;
  statementDetail?: string;
}) {
  const last = columns.length - 1;
  return (
    <>
      <ol className="mt-12 space-y-6">
        {rows.map((row, index) => (
          <li key={row.label} className={`${cardStyle} sm:p-8`}>
            <div className="flex flex-col gap-2 sm:flex-row sm:items-baseline sm:gap-4">
              <p className="text-sm font-semibold tracking-wide text-indigo-700 uppercase">
                {rowLabel} {index + 1}
              </p>
              <h3 className="text-2xl font-bold text-slate-900">{row.label}</h3>
            </div>
            {row.question ? <p className="mt-2 text-slate-600">{row.question}</p> : null}
            <dl className={`mt-6 grid gap-4 ${columnClasses[columns.length] ?? columnClasses[2]}`}>
              {columns.map((column, columnIndex) =>
                columnIndex === last ? (
                  <div key={column} className="rounded-xl bg-indigo-50 p-5 ring-1 ring-indigo-100">
                    <dt className="text-sm font-semibold text-indigo-700">{column}</dt>
                    <dd className="mt-2 text-slate-800">{row.values[columnIndex]}</dd>
                  </div>
                ) : (
                  <div key={column} className="rounded-xl bg-slate-50 p-5">
                    <dt className="text-sm font-semibold text-slate-700">{column}</dt>
                    <dd className="mt-2 text-slate-600">{row.values[columnIndex]}</dd>
                  </div>
                ),
              )}
            </dl>
          </li>
        ))}
      </ol>
      {statement || statementDetail ? (
        <div className="mx-auto mt-12 max-w-3xl text-center">
          {statement ? <p className="text-2xl font-bold tracking-tight text-indigo-700 sm:text-3xl">{statement}</p> : null}
          {statementDetail ? <p className="mt-3 text-lg text-slate-600">{statementDetail}</p> : null}
        </div>
      ) : null}
    </>
  );
}
