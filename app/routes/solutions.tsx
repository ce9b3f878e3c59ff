import { Reveal } from "../components/layout/reveal";
import { CallToAction } from "../components/marketing/call-to-action";
import { Icon } from "../components/marketing/icon";
import { Section } from "../components/marketing/section-heading";
import { CardList } from "../components/marketing/card-list";
import { PageHeader } from "../components/ui/page-header";
import { commonCopy } from "../content/shared";
import { solutionsCopy, type SolutionSection, solutionsMeta } from "../content/solutions";
import { pageMeta, siteFromMatches } from "../lib/meta";
import type { Route } from "./+types/solutions";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteFromMatches(matches), solutionsMeta);

export default function SolutionsPage() {
  const { header, sections, more, cta } = solutionsCopy;
  return (
    <>
      <PageHeader eyebrow={header.eyebrow} title={header.title} lead={header.lead}>
        <nav aria-label={solutionsCopy.jumpLabel} className="mt-8">
          <ul className="flex flex-wrap justify-center gap-3">
            {sections.map((section) => (
              <li key={section.id}>
                <a
                  href={`#${section.id}`}
                  className="inline-flex rounded-full border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-700 hover:border-indigo-700 hover:text-indigo-700"
                >
                  {section.title}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </PageHeader>

      {sections.map((section, index) => (
        <UseCaseSection key={section.id} section={section} reversed={index % 2 === 1} />
      ))}

      <Section name="more-use-cases" eyebrow={more.eyebrow} title={more.title} lead={more.lead}>
        <CardList cards={more.items} columns="2-3" />
      </Section>

      <CallToAction title={cta.title} body={cta.body} actions={["demo", { to: "/contact", label: commonCopy.contactUs }]} />
    </>
  );
}

function UseCaseSection({ section, reversed }: { section: SolutionSection; reversed: boolean }) {
  const headingId = `${section.id}-heading`;
  return (
    <Reveal id={section.id} aria-labelledby={headingId} className="mx-auto mt-20 max-w-6xl scroll-mt-24 px-4 sm:px-6">
      <div className="grid items-center gap-10 lg:grid-cols-2">
        <div className={reversed ? "lg:order-2" : ""}>
          <span className="inline-flex h-12 w-12 items-center justify-center rounded-xl bg-indigo-50 text-indigo-700">
            <Icon name={section.icon} />
          </span>
          <p className="mt-4 text-sm font-semibold tracking-wide text-indigo-700 uppercase">{section.audience}</p>
          <h2 id={headingId} className="mt-2 text-3xl font-bold tracking-tight text-slate-900">
            {section.title}
          </h2>
          <p className="mt-4 text-lg text-slate-600">{section.body}</p>
          <ul className="mt-6 space-y-3">
            {section.outcomes.map((outcome) => (
              <li key={outcome} className="flex gap-3 text-slate-700">
                <Icon name="check" size={20} className="mt-0.5 text-emerald-700" />
                {outcome}
              </li>
            ))}
          </ul>
        </div>
        <figure className="rounded-3xl bg-indigo-50 p-6 sm:p-8">
          <figcaption className="text-sm font-semibold tracking-wide text-indigo-700 uppercase">
            {solutionsCopy.sampleLabel}
          </figcaption>
          <ol className="mt-4 space-y-3">
            {section.sample.map((line) => (
              <li key={line.text} className={`flex ${line.speaker === "learner" ? "justify-end" : ""}`}>
                <p
                  className={`max-w-[85%] rounded-2xl px-4 py-3 text-sm leading-relaxed shadow-sm ${
                    line.speaker === "learner" ? "bg-indigo-700 text-white" : "bg-white text-slate-800"
                  }`}
                >
                  <span className="sr-only">{solutionsCopy.speakers[line.speaker]}: </span>
                  {line.text}
                </p>
              </li>
            ))}
          </ol>
        </figure>
      </div>
    </Reveal>
  );
}
