import type { ReactNode } from "react";

const looks = {
  card: { section: "rounded-2xl border border-slate-200 bg-white p-6 shadow-sm", title: "text-xl font-semibold text-slate-900" },
  plain: { section: "rounded-2xl border border-slate-200 p-6", title: "text-lg font-semibold text-slate-900" },
} as const;

/** One part of the reporter's case page: a titled card, with an optional lead under the title. */
export function CasePanel({
  id,
  title,
  lead,
  look = "card",
  children,
}: {
  id: string;
  title: string;
  lead?: string;
  look?: keyof typeof looks;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={looks[look].section}>
      <h2 id={id} className={looks[look].title}>
        {title}
      </h2>
      {lead ? <p className="mt-2 text-slate-700">{lead}</p> : null}
      {children}
    </section>
  );
}
