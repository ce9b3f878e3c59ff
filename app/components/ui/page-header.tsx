/** The heading block at the top of a content page. */
export function PageHeader({
  eyebrow,
  title,
  lead,
  children,
}: {
  eyebrow?: string;
  title: string;
  lead?: React.ReactNode;
  children?: React.ReactNode;
}) {
  return (
    <header className="bg-gradient-to-b from-indigo-50 to-white">
      <div className="mx-auto max-w-4xl px-4 py-16 text-center sm:px-6 sm:py-24">
        {eyebrow ? (
          <p className="text-sm font-semibold tracking-wide text-indigo-700 uppercase">{eyebrow}</p>
        ) : null}
        <h1 className="mt-2 text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl">
          {title}
        </h1>
        {lead ? <p className="mx-auto mt-6 max-w-2xl text-lg text-slate-600">{lead}</p> : null}
        {children}
      </div>
    </header>
  );
}
