import { CallToAction } from "../components/marketing/call-to-action";
import { Icon } from "../components/marketing/icon";
import { Section } from "../components/marketing/section-heading";
import { CardList } from "../components/marketing/card-list";
import { cardStyle } from "../components/ui/card-style";
import { PageHeader } from "../components/ui/page-header";
import { aboutCopy, aboutMeta } from "../content/about";
import { commonCopy } from "../content/shared";
import { pageMeta, siteFromMatches } from "../lib/meta";
import type { Route } from "./+types/about";
import { SiteLink } from "../components/ui/site-link";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteFromMatches(matches), aboutMeta);

export default function AboutPage() {
  const { header, mission, approach, audience, commitments, cta } = aboutCopy;
  return (
    <>
      <PageHeader eyebrow={header.eyebrow} title={header.title} lead={header.lead} />

      <Section name="mission" first narrow eyebrow={mission.eyebrow} title={mission.title} align="left">
        {mission.paragraphs.map((paragraph) => (
          <p key={paragraph} className="mt-6 text-lg leading-relaxed text-slate-700">
            {paragraph}
          </p>
        ))}
      </Section>

      <Section name="approach" eyebrow={approach.eyebrow} title={approach.title}>
        <ul className="mt-12 grid gap-6 sm:grid-cols-2">
          {approach.items.map((item) => (
            <li key={item.title} className={`flex gap-4 ${cardStyle}`}>
              <span className="inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-xl bg-indigo-50 text-indigo-700">
                <Icon name={item.icon} />
              </span>
              <div>
                <h3 className="text-lg font-semibold text-slate-900">{item.title}</h3>
                <p className="mt-2 text-slate-600">{item.text}</p>
              </div>
            </li>
          ))}
        </ul>
      </Section>

      <Section name="audience" eyebrow={audience.eyebrow} title={audience.title}>
        <CardList cards={audience.items} />
        <p className="mx-auto mt-10 max-w-3xl text-center text-lg text-slate-600">{audience.organizations}</p>
      </Section>

      <Section name="commitments" narrow eyebrow={commitments.eyebrow} title={commitments.title}>
        <ul className="mt-10 divide-y divide-slate-200 rounded-2xl border border-slate-200">
          {commitments.items.map((item) => (
            <li key={item.to} className="flex flex-col gap-2 p-5 sm:flex-row sm:items-center sm:justify-between">
              <span className="text-slate-700">{item.text}</span>
              <SiteLink to={item.to} className="shrink-0 font-semibold text-indigo-700 hover:text-indigo-800 hover:underline">
                {item.linkLabel}
              </SiteLink>
            </li>
          ))}
        </ul>
      </Section>

      <CallToAction title={cta.title} body={cta.body} actions={[{ to: "/contact", label: commonCopy.contactUs }, "demo"]} />
    </>
  );
}
