import { cardStyle } from "./card-style";

/** Each tone's box, heading and lead: the heading is always the panel's h2. */
const tones = {
  /** The white card around a form (/contact). */
  card: {
    box: `${cardStyle} sm:p-8`,
    heading: "text-xl font-bold text-slate-900",
    lead: "mt-1 text-sm text-slate-600",
  },
  /** The light indigo box beside the questions (/support). */
  tinted: {
    box: "rounded-2xl bg-indigo-50 p-6",
    heading: "text-xl font-bold text-slate-900",
    lead: "mt-3 text-slate-700",
  },
  /** The indigo, centred call-out that closes an article. */
  inverse: {
    box: "surface-dark rounded-3xl bg-indigo-700 px-8 py-12 text-center text-white shadow-xl",
    heading: "text-3xl font-bold tracking-tight",
    lead: "mx-auto mt-4 max-w-2xl text-indigo-100",
  },
} as const;

/**
 * A boxed panel that opens with its h2 and a lead sentence, then holds what the page gives it.
 * The page keeps the landmark around it (`aria-labelledby={headingId}`) and its place in the layout.
 */
export function CalloutPanel({
  tone,
  headingId,
  title,
  lead,
  children,
}: {
  tone: keyof typeof tones;
  headingId: string;
  title: string;
  lead: string;
  children: React.ReactNode;
}) {
  const classes = tones[tone];
  return (
    <div className={classes.box}>
      <h2 id={headingId} className={classes.heading}>
        {title}
      </h2>
      <p className={classes.lead}>{lead}</p>
      {children}
    </div>
  );
}
