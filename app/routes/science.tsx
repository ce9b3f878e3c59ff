import { Reveal } from "../components/layout/reveal";
import { CallToAction } from "../components/marketing/call-to-action";
import { Illustration } from "../components/marketing/illustration";
import { Section, SectionHeading } from "../components/marketing/section-heading";
import { CardList } from "../components/marketing/card-list";
import { cardStyle } from "../components/ui/card-style";
import { PageHeader } from "../components/ui/page-header";
import { scienceCopy, scienceMeta } from "../content/science";
import { commonCopy } from "../content/shared";
import { pageMeta, siteFromMatches } from "../lib/meta";
import type { Route } from "./+types/science";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteFromMatches(matches), scienceMeta);

export default function SciencePage() {
  const { header, learningScience, kirkpatrick, cta } = scienceCopy;
  return (
    <>
      <PageHeader eyebrow={header.eyebrow} title={header.title} lead={header.lead} />

      <Reveal aria-labelledby="learning-science-heading" className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="grid items-center gap-12 lg:grid-cols-2">
          <SectionHeading
            id="learning-science-heading"
            eyebrow={learningScience.eyebrow}
            title={learningScience.title}
            lead={learningScience.lead}
            align="left"
          />
          <Illustration name="ForgettingCurveFigure" />
        </div>
        <CardList cards={learningScience.principles} columns="2-4" />
      </Reveal>

      <Section name="kirkpatrick" eyebrow={kirkpatrick.eyebrow} title={kirkpatrick.title} lead={kirkpatrick.lead}>
        <ol className="mt-12 space-y-6">
          {kirkpatrick.levels.map((level, index) => (
            <li key={level.name} className={`${cardStyle} sm:p-8`}>
              <div className="flex flex-col gap-2 sm:flex-row sm:items-baseline sm:gap-4">
                <p className="text-sm font-semibold tracking-wide text-indigo-700 uppercase">
                  {kirkpatrick.levelLabel} {index + 1}
                </p>
                <h3 className="text-2xl font-bold text-slate-900">{level.name}</h3>
              </div>
              <p className="mt-2 text-slate-600">{level.question}</p>
              <dl className="mt-6 grid gap-4 md:grid-cols-2">
                <div className="rounded-xl bg-slate-50 p-5">
                  <dt className="text-sm font-semibold text-slate-700">{kirkpatrick.traditionalLabel}</dt>
                  <dd className="mt-2 text-slate-600">{level.traditional}</dd>
                </div>
                <div className="rounded-xl bg-indigo-50 p-5 ring-1 ring-indigo-100">
                  <dt className="text-sm font-semibold text-indigo-700">{kirkpatrick.withDialogicLabel}</dt>
                  <dd className="mt-2 text-slate-800">{level.withDialogic}</dd>
                </div>
              </dl>
            </li>
          ))}
        </ol>
        <div className="mx-auto mt-12 max-w-3xl text-center">
          <p className="text-2xl font-bold tracking-tight text-indigo-700 sm:text-3xl">{kirkpatrick.statement}</p>
          <p className="mt-3 text-lg text-slate-600">{kirkpatrick.statementDetail}</p>
        </div>
      </Section>

      <CallToAction title={cta.title} body={cta.body} actions={["demo", { to: "/how-it-works", label: commonCopy.seeHowItWorks }]} />
    </>
  );
}
