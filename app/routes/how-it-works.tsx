import { CallToAction } from "../components/marketing/call-to-action";
import { Section } from "../components/marketing/section-heading";
import { StepExplorer } from "../components/marketing/step-explorer";
import { CardList } from "../components/marketing/card-list";
import { PageHeader } from "../components/ui/page-header";
import { howItWorksCopy, howItWorksMeta } from "../content/how-it-works";
import { commonCopy } from "../content/shared";
import { pageMeta, siteFromMatches } from "../lib/meta";
import type { Route } from "./+types/how-it-works";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteFromMatches(matches), howItWorksMeta);

export default function HowItWorksPage() {
  const { header, steps, outcomes, cta } = howItWorksCopy;
  return (
    <>
      <PageHeader eyebrow={header.eyebrow} title={header.title} lead={header.lead} />

      <Section name="steps" first title={steps.title}>
        <StepExplorer steps={steps.items} listLabel={steps.listLabel} stepLabel={steps.stepLabel} />
      </Section>

      <Section name="outcomes" eyebrow={outcomes.eyebrow} title={outcomes.title}>
        <CardList cards={outcomes.items} />
      </Section>

      <CallToAction title={cta.title} body={cta.body} actions={["demo", { to: "/features", label: commonCopy.exploreFeatures }]} />
    </>
  );
}
