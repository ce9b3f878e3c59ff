import { Reveal } from "../layout/reveal";

/** The eyebrow, h2 and lead that open a section of a marketing page. */
export function SectionHeading({
  id,
  eyebrow,
  title,
  lead,
  align = "center",
}: {
  id?: string;
  eyebrow?: string;
  title: string;
  lead?: React.ReactNode;
  align?: "center" | "left";
}) {
  const alignment = align === "center" ? "mx-auto text-center" : "";
  return (
    <div className={`max-w-3xl ${alignment}`}>
      {eyebrow ? (
        <p className="text-sm font-semibold tracking-wide text-indigo-700 uppercase">{eyebrow}</p>
      ) : null}
      <h2 id={id} className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
        {title}
      </h2>
      {lead ? <p className="mt-4 text-lg text-slate-600">{lead}</p> : null}
    </div>
  );
}

/** A section of a marketing page that reveals as it scrolls in, opened and named by its heading. */
export function Section({
  name,
  first = false,
  narrow = false,
  children,
  ...heading
}: Omit<React.ComponentProps<typeof SectionHeading>, "id"> & {
  /** The heading's id is `${name}-heading`. */
  name: string;
  /** The page's first section sits right under the page header. */
  first?: boolean;
  narrow?: boolean;
  children: React.ReactNode;
}) {
  const headingId = `${name}-heading`;
  return (
    <Reveal
      aria-labelledby={headingId}
      className={`mx-auto ${first ? "" : "mt-24 "}${narrow ? "max-w-3xl" : "max-w-6xl"} px-4 sm:px-6`}
    >
      <SectionHeading id={headingId} {...heading} />
      {children}
    </Reveal>
  );
}
