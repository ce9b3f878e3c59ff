import { PageHeader } from "../components/ui/page-header";
import { pageMetaDefaults } from "../content/page-meta";
import { pageMeta, siteFromMatches } from "../lib/meta";
import type { Route } from "./+types/solutions";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteFromMatches(matches), pageMetaDefaults.solutions);

export default function SolutionsPage() {
  return (
    <PageHeader
      title="Solutions"
      lead="Training that people talk through, for every team that has to learn something new."
    />
  );
}
