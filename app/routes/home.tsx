import { Reveal } from "../components/layout/reveal";
import { CallToAction } from "../components/marketing/call-to-action";
import { Icon } from "../components/marketing/icon";
import { Illustration } from "../components/marketing/illustration";
import { Section, SectionHeading } from "../components/marketing/section-heading";
import { UseCaseSection } from "../components/marketing/use-case-section";
import { CardList } from "../components/marketing/card-list";
import { buttonStyles } from "../components/ui/button-styles";
import { cardStyle } from "../components/ui/card-style";
import { DemoLink } from "../components/ui/demo-link";
import { homeCopy, homeMeta } from "../content/home";
import { commonCopy } from "../content/shared";
import { pageMeta, siteFromMatches } from "../lib/meta";
import type { Route } from "./+types/home";
import { SiteLink } from "../components/ui/site-link";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteFromMatches(matches), homeMeta);

export default function HomePage() {
  const { hero, problem, approach, contact } = homeCopy;
  return (
    <>
      <section className="overflow-hidden bg-gradient-to-b from-indigo-50 to-white">
        <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 pt-12 pb-16 sm:px-6 md:grid-cols-2 md:pt-20 md:pb-24">
          <div>
            <p className="text-sm font-semibold tracking-wide text-indigo-700 uppercase">{hero.eyebrow}</p>
            <h1 className="mt-3 text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl">
              {hero.title}
            </h1>
            <p className="mt-6 text-lg text-slate-600">{hero.lead}</p>
            <div className="mt-8 flex flex-col gap-4 sm:flex-row">
              <DemoLink className={buttonStyles.primary}>{commonCopy.requestDemo}</DemoLink>
              <SiteLink to="/how-it-works" className={buttonStyles.secondary}>
                {commonCopy.seeHowItWorks}
              </SiteLink>
            </div>
            <ul className="mt-8 flex flex-wrap gap-x-6 gap-y-2 text-sm font-medium text-slate-700">
              {hero.highlights.map((highlight) => (
                <li key={highlight} className="flex items-center gap-2">
                  <Icon name="check" size={18} className="text-emerald-700" />
                  {highlight}
                </li>
              ))}
            </ul>
          </div>
          <Illustration name="HeroIllustration" className="mx-auto h-auto w-full max-w-xl" />
        </div>
      </section>

      <Reveal aria-labelledby="problem-heading" className="mx-auto mt-8 max-w-6xl px-4 sm:px-6">
        <div className="grid items-center gap-12 lg:grid-cols-2">
          <div>
            <SectionHeading id="problem-heading" eyebrow={problem.eyebrow} title={problem.title} align="left" />
            <p className="mt-6 flex items-baseline gap-3">
              <span className="text-6xl font-extrabold tracking-tight text-indigo-700">{problem.statistic}</span>{" "}
              <span className="text-xl font-semibold text-slate-900">{problem.statisticLabel}</span>
            </p>
            <p className="mt-4 text-lg text-slate-600">{problem.body}</p>
          </div>
          <Illustration name="ForgettingCurveFigure" />
        </div>
        <CardList cards={problem.points} />
      </Reveal>

      <Section name="approach" eyebrow={approach.eyebrow} title={approach.title} lead={approach.lead}>
        <ol className="mt-12 grid gap-6 md:grid-cols-3">
          {approach.steps.map((step, index) => (
            <li key={step.title} className={cardStyle}>
              <span className="inline-flex h-9 w-9 items-center justify-center rounded-full bg-indigo-700 font-bold text-white">
                {index + 1}
              </span>
              <h3 className="mt-4 text-lg font-semibold text-slate-900">{step.title}</h3>
              <p className="mt-2 text-slate-600">{step.text}</p>
            </li>
          ))}
        </ol>
        <p className="mt-10 text-center">
          <SiteLink to="/how-it-works" className={buttonStyles.secondary}>
            {commonCopy.seeHowItWorks}
          </SiteLink>
        </p>
      </Section>

      <UseCaseSection heading={homeCopy.useCases} />

      <CallToAction id="contact" title={contact.title} body={contact.body} actions={[{ to: "/contact", label: commonCopy.contactUs }, "demo"]} />
    </>
  );
}
