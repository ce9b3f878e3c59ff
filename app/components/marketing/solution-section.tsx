import { Reveal } from "../layout/reveal";
import { Icon, type IconName } from "./icon";

export type SolutionSectionContent = {
  anchor?: string;
  icon?: IconName;
  audience?: string;
  title: string;
  body: string;
  outcomes: readonly string[];
  sample: readonly { speaker: "coach" | "learner"; text: string }[];
};

/**
 * One use case as a section of /solutions: its icon, audience, title (an h2), text and
 * check-marked outcomes, beside a sample exchange in which each line's speaker is read out.
 */
export function SolutionSection({
  section,
  reversed,
  sampleLabel,
  speakers,
  headingId,
}: {
  section: SolutionSectionContent;
  reversed: boolean;
  sampleLabel: string;
  speakers: { coach: string; learner: string };
  headingId: string;
}) {
  return (
    <Reveal id={section.anchor || undefined} aria-labelledby={headingId} className="mx-auto mt-20 max-w-6xl scroll-mt-24 px-4 sm:px-6">
      <div className="grid items-center gap-10 lg:grid-cols-2">
        <div className={reversed ? "lg:order-2" : ""}>
          {section.icon ? (
            <span className="inline-flex h-12 w-12 items-center justify-center rounded-xl bg-indigo-50 text-indigo-700">
              <Icon name={section.icon} />
            </span>
          ) : null}
          {section.audience ? <p className="mt-4 text-sm font-semibold tracking-wide text-indigo-700 uppercase">{section.audience}</p> : null}
          <h2 id={headingId} className="mt-2 text-3xl font-bold tracking-tight text-slate-900">
            {section.title}
          </h2>
          <p className="mt-4 text-lg text-slate-600">{section.body}</p>
          {section.outcomes.length > 0 ? (
            <ul className="mt-6 space-y-3">
              {section.outcomes.map((outcome) => (
                <li key={outcome} className="flex gap-3 text-slate-700">
                  <Icon name="check" size={20} className="mt-0.5 text-emerald-700" />
                  {outcome}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
        {section.sample.length > 0 ? (
          <figure className="rounded-3xl bg-indigo-50 p-6 sm:p-8">
            {sampleLabel ? <figcaption className="text-sm font-semibold tracking-wide text-indigo-700 uppercase">{sampleLabel}</figcaption> : null}
            <ol className="mt-4 space-y-3">
              {section.sample.map((line) => (
                <li key={line.text} className={`flex ${line.speaker === "learner" ? "justify-end" : ""}`}>
                  <p
                    className={`max-w-[85%] rounded-2xl px-4 py-3 text-sm leading-relaxed shadow-sm ${
                      line.speaker === "learner" ? "bg-indigo-700 text-white" : "bg-white text-slate-800"
                    }`}
                  >
                    <span className="sr-only">{speakers[line.speaker]}: </span>
                    {line.text}
                  </p>
                </li>
              ))}
            </ol>
          </figure>
        ) : null}
      </div>
    </Reveal>
  );
}
