import { PageHeader } from "../components/ui/page-header";
import { pageMetaDefaults } from "../content/page-meta";
import { pageMeta, siteFromMatches } from "../lib/meta";
import type { Route } from "./+types/how-it-works";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteFromMatches(matches), pageMetaDefaults.howItWorks);

export default function HowItWorksPage() {
  return (
    <PageHeader
      title="How it works"
      lead="From your documents to measurable understanding in three steps."
    />
  );
}
