import { Link } from "react-router";
import { Reveal } from "../components/layout/reveal";
import { CallToAction } from "../components/marketing/call-to-action";
import { SectionHeading } from "../components/marketing/section-heading";
import { StepExplorer } from "../components/marketing/step-explorer";
import { CardList } from "../components/marketing/card-list";
import { buttonStyles } from "../components/ui/button-styles";
import { ExternalLink } from "../components/ui/external-link";
import { PageHeader } from "../components/ui/page-header";
import { howItWorksCopy } from "../content/how-it-works";
import { pageMetaDefaults } from "../content/page-meta";
import { commonCopy } from "../content/shared";
import { pageMeta, siteFromMatches } from "../lib/meta";
import { useSite } from "../lib/site";
import type { Route } from "./+types/how-it-works";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteFromMatches(matches), pageMetaDefaults.howItWorks);

export default function HowItWorksPage() {
  const site = useSite();
  const { header, steps, outcomes, cta } = howItWorksCopy;
  return (
    <>
      <PageHeader eyebrow={header.eyebrow} title={header.title} lead={header.lead} />

      <Reveal aria-labelledby="steps-heading" className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeading id="steps-heading" title={steps.title} />
        <StepExplorer steps={steps.items} listLabel={steps.listLabel} stepLabel={steps.stepLabel} />
      </Reveal>

      <Reveal aria-labelledby="outcomes-heading" className="mx-auto mt-24 max-w-6xl px-4 sm:px-6">
        <SectionHeading id="outcomes-heading" eyebrow={outcomes.eyebrow} title={outcomes.title} />
        <CardList cards={outcomes.items} />
      </Reveal>

      <CallToAction title={cta.title} body={cta.body}>
        <ExternalLink href={site.demoUrl} className={buttonStyles.inverse}>
          {commonCopy.requestDemo}
        </ExternalLink>
        <Link to="/features" className={buttonStyles.inverseOutline}>
          {commonCopy.exploreFeatures}
        </Link>
      </CallToAction>
    </>
  );
}
