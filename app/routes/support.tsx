import { PageHeader } from "../components/ui/page-header";
import { pageMetaDefaults } from "../content/page-meta";
import { pageMeta, siteFromMatches } from "../lib/meta";
import type { Route } from "./+types/support";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteFromMatches(matches), pageMetaDefaults.support);

export default function SupportPage() {
  return (
    <PageHeader
      title="Support"
      lead="Answers to common questions, and how to reach us."
    />
  );
}
