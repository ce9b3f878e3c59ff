import { PageHeader } from "../components/ui/page-header";
import { pageMetaDefaults } from "../content/page-meta";
import { pageMeta, siteFromMatches } from "../lib/meta";
import type { Route } from "./+types/features";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteFromMatches(matches), pageMetaDefaults.features);

export default function FeaturesPage() {
  return (
    <PageHeader
      title="Features"
      lead="Everything you need to turn content into conversations that teach."
    />
  );
}
