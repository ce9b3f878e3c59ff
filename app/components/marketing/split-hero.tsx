import { Icon } from "./icon";

/**
 * The home page's hero: eyebrow, the page's h1, lead, buttons and highlights beside a picture.
 * Also an edited page's "feature" hero.
 */
export function SplitHero({
  eyebrow,
  title,
  lead,
  actions,
  highlights,
  picture,
}: {
  eyebrow?: string;
  title: string;
  lead?: string;
  /** The buttons, in a row from the sm breakpoint. */
  actions?: React.ReactNode;
  highlights: readonly string[];
  picture?: React.ReactNode;
}) {
  return (
    <section className="overflow-hidden bg-gradient-to-b from-indigo-50 to-white">
      <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 pt-12 pb-16 sm:px-6 md:grid-cols-2 md:pt-20 md:pb-24">
        <div>
          {eyebrow ? <p className="text-sm font-semibold tracking-wide text-indigo-700 uppercase">{eyebrow}</p> : null}
          <h1 className="mt-3 text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl">
            {title}
          </h1>
          {lead ? <p className="mt-6 text-lg text-slate-600">{lead}</p> : null}
          {actions ? <div className="mt-8 flex flex-col gap-4 sm:flex-row">{actions}</div> : null}
          {highlights.length > 0 ? (
            <ul className="mt-8 flex flex-wrap gap-x-6 gap-y-2 text-sm font-medium text-slate-700">
              {highlights.map((highlight) => (
                <li key={highlight} className="flex items-center gap-2">
                  <Icon name="check" size={18} className="text-emerald-700" />
                  {highlight}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
        {picture}
      </div>
    </section>
  );
}
