import { Reveal } from "../components/layout/reveal";
import { CallToAction } from "../components/marketing/call-to-action";
import { Icon } from "../components/marketing/icon";
import { UseCaseSection } from "../components/marketing/use-case-section";
import { cardStyle } from "../components/ui/card-style";
import { PageHeader } from "../components/ui/page-header";
import { featuresCopy, featuresMeta } from "../content/features";
import { commonCopy } from "../content/shared";
import { pageMeta, siteFromMatches } from "../lib/meta";
import type { Route } from "./+types/features";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteFromMatches(matches), featuresMeta);

export default function FeaturesPage() {
  const { header, cards, cta } = featuresCopy;
  return (
    <>
      <PageHeader eyebrow={header.eyebrow} title={header.title} lead={header.lead} />

      <section aria-labelledby="feature-cards-heading" className="mx-auto max-w-6xl px-4 sm:px-6">
        <h2 id="feature-cards-heading" className="sr-only">
          {cards.title}
        </h2>
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {cards.items.map((card) => (
            <Reveal as="li" key={card.title} className={`flex flex-col ${cardStyle}`}>
              <article className="flex flex-1 flex-col">
                <span className="inline-flex h-12 w-12 items-center justify-center rounded-xl bg-indigo-700 text-white">
                  <Icon name={card.icon} />
                </span>
                <h3 className="mt-5 text-xl font-semibold text-slate-900">{card.title}</h3>
                <p className="mt-2 flex-1 text-slate-600">{card.text}</p>
                <ul className="mt-4 space-y-1.5 border-t border-slate-100 pt-4 text-sm text-slate-700">
                  {card.points.map((point) => (
                    <li key={point} className="flex gap-2">
                      <Icon name="check" size={18} className="text-emerald-700" />
                      {point}
                    </li>
                  ))}
                </ul>
              </article>
            </Reveal>
          ))}
        </ul>
      </section>

      <UseCaseSection heading={featuresCopy.useCases} />

      <CallToAction title={cta.title} body={cta.body} actions={["demo", { to: "/how-it-works", label: commonCopy.seeHowItWorks }]} />
    </>
  );
}
