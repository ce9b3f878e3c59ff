import { PageHeader } from "../components/ui/page-header";
import { pageMetaDefaults } from "../content/page-meta";
import { pageMeta, siteFromMatches } from "../lib/meta";
import type { Route } from "./+types/terms";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteFromMatches(matches), pageMetaDefaults.terms);

export default function TermsPage() {
  return (
    <PageHeader
      title="Terms of Use"
      lead="The terms that govern the use of our platform and website."
    />
  );
}
